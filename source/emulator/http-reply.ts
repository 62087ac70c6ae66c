/**
 * The HTTP edge of the emulator: reading a request body (bounded), writing a Reply as JSON or HTML
 * (the consent page with headers that keep it unframed and its query private), and the replies for
 * thrown failures and injected faults.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiFailure, apiError } from './api-errors.js';
import type { FaultRule } from './faults.js';
import { DISCORD_PROXY_HEADERS } from './rate-limits.js';
import type { Reply } from './request-context.js';

/**
 * The largest request body the emulator keeps: 8 MiB, far above any command payload (a bulk
 * overwrite of 130 maximal commands is about 1 MiB without localizations). A larger one is answered
 * 413 / 40005 as Discord answers one at once, and the rest of the upload is read and dropped (closing
 * the connection instead would fail the client's write with EPIPE before it reads the answer); the
 * server's 30 s request limit bounds how long that may take.
 */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const tooLarge = () => apiError('entityTooLarge');

/** The body, read up to `maxBytes` (a file uploaded for an interaction may be larger than any API body). */
export function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size > maxBytes) return;
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export function send(response: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | Buffer | undefined;
  if (reply.bytes !== undefined) {
    payload = reply.bytes;
  } else if (reply.html !== undefined) {
    headers['Content-Type'] = 'text/html; charset=utf-8';
    // The consent page must not be framed or leak its query (state, challenge) to other origins.
    headers['X-Frame-Options'] = 'DENY';
    // No form-action here: browsers apply it to the redirect after the POST, which goes to the app's redirect URI.
    headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
    // Its query (state, challenge) is never sent to another origin; to its own, the form's POST keeps its
    // Origin header (under no-referrer a browser sends `Origin: null`, which the guard refuses as any opaque origin).
    headers['Referrer-Policy'] = 'same-origin';
    payload = reply.html;
  } else if (reply.body !== undefined && reply.status !== 204) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(reply.body);
  }
  // A length, not chunks, as Discord sends: a client reading the raw bytes gets the body as it is.
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  response.writeHead(reply.status, headers);
  response.end(payload);
}

export function failureReply(error: unknown): Reply {
  if (error instanceof ApiFailure) return { status: error.status, body: error.body, headers: error.headers };
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, body: { message: `500: Internal Server Error (${message})`, code: 0 } };
}

export function faultReply(fault: FaultRule): Reply {
  if (fault.kind === '429') {
    const retryAfter = fault.ms / 1000;
    return {
      status: 429,
      headers: { ...DISCORD_PROXY_HEADERS, 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))), 'X-RateLimit-Scope': 'shared' },
      body: { message: 'The resource is being rate limited.', retry_after: retryAfter, global: false },
    };
  }
  const text = { '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Unavailable' }[fault.kind as '500'];
  return { status: Number(fault.kind), body: { message: `${fault.kind}: ${text}`, code: 0 } };
}
