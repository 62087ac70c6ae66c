/**
 * The HTTP side of attachments (attachments.ts keeps them): the client's upload, `POST
 * /__emulator/attachments?filename=NAME` with the file's bytes as the body and its type as
 * `Content-Type` (answered 201 with the upload's id, which `POST /__emulator/interactions` names in
 * `attachments`), and the CDN addresses the interaction gives the bot, `GET`/`HEAD
 * /ephemeral-attachments/{channel}/{id}/{filename}` and the same under `/media/`, which answer the exact
 * bytes with their type. A file is never something a browser runs there: `nosniff`, a sandboxing
 * Content-Security-Policy, and every type but plain images, audio, video and text sent as a download.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ATTACHMENT_SIZE_LIMIT } from '../../discord/attachments.js';
import { ApiFailure } from '../api-errors.js';
import { readBody } from '../http-reply.js';
import type { Reply } from '../request-context.js';
import type { AttachmentStore, StoredAttachment } from './attachments.js';

/** Where the interaction's `url` and `proxy_url` point: the channel, the attachment's id, its filename. */
export const ATTACHMENT_PATH = /^\/(?:media\/)?ephemeral-attachments\/(\d+)\/(\d+)\/([^/]+)$/;

/** What Discord's CDN answers for an address it does not serve (expired, or never given). */
const GONE = 'This content is no longer available.';

/** Types a browser shows without running anything: served inline; any other is a download. */
const SHOWN_INLINE = /^(?:image\/(?:png|jpeg|gif|webp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain)$/;

export async function uploadAttachment(request: IncomingMessage, query: URLSearchParams, store: AttachmentStore): Promise<Reply> {
  let bytes: Buffer;
  try {
    bytes = await readBody(request, ATTACHMENT_SIZE_LIMIT);
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.status !== 413) throw error;
    return { status: 413, body: { message: `${query.get('filename') ?? 'the file'} cannot be uploaded: it is more than the 10 MiB (${ATTACHMENT_SIZE_LIMIT} bytes) Discord's client uploads with a command` } };
  }
  const uploaded = store.upload(query.get('filename'), request.headers['content-type'], bytes);
  if (!uploaded.ok) return { status: uploaded.status, body: { message: uploaded.message } };
  const { id, filename, size, content_type } = uploaded.attachment;
  return { status: 201, body: { id, filename, size, content_type } };
}

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

function sendText(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)), 'X-Content-Type-Options': 'nosniff' });
  response.end(text);
}

/** Answers a request for a CDN address (`match` from ATTACHMENT_PATH); the status sent. */
export function serveAttachment(request: IncomingMessage, response: ServerResponse, match: RegExpExecArray, query: URLSearchParams, store: AttachmentStore): number {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendText(response, 405, '405: Method Not Allowed', { Allow: 'GET, HEAD' });
    return 405;
  }
  let filename: string;
  try {
    filename = decodeURIComponent(match[3]!);
  } catch {
    filename = '';
  }
  const attachment = store.find(match[1]!, match[2]!, filename, query.get('hm'));
  if (!attachment) {
    sendText(response, 404, GONE);
    return 404;
  }
  response.writeHead(200, fileHeaders(attachment));
  response.end(request.method === 'HEAD' ? undefined : attachment.bytes);
  return 200;
}
