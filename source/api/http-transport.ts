/**
 * One HTTP exchange over undici with explicit timeouts (undici's own defaults are 5 minutes), the
 * User-Agent Discord requires, a cap on the answer's size (answer-cap below), and a `--debug` line per
 * request that never shows a secret.
 * Transport failures come back as TransportError with undici's code, for the retry policy to judge.
 */
import { Agent, request } from './undici-core.js';
import { REPOSITORY_URL, VERSION } from '../version.js';
import type { LimitedResponse } from './rate-limit-queue.js';
import { assertTokenSafeUrl, describeUrl } from './target.js';
import { RequestCancelledError } from './errors.js';
import { AnswerTooLargeError, formatBytes, readCapped } from './read-capped.js';

export const USER_AGENT = `DiscordBot (${REPOSITORY_URL}, ${VERSION})`;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Discord's largest answers (a full command list with every localization, 1,000 members) are a few MB. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const CONNECT_TIMEOUT_MS = 10_000;

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The largest answer accepted, in bytes; default MAX_ANSWER_BYTES. */
  maxBytes?: number;
}

export type HttpResponse = LimitedResponse;

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Transport {
  /** `signal` aborts the exchange for real (the socket closes); only reads are given one (rest-client.ts). */
  send(req: HttpRequest, signal?: AbortSignal): Promise<HttpResponse>;
  close(): Promise<void>;
}

export interface TransportOptions {
  timeoutMs?: number;
  debug?: (line: string) => void;
}

export function createTransport(options: TransportOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agent = new Agent({
    connect: { timeout: Math.min(CONNECT_TIMEOUT_MS, timeoutMs) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const debug = options.debug;
  return {
    async send(req, signal) {
      // Every request may carry a secret (header or form body): the transport rule applies to all.
      assertTokenSafeUrl(req.url);
      const started = performance.now();
      debug?.(`→ ${req.method} ${describeUrl(req.url)}${redactedAuthorization(req.headers)}`);
      // A deadline cleared with the answer: AbortSignal.timeout() kept each request's timer and signal
      // alive for the whole timeout (60,000 of them at 2,000 requests/s), for the collector to carry.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      try {
        const response = await request(agent, req.url, {
          method: req.method as 'GET',
          headers: { 'user-agent': USER_AGENT, ...req.headers },
          body: req.body,
          signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
        });
        const text = await readAnswer(response, req.maxBytes ?? MAX_ANSWER_BYTES, req.url);
        const headers = flattenHeaders(response.headers);
        debug?.(`← ${response.statusCode} ${req.method} ${describeUrl(req.url)} ${Math.round(performance.now() - started)} ms${bucketNote(headers)}`);
        return { status: response.statusCode, headers, text };
      } catch (error) {
        if (signal?.aborted) {
          debug?.(`✗ ${req.method} ${describeUrl(req.url)} cancelled`);
          throw new RequestCancelledError(true);
        }
        const failure = toTransportError(error, timeoutMs, req.url);
        debug?.(`✗ ${req.method} ${describeUrl(req.url)} ${failure.code}`);
        throw failure;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => agent.close(),
  };
}

/**
 * The answer's text, refused past `cap` bytes (read-capped.ts). The message names the URL without its
 * query (where a secret could be) and the size.
 */
async function readAnswer(response: { headers: Record<string, string | string[] | undefined>; body: AsyncIterable<Buffer> & { destroy(): unknown } }, cap: number, url: string): Promise<string> {
  try {
    const length = response.headers['content-length'];
    return await readCapped({ declaredLength: Array.isArray(length) ? length[0] : length, chunks: response.body, discard: () => response.body.destroy() }, cap);
  } catch (error) {
    if (!(error instanceof AnswerTooLargeError)) throw error;
    response.body.destroy();
    throw new TransportError('ANSWER_TOO_LARGE', `The answer from ${describeUrl(url)} is ${error.size}: more than the ${formatBytes(cap)} cmd-tui accepts, so it was not read.`);
  }
}

/** `Authorization: Bot ****` — the scheme is useful when debugging, the token never is. */
export function redactedAuthorization(headers: Record<string, string> | undefined): string {
  const value = headers?.authorization ?? headers?.Authorization;
  if (value === undefined) return '';
  const scheme = value.split(' ')[0] ?? '';
  return ` Authorization: ${scheme} ****`;
}

function bucketNote(headers: Record<string, string>): string {
  const bucket = headers['x-ratelimit-bucket'];
  return bucket ? ` bucket=${bucket} remaining=${headers['x-ratelimit-remaining'] ?? '?'}` : '';
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function toTransportError(error: unknown, timeoutMs: number, url: string): TransportError {
  // The caller names the route; the message adds only the server that failed.
  if (error instanceof TransportError) return error;
  const where = new URL(url).host;
  const cause = error as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  const code = typeof cause.code === 'string' ? cause.code : typeof cause.cause?.code === 'string' ? cause.cause.code : undefined;
  if (cause.name === 'TimeoutError' || cause.name === 'AbortError') {
    return new TransportError('ETIMEDOUT', `No answer from ${where} within ${timeoutMs} ms.`);
  }
  switch (code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return new TransportError(code, `No answer from ${where} within ${timeoutMs} ms.`);
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new TransportError(code, `Could not connect to ${where} in time.`);
    case 'ECONNREFUSED':
      return new TransportError(code, `Nothing is listening at ${where}.`);
    case 'ENOTFOUND':
      return new TransportError(code, `The host of ${where} could not be found.`);
    case undefined:
      return new TransportError('UNKNOWN', `The request to ${where} failed.`);
    default:
      return new TransportError(code, `The connection to ${where} failed (${code}).`);
  }
}
