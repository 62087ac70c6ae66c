/**
 * Files the client uploads for ATTACHMENT options, and the CDN that serves them back to the bot
 * (DOCS/MSG "Attachment Object"). As on Discord, the client uploads first (here `POST
 * /__emulator/attachments`), the interaction names the upload, and its `data.resolved.attachments` entry
 * carries `url` and `proxy_url`, at which the bot GETs the exact bytes: here both are this emulator's
 * (`/ephemeral-attachments/{channel}/{id}/{filename}` and the same under `/media/`), signed as Discord's
 * are (`ex` expiry and `is` issue time in hex seconds, `hm` an HMAC over the address and both times with a
 * per-file key), so a URL is good only as the interaction gave it: another address or an edited `ex` is
 * refused, and so is any address once its `ex` has passed. Memory only, never on disk: a file lives 15 minutes (an interaction token's
 * life) from its upload, or from the interaction that sent it, and all files together are held to
 * MAX_STORED_BYTES, the oldest dropped first to make room.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BYTE_STREAM, EMULATOR_UPLOADS_LIMIT, sizeProblem } from '../../discord/attachments.js';
import type { Clock } from '../clock.js';
import { TOKEN_LIFETIME_MS } from './store.js';
import { imageDimensions } from './image-dimensions.js';

/** Ten files of the largest size a member may upload: what the emulator holds at most, all uploads together. */
export const MAX_STORED_BYTES = EMULATOR_UPLOADS_LIMIT;

/** A filename as Discord keeps one: not a path, no control characters, at most 1,024 characters (the emulator's bound). */
const MAX_FILENAME_LENGTH = 1024;
/** `type/subtype` with optional parameters (RFC 9110 §8.3.1), without control characters. */
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(?:\s*;\s*[\w.+-]+=(?:[\w.+-]+|"[^"\\\u0000-\u001f\u007f]*"))*$/;

/** What Discord says of a file in its attachment object. */
interface AttachmentFacts {
  id: string;
  filename: string;
  size: number;
  content_type: string;
  /** For an image (PNG, JPEG, GIF, WebP), as Discord sends them. */
  width?: number;
  height?: number;
}

export interface StoredAttachment extends AttachmentFacts {
  bytes: Buffer;
  /** The key of its URLs' `hm`, which never leaves the emulator. */
  secret: Buffer;
  issuedAt: number;
  expiresAt: number;
  /** Set when an interaction sent it: its URLs are under that channel, and no other interaction may send it. */
  channelId?: string;
}

/** The attachment object an interaction's `resolved.attachments` carries. */
export interface AttachmentObject extends AttachmentFacts {
  url: string;
  proxy_url: string;
  ephemeral: true;
}

/** Where a CDN address says a file is. */
export interface AttachmentAddress {
  channelId: string;
  id: string;
  filename: string;
}

export type UploadResult = { ok: true; attachment: StoredAttachment } | { ok: false; status: number; message: string };

/** Why `filename` cannot name an upload, or undefined. */
export function filenameProblem(filename: string | null): string | undefined {
  if (filename === null || filename === '') return 'the upload needs ?filename=NAME (the file\'s name)';
  if (filename.length > MAX_FILENAME_LENGTH) return `the filename is ${filename.length} characters: at most ${MAX_FILENAME_LENGTH}`;
  if (/[/\\\u0000-\u001f\u007f]/.test(filename) || filename === '.' || filename === '..') return 'the filename must be a file\'s name, without a folder or control characters';
  return undefined;
}

const hexSeconds = (ms: number) => Math.floor(ms / 1000).toString(16);

/** The `hm` of an address with its times: an HMAC with the file's key, so no part of the URL can be changed. */
function signature(attachment: StoredAttachment, address: AttachmentAddress, times: { ex: string; is: string }): string {
  return createHmac('sha256', attachment.secret).update(`${address.channelId}/${address.id}/${address.filename}?ex=${times.ex}&is=${times.is}`).digest('hex');
}

export class AttachmentStore {
  private readonly files = new Map<string, StoredAttachment>();
  private storedBytes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly nextId: () => string,
    private readonly maxStoredBytes = MAX_STORED_BYTES,
  ) {}

  /** Keeps an upload's bytes; refuses one over the size a member may upload or with a name or type a client would not send. */
  upload(filename: string | null, contentType: string | undefined, bytes: Buffer): UploadResult {
    const badName = filenameProblem(filename);
    if (badName) return { ok: false, status: 400, message: badName };
    const type = contentType?.trim() || BYTE_STREAM;
    if (type.length > 255 || !CONTENT_TYPE.test(type)) return { ok: false, status: 400, message: 'the Content-Type header must be a media type such as image/png' };
    const tooLarge = sizeProblem(bytes.length);
    if (tooLarge) return { ok: false, status: 413, message: `${filename} cannot be uploaded: ${tooLarge}` };
    this.expire();
    // Room for the new file: the oldest go first (their bots have had the longest to fetch them).
    for (const [id, old] of this.files) {
      if (this.storedBytes + bytes.length <= this.maxStoredBytes) break;
      this.drop(id, old);
    }
    const now = this.clock();
    const attachment: StoredAttachment = {
      id: this.nextId(),
      filename: filename!,
      size: bytes.length,
      content_type: type,
      ...imageDimensions(bytes),
      bytes,
      secret: randomBytes(32),
      issuedAt: now,
      expiresAt: now + TOKEN_LIFETIME_MS,
    };
    this.files.set(attachment.id, attachment);
    this.storedBytes += bytes.length;
    return { ok: true, attachment };
  }

  /** An upload not yet sent, or why an interaction cannot send it. */
  unsent(id: string): StoredAttachment | string {
    this.expire();
    const attachment = this.files.get(id);
    if (!attachment) return `there is no upload ${id}: it was dropped after 15 minutes (or to make room), or never made; upload the file again`;
    if (attachment.channelId !== undefined) return `upload ${id} (${attachment.filename}) was already sent with a command: upload the file again`;
    return attachment;
  }

  /** Drops upload `id` if it was never sent: the client uploads again when the command it came with was refused. */
  dropUnsent(id: string): void {
    const attachment = this.files.get(id);
    if (attachment && attachment.channelId === undefined) this.drop(id, attachment);
  }

  /** Drops every file (`POST /__emulator/reset`). */
  clear(): void {
    this.files.clear();
    this.storedBytes = 0;
  }

  /** Sends the upload with an interaction in `channelId`: from now it lives as long as that interaction's token. */
  send(attachment: StoredAttachment, channelId: string): void {
    const now = this.clock();
    attachment.channelId = channelId;
    attachment.issuedAt = now;
    attachment.expiresAt = now + TOKEN_LIFETIME_MS;
  }

  /** The attachment object for an interaction's `resolved`, with its URLs at `origin`. */
  attachmentObject(attachment: StoredAttachment, origin: string): AttachmentObject {
    const path = `ephemeral-attachments/${attachment.channelId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
    const times = { ex: hexSeconds(attachment.expiresAt), is: hexSeconds(attachment.issuedAt) };
    const hm = signature(attachment, { channelId: attachment.channelId!, id: attachment.id, filename: attachment.filename }, times);
    // Discord's signed CDN query; the trailing & is Discord's too.
    const query = `?ex=${times.ex}&is=${times.is}&hm=${hm}&`;
    const { id, filename, size, content_type, width, height } = attachment;
    return {
      id,
      filename,
      size,
      content_type,
      ...(width === undefined ? {} : { width, height }),
      url: `${origin}/${path}${query}`,
      proxy_url: `${origin}/media/${path}${query}`,
      ephemeral: true,
    };
  }

  /** The file at a CDN address, if an interaction gave that address with that query (`ex`, `is`, `hm`), its `ex` is still ahead, and the file lives. */
  find(address: AttachmentAddress, query: URLSearchParams): StoredAttachment | undefined {
    this.expire();
    const attachment = this.files.get(address.id);
    const [ex, is, hm] = [query.get('ex'), query.get('is'), query.get('hm')];
    if (!attachment || attachment.channelId !== address.channelId || attachment.filename !== address.filename || ex === null || is === null || hm === null) return undefined;
    if (!/^[0-9a-f]{1,12}$/.test(ex) || Number.parseInt(ex, 16) * 1000 <= this.clock()) return undefined;
    const expected = Buffer.from(signature(attachment, address, { ex, is }));
    const given = Buffer.from(hm);
    return given.length === expected.length && timingSafeEqual(given, expected) ? attachment : undefined;
  }

  /** Bytes held now, all files together. */
  get size(): number {
    return this.storedBytes;
  }

  private expire(): void {
    const now = this.clock();
    for (const [id, attachment] of this.files) if (now >= attachment.expiresAt) this.drop(id, attachment);
  }

  private drop(id: string, attachment: StoredAttachment): void {
    this.files.delete(id);
    this.storedBytes -= attachment.size;
  }
}
