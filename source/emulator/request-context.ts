/**
 * What a route handler receives (the parsed request, who is calling, the shared world) and what it
 * returns. Bodies are parsed lazily so that auth and path errors come before body errors, as on Discord.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Clock } from './clock.js';
import type { GatewayEvent, SessionStartLimit } from './gateway/sessions.js';
import type { InteractionStore } from './interactions/store.js';
import type { AttachmentStore } from './interactions/attachments.js';
import type { SnowflakeGenerator } from './snowflake.js';
import type { EmulatorState, TokenRecord } from './state.js';
import type { RequestLog } from './request-log.js';
import { ApiFailure, apiError } from './api-errors.js';

export type AuthContext =
  | { kind: 'none' }
  | { kind: 'bot' }
  | { kind: 'client-credentials' | 'user'; accessToken: string; token: TokenRecord };

export interface World {
  state: EmulatorState;
  ids: SnowflakeGenerator;
  clock: Clock;
  /** Discord origin of this emulator, for OAuth2 pages and id_token issuers. */
  origin: string;
  /** This run's mark on every request the emulator sends, by which it knows one that came back to it (self-call.ts). */
  runMark: string;
  choiceStringMaxLength: number;
  /** Which reading of the `ar`/`he` locales the emulator follows (EmulatorOptions.locales). */
  locales: 'spec' | 'docs';
  /** Why the endpoint URL serve was given is not taken yet (interactions/delivery.ts), if so. */
  endpointProblem?: string;
  /** Interactions in flight (interactions/store.ts). */
  interactions?: InteractionStore;
  /** Files uploaded with interactions, and the CDN that serves them (interactions/attachments.ts). */
  attachments?: AttachmentStore;
  /** The gateway's sessions (gateway/gateway.ts): where events go, and interactions without an endpoint URL. */
  gateway?: GatewayAccess;
  /** What the test-only control routes act on (handlers/control.ts): the request log, and the way back to the world the run started with. */
  control?: { log: RequestLog; reset(): void };
  /** Handlers call this after a mutation so --state can be saved. */
  changed(): void;
}

/** What routes and the try route use of the gateway (gateway/gateway.ts). */
export interface GatewayAccess {
  /** The `url` of GET /gateway: this emulator as ws://, under `host` (the request's Host, which the guard let in) when given. */
  url(host?: string): string;
  /** Sends an event to the sessions it is for; how many it reached. */
  dispatch(event: GatewayEvent): number;
  /** Whether a bot session (connected, or dropped and still resumable) would get this guild's events. */
  reaches(guildId: string): boolean;
  sessionStartLimit(): SessionStartLimit;
}

export interface RequestContext {
  method: string;
  /** Path without `/api[/vN]`, e.g. `/applications/1/commands`. */
  path: string;
  /** The path as requested, e.g. `/api/v10/oauth2/authorize` (forms post back to it). */
  rawPath: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  auth: AuthContext;
  rawBody: Buffer;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as text/html instead of JSON. */
  html?: string;
  /** Sent as they are, with `headers` saying what they are (a file of the CDN). */
  bytes?: Buffer;
}

/** Most handlers answer at once; one that must call out first (the endpoint check of PATCH /applications/@me) returns a promise. */
export type Handler = (ctx: RequestContext, world: World) => Reply | Promise<Reply>;

export function json(status: number, body?: unknown): Reply {
  return { status, body };
}

function contentType(ctx: RequestContext): string {
  return (ctx.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The JSON body; 50109 when it does not parse, 50035 when it is not sent as JSON. */
export function jsonBody(ctx: RequestContext): unknown {
  if (contentType(ctx) !== 'application/json') {
    throw new ApiFailure(400, {
      code: 50035,
      errors: {
        _errors: [
          {
            code: 'CONTENT_TYPE_INVALID',
            message: 'Expected "Content-Type" header to be one of {\'application/json\', \'application/x-www-form-urlencoded\', \'multipart/form-data\'}.',
          },
        ],
      },
      message: 'Invalid Form Body',
    });
  }
  try {
    return JSON.parse(ctx.rawBody.toString('utf8'));
  } catch {
    throw apiError('invalidJson');
  }
}

export function isFormEncoded(ctx: RequestContext): boolean {
  return contentType(ctx) === 'application/x-www-form-urlencoded';
}

export function formBody(ctx: RequestContext): URLSearchParams {
  return new URLSearchParams(ctx.rawBody.toString('utf8'));
}

/** Discord's boolean query strings: True/true/1 and False/false/0 (facts §3). */
export function queryFlag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value !== null && ['true', '1'].includes(value.toLowerCase());
}
