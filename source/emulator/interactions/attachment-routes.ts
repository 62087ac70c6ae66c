/**
 * The HTTP side of attachments (attachments.ts keeps them): the client's upload, `POST
 * /__emulator/attachments?filename=NAME` with the file's bytes as the body and its type as
 * `Content-Type` (answered 201 with the upload's id, which `POST /__emulator/interactions` names in
 * `attachments`), and the CDN addresses the interaction gives the bot, `GET`/`HEAD
 * /ephemeral-attachments/{channel}/{id}/{filename}` and the same under `/media/`, which answer the exact
 * bytes with their type. A file is never something a browser runs there: `nosniff`, a sandboxing
 * Content-Security-Policy, and every type but plain images, audio, video and text sent as a download.
 */
import { ATTACHMENT_SIZE_LIMIT } from '../../discord/attachments.js';
import type { Handler, Reply } from '../request-context.js';
import type { StoredAttachment } from './attachments.js';

/** What Discord's CDN answers for an address it does not serve (expired, or never given). */
const GONE = 'This content is no longer available.';

/** Types a browser shows without running anything: served inline; any other is a download. */
const SHOWN_INLINE = /^(?:image\/(?:png|jpeg|gif|webp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain)$/;

/** The upload route's body limit: what a member may upload, told in the client's words when exceeded. */
export const UPLOAD_BODY = {
  maxBytes: ATTACHMENT_SIZE_LIMIT,
  tooLarge: (query: URLSearchParams): Reply => ({
    status: 413,
    body: { message: `${query.get('filename') ?? 'the file'} cannot be uploaded: it is more than the 10 MiB (${ATTACHMENT_SIZE_LIMIT} bytes) Discord's client uploads with a command` },
  }),
};

export const uploadAttachment: Handler = (ctx, world) => {
  const uploaded = world.attachments!.upload(ctx.query.get('filename'), ctx.headers['content-type'], ctx.rawBody);
  if (!uploaded.ok) return { status: uploaded.status, body: { message: uploaded.message } };
  const { id, filename, size, content_type } = uploaded.attachment;
  return { status: 201, body: { id, filename, size, content_type } };
};

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): the ASCII name for old clients, the exact one for the rest. */
function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function fileHeaders(attachment: StoredAttachment): Record<string, string> {
  const mediaType = attachment.content_type.split(';')[0]!.trim().toLowerCase();
  return {
    'Content-Type': attachment.content_type,
    'Content-Length': String(attachment.size),
    'Content-Disposition': disposition(SHOWN_INLINE.test(mediaType) ? 'inline' : 'attachment', attachment.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    // Gone in 15 minutes: nothing keeps a copy.
    'Cache-Control': 'no-store',
  };
}

function text(status: number, words: string): Reply {
  return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }, bytes: Buffer.from(words) };
}

/** A CDN address (GET or HEAD): the file, if the address is one an interaction gave, signed, and not expired. */
export const serveAttachment: Handler = (ctx, world) => {
  const { channel, attachment: id, filename } = ctx.params as { channel: string; attachment: string; filename: string };
  const digits = /^\d+$/;
  const attachment = digits.test(channel) && digits.test(id) ? world.attachments!.find({ channelId: channel, id, filename }, ctx.query) : undefined;
  return attachment ? { status: 200, headers: fileHeaders(attachment), bytes: attachment.bytes } : text(404, GONE);
};
