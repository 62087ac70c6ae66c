/**
 * One logical Discord call: pick the token, pass the invalid-request guard and the rate limiter,
 * send, retry what is safe to retry (retry-policy.ts), refresh once after a 401, and turn every
 * failure into a typed error (DiscordApiError, AuthRequiredError, RateLimitError, ConnectionError).
 */
import type { AuthKind } from './contract.js';
import type { AuthHeaders } from './auth-headers.js';
import type { Clock } from './clock.js';
import { capitalized } from '../discord/sentence.js';
import { discordApiErrorFrom, parseJson } from './discord-error.js';
import { ConnectionError, RequestCancelledError } from './errors.js';
import { TransportError, type HttpResponse, type Transport } from './http-transport.js';
import type { InvalidRequestGuard } from './invalid-request-guard.js';
import type { RateLimiter } from './rate-limit-queue.js';
import { backoffDelayMs, isTransient, MAX_RETRIES, shouldRetry, type AttemptFailure } from './retry-policy.js';
import { rateLimitIdentity } from './routes.js';
import { answererOf } from './target.js';

export interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Accepted token kinds, most preferred first. */
  auth: AuthKind[];
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A status that, on a retry, means an earlier attempt already succeeded (404 for DELETE). */
  doneOnRetryStatus?: number;
  /** Cancels a read for real; a write only until it leaves (it cannot be recalled once sent). */
  signal?: AbortSignal;
  /** Told when the request leaves (each attempt), so a screen can say "sent; waiting for Discord's answer". */
  onSent?: () => void;
}

export interface RestResult {
  status: number;
  body: unknown;
}

export interface RestClientOptions {
  baseUrl: string;
  transport: Transport;
  limiter: RateLimiter;
  guard: InvalidRequestGuard;
  auth: AuthHeaders;
  clock: Clock;
  random?: () => number;
  warn?: (message: string) => void;
}

export class RestClient {
  /** What answers at the base URL, as errors name it (target.ts). */
  private readonly answerer: string;

  constructor(private readonly options: RestClientOptions) {
    this.answerer = answererOf(options.baseUrl);
  }

  async request(req: RestRequest): Promise<RestResult> {
    const { auth, guard, limiter, clock, transport } = this.options;
    const identity = rateLimitIdentity(req.method, req.path);
    const url = this.urlFor(req);
    let retries = 0;
    let reauthorized = false;
    // A write that left waits for its answer even when cancelled: only that answer (or a read-back) says what happened.
    const socketSignal = req.method === 'GET' ? req.signal : undefined;
    for (;;) {
      if (req.signal?.aborted) throw new RequestCancelledError(retries > 0 || reauthorized);
      const kind = auth.choose(req.auth);
      guard.check();
      const headers: Record<string, string> = { authorization: await auth.header(kind), ...req.headers };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const send = async (): Promise<HttpResponse> => {
        req.onSent?.();
        const response = await transport.send({ method: req.method, url, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body) }, socketSignal);
        const warning = guard.record(response.status, response.headers);
        if (warning) this.options.warn?.(warning);
        return response;
      };

      let failure: AttemptFailure;
      let response: HttpResponse | undefined;
      try {
        response = await limiter.run(identity, send, req.signal);
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        failure = { kind: 'network', code: error.code };
        if (shouldRetry(req.method, failure, retries)) {
          await clock.sleep(backoffDelayMs(retries++, this.options.random));
          continue;
        }
        throw this.connectionError(req, error.message, failure, retries);
      }

      if (response.status >= 200 && response.status < 300) return { status: response.status, body: parseJson(response.text) };
      if (retries > 0 && response.status === req.doneOnRetryStatus) return { status: response.status, body: undefined };
      if (response.status === 401) {
        if (!reauthorized && (await auth.unauthorized(kind))) {
          reauthorized = true;
          continue;
        }
        if (reauthorized) throw auth.reject(kind);
      }
      failure = { kind: 'status', status: response.status };
      if (shouldRetry(req.method, failure, retries)) {
        await clock.sleep(backoffDelayMs(retries++, this.options.random));
        continue;
      }
      if (isTransient(failure)) throw this.connectionError(req, `${capitalized(this.answerer)} answered ${response.status}.`, failure, retries);
      throw discordApiErrorFrom(response.status, response.text, req.method, req.path, { origin: new URL(this.options.baseUrl).origin, authKind: kind, refusedHint: auth.refusedHint(kind), answerer: this.answerer });
    }
  }

  private connectionError(req: RestRequest, detail: string, failure: AttemptFailure, retries: number): ConnectionError {
    const attempts = retries === 0 ? '' : ` (${retries + 1} attempts)`;
    const transient = isTransient(failure);
    const hint =
      failure.kind === 'network' && failure.code === 'ECONNREFUSED'
        ? 'Check `--api`: nothing answered at that address.'
        : retries < MAX_RETRIES && transient
          ? `The request may or may not have reached ${this.answerer}; cmd-tui checks the current state before repeating a write.`
          : `${capitalized(this.answerer)} or the network is having trouble; try again in a moment.`;
    return new ConnectionError(`${req.method} ${req.path} failed: ${detail}${attempts}`, req.path, hint, transient);
  }

  private urlFor(req: RestRequest): string {
    const query = req.query && Object.keys(req.query).length > 0 ? `?${new URLSearchParams(req.query).toString()}` : '';
    return `${this.options.baseUrl}${req.path}${query}`;
  }
}
