/**
 * How the emulator answers one HTTP request. First where its path is (routes.ts's mounts: `/api[/v9|/v10]`,
 * `/__emulator/*`, the site root), then what request-guard.ts refuses (a foreign Host or Origin, a control
 * route without the run's secret), then, for the API and the site: injected faults, the invalid-request
 * ban, the global rate limit, the body, the route match (404/405/400), the route's rate limit, the
 * caller (401), the handler. The API and site requests are logged (GET /__emulator/requests, `serve --log`);
 * the control routes are neither logged, faulted nor limited.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiFailure, apiError } from './api-errors.js';
import { authenticate, authKindLabel } from './auth.js';
import type { FaultInjector } from './faults.js';
import { failureReply, faultReply, readBody, send } from './http-reply.js';
import { BANNED_BODY, type InvalidRequestLimit, type RateLimiter } from './rate-limits.js';
import { guardRequest, type GuardRules } from './request-guard.js';
import type { AuthContext, Reply, RequestContext, World } from './request-context.js';
import { loggablePath, type LoggedRequest, type RequestLog } from './request-log.js';
import { matchRoute, routesAt, type Mount, type Route, type RouteMatch } from './router.js';
import { ROUTES } from './routes.js';
import { isSelfCall } from './self-call.js';

const API_PREFIX = /^\/api(?:\/v(\d+))?(\/.*)?$/;
const TABLES: Record<Mount, readonly Route[]> = { api: routesAt(ROUTES, 'api'), root: routesAt(ROUTES, 'root'), control: routesAt(ROUTES, 'control') };

export interface PipelineParts {
  world: World;
  rules: GuardRules;
  log: RequestLog;
  faults?: FaultInjector;
  limiter?: RateLimiter;
  invalidRequests?: InvalidRequestLimit;
  onRequest?: (entry: LoggedRequest) => void;
}

/** What the log keeps of an answer. */
interface Outcome {
  status: number;
  auth: string;
  fault?: string;
}

/** What answer() learnt before it finished: who called, and the route's rate-limit headers. */
interface Seen {
  auth?: AuthContext;
  rateHeaders: Record<string, string>;
}

type Place = { mount: Mount; path: string } | { failure: ApiFailure };

/**
 * The doubled version discord.js makes of serve's baseUrl given as `rest.api` (it adds `/v10` itself): a
 * 404 that says what to pass instead.
 */
function doubledVersion(pathname: string, origin: string): ApiFailure {
  const doubled = /^\/api\/v\d+\/v\d+/.exec(pathname)![0];
  return new ApiFailure(404, {
    message: `404: Not Found (the path repeats the API version, ${doubled}/…: discord.js adds /v10 to its rest.api option itself, so give it ${origin}/api, not serve's baseUrl, which ends in /api/v10)`,
    code: 0,
  });
}

/** Which table serves `pathname`, and the path within it; or the failure of an API version the emulator does not serve. */
function placeOf(pathname: string, origin: string): Place {
  if (pathname.startsWith('/__emulator/')) return { mount: 'control', path: pathname };
  const api = API_PREFIX.exec(pathname);
  if (!api) return { mount: 'root', path: pathname };
  const [, version, rest = '/'] = api;
  if (version !== undefined && version !== '9' && version !== '10') return { failure: apiError('invalidApiVersion') };
  if (/^\/v\d+(?:\/|$)/.test(rest)) return { failure: doubledVersion(pathname, origin) };
  return { mount: 'api', path: rest };
}

/** A hash of whatever identifies the caller for the global limit; tokens are never kept in clear. */
function callerIdentity(request: IncomingMessage): string {
  const credential = request.headers.authorization ?? `ip:${request.socket.remoteAddress ?? ''}`;
  return createHash('sha256').update(credential).digest('hex').slice(0, 32);
}

function matched(mount: Mount, method: string, path: string): RouteMatch | ApiFailure {
  try {
    return matchRoute(TABLES[mount], method, path);
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
}

/** The body, or the route's own answer to one over its limit. */
async function bodyOf(request: IncomingMessage, route: Route | undefined, query: URLSearchParams): Promise<Buffer | Reply> {
  try {
    return await readBody(request, route?.body?.maxBytes);
  } catch (error) {
    if (route?.body && error instanceof ApiFailure && error.status === 413) return route.body.tooLarge(query);
    throw error;
  }
}

/**
 * Rate limits, the caller and the handler of a route (or the match's failure), once faults have passed;
 * `seen` gets the caller and the route's rate-limit headers as soon as they are known (a failure carries them too).
 */
async function answer(parts: PipelineParts, request: IncomingMessage, url: URL, path: string, found: RouteMatch | ApiFailure, limited: boolean, seen: Seen): Promise<Reply> {
  const { world, limiter } = parts;
  const method = request.method ?? 'GET';
  const identity = callerIdentity(request);
  const globalVerdict = limited ? limiter?.checkGlobal(identity) : undefined;
  if (globalVerdict && !globalVerdict.allowed) throw new ApiFailure(429, globalVerdict.body, globalVerdict.headers);
  const body = await bodyOf(request, found instanceof ApiFailure ? undefined : found.route, url.searchParams);
  if (found instanceof ApiFailure) throw found;
  if (!Buffer.isBuffer(body)) return body;
  const { route, params } = found;
  const routeVerdict = route.authenticated === false ? undefined : limiter?.checkRoute(identity, method, route.pattern, params.guild_id);
  if (routeVerdict) {
    seen.rateHeaders = routeVerdict.headers;
    if (!routeVerdict.allowed) throw new ApiFailure(429, routeVerdict.body, routeVerdict.headers);
  }
  seen.auth = route.authenticated === false ? { kind: 'none' } : authenticate(request.headers.authorization, world.state, world.clock());
  const ctx: RequestContext = { method, path, rawPath: url.pathname, query: url.searchParams, headers: request.headers, params, auth: seen.auth, rawBody: body };
  return route.handler(ctx, world);
}

/** An API or site request: faults, the ban, then answer(); what the log keeps of it. */
async function serveRoute(parts: PipelineParts, request: IncomingMessage, response: ServerResponse, url: URL, mount: Mount, path: string): Promise<Outcome> {
  const { faults, invalidRequests } = parts;
  const header = request.headers.authorization;
  const found = matched(mount, request.method ?? 'GET', path);
  const limited = found instanceof ApiFailure || found.route.limited !== false;
  const fault = limited ? faults?.next() : undefined;
  if (fault?.kind === 'reset') {
    request.socket.destroy();
    return { status: 0, auth: authKindLabel(header, undefined), fault: 'reset' };
  }
  const ip = request.socket.remoteAddress ?? '';
  if (invalidRequests?.banned(ip)) {
    send(response, { status: 429, body: BANNED_BODY });
    return { status: 429, auth: authKindLabel(header, undefined) };
  }
  if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
  const seen: Seen = { rateHeaders: {} };
  let reply: Reply;
  try {
    reply = fault && fault.kind !== 'slow' ? faultReply(fault) : await answer(parts, request, url, path, found, limited, seen);
  } catch (error) {
    reply = failureReply(error);
  }
  const headers = { ...seen.rateHeaders, ...reply.headers };
  send(response, { ...reply, headers });
  invalidRequests?.record(ip, reply.status, headers);
  return { status: reply.status, auth: authKindLabel(header, seen.auth), ...(fault ? { fault: fault.kind } : {}) };
}

/** A test-only route: the handler, nothing else. */
async function serveControl(world: World, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const found = matched('control', request.method ?? 'GET', url.pathname);
  let reply: Reply;
  try {
    const body = await bodyOf(request, found instanceof ApiFailure ? undefined : found.route, url.searchParams);
    if (found instanceof ApiFailure) throw found;
    const ctx: RequestContext = { method: request.method ?? 'GET', path: url.pathname, rawPath: url.pathname, query: url.searchParams, headers: request.headers, params: found.params, auth: { kind: 'none' }, rawBody: Buffer.isBuffer(body) ? body : Buffer.alloc(0) };
    reply = Buffer.isBuffer(body) ? await found.route.handler(ctx, world) : body;
  } catch (error) {
    reply = failureReply(error);
  }
  send(response, reply);
}

/** The server's request handler: where the path is, the guard, then the route (request-pipeline.ts's header says in what order). */
export function createRequestPipeline(parts: PipelineParts): (request: IncomingMessage, response: ServerResponse) => void {
  const { world, rules, log } = parts;
  const logged = (request: IncomingMessage, pathname: string, time: string) => (outcome: Outcome) => {
    const entry: LoggedRequest = { method: request.method ?? 'GET', path: loggablePath(pathname), userAgent: request.headers['user-agent'] ?? '', time, ...outcome };
    log.add(entry);
    parts.onRequest?.(entry);
  };

  return (request, response) => {
    const url = URL.parse(request.url ?? '/', 'http://emulator.invalid');
    if (!url) {
      // A request target no URL parser accepts (`http://[`): answered, never a crash.
      send(response, failureReply(apiError('badRequest')));
      return;
    }
    const started = new Date(world.clock()).toISOString();
    const place = placeOf(url.pathname, world.origin);
    const control = 'mount' in place && place.mount === 'control';
    const refused = isSelfCall(world, request.headers) ?? guardRequest(rules, request, control);
    let outcome: Promise<Outcome | void>;
    if (refused || 'failure' in place) {
      const reply = failureReply(refused ?? (place as { failure: ApiFailure }).failure);
      send(response, reply);
      outcome = Promise.resolve(control ? undefined : { status: reply.status, auth: authKindLabel(request.headers.authorization, undefined) });
    } else {
      outcome = control ? serveControl(world, request, response, url) : serveRoute(parts, request, response, url, place.mount, place.path);
    }
    outcome.then(
      (result) => result && logged(request, url.pathname, started)(result),
      (error: unknown) => {
        if (!response.headersSent) send(response, failureReply(error));
      },
    );
  };
}
