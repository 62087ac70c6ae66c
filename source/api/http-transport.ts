/**
 * One HTTP exchange over undici with explicit timeouts (undici's own defaults are 5 minutes), the
 * User-Agent Discord requires, a cap on the answer's size (answer-cap below), and a `--debug` line per
 * request that never shows a secret.
 * Transport failures come back as TransportError with undici's code, for the retry policy to judge.
 */
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'undici/types/header.js';
import { Agent } from './undici-core.js';
import { REPOSITORY_URL, VERSION } from '../version.js';
import type { LimitedResponse } from './rate-limit-queue.js';
import { describeUrl, tokenSafeUrl } from './target.js';
import { RequestCancelledError } from './errors.js';
import { AnswerTooLargeError, CappedBytes, formatBytes } from '../discord/read-capped.js';

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
      const target = tokenSafeUrl(req.url);
      const started = performance.now();
      debug?.(`→ ${req.method} ${describeUrl(req.url)}${redactedAuthorization(req.headers)}`);
      const exchange = new Exchange(req.maxBytes ?? MAX_ANSWER_BYTES);
      // A deadline cleared with the answer: AbortSignal.timeout() kept each request's timer and signal
      // alive for the whole timeout (60,000 of them at 2,000 requests/s), for the collector to carry.
      const timer = setTimeout(() => exchange.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError')), timeoutMs);
      const cancel = () => exchange.abort(new RequestCancelledError(true));
      if (signal?.aborted) cancel();
      else signal?.addEventListener('abort', cancel, { once: true });
      try {
        agent.dispatch({ origin: target.origin, path: `${target.pathname}${target.search}`, method: req.method as Dispatcher.HttpMethod, headers: { 'user-agent': USER_AGENT, ...req.headers }, body: req.body }, exchange);
        const response = await exchange.answer;
        debug?.(`← ${response.status} ${req.method} ${describeUrl(req.url)} ${Math.round(performance.now() - started)} ms${bucketNote(response.headers)}`);
        return response;
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
        signal?.removeEventListener('abort', cancel);
      }
    },
    close: () => agent.close(),
  };
}

/**
 * One request's side of undici's dispatch: the answer's status, headers and capped body, collected as
 * the connection delivers them. undici's request() wraps each answer in a Readable stream, read here
 * through an async iterator: more work per request than all the rest of the transport.
 */
class Exchange implements Dispatcher.DispatchHandler {
  readonly answer: Promise<HttpResponse>;
  private resolve!: (response: HttpResponse) => void;
  private reject!: (error: Error) => void;
  private controller: Dispatcher.DispatchController | undefined;
  /** Why it was stopped before undici handed over its controller. */
  private abortedWith: Error | undefined;
  private status = 0;
  private headers: Record<string, string> = {};
  private body: CappedBytes | undefined;

  constructor(private readonly cap: number) {
    this.answer = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  abort(reason: Error): void {
    if (this.controller) this.controller.abort(reason);
    else this.abortedWith ??= reason;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortedWith) controller.abort(this.abortedWith);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // 1xx: an interim answer; the real one follows.
    if (statusCode < 200) return;
    this.status = statusCode;
    this.headers = flattenHeaders(headers);
    try {
      const length = headers['content-length'];
      this.body = new CappedBytes(this.cap, Array.isArray(length) ? length[0] : length);
    } catch (error) {
      controller.abort(error as Error);
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    try {
      this.body?.add(chunk);
    } catch (error) {
      // Past the cap: the connection is closed, the rest never read.
      controller.abort(error as Error);
    }
  }

  onResponseEnd(): void {
    this.resolve({ status: this.status, headers: this.headers, text: this.body?.text() ?? '' });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.reject(error);
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

function flattenHeaders(raw: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  // Keys, not entries: an array per header per request was garbage for the collector.
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function toTransportError(error: unknown, timeoutMs: number, url: string): TransportError {
  // The caller names the route; the message adds only the server that failed.
  if (error instanceof TransportError) return error;
  if (error instanceof AnswerTooLargeError) {
    return new TransportError('ANSWER_TOO_LARGE', `The answer from ${describeUrl(url)} is ${error.size}: more than the ${formatBytes(error.cap)} cmd-tui accepts, so it was not read.`);
  }
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
