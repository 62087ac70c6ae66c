/**
 * The embedded Discord API emulator: a node:http server on 127.0.0.1 that serves the routes of
 * routes.ts under `/api`, `/api/v9` and `/api/v10`, the OAuth2 consent page at `/oauth2/authorize`,
 * the OpenID discovery document, the gateway's WebSocket connections (gateway/), the CDN addresses of
 * files uploaded with an interaction (interactions/attachment-routes.ts), and the test-only
 * `/__emulator/*` introspection. Request order per API call: faults, rate limits,
 * route match (404/405/400), authentication (401), handler.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiFailure, apiError } from './api-errors.js';
import { authenticate, authKindLabel } from './auth.js';
import { systemClock, type Clock } from './clock.js';
import { FaultInjector, parseFaultSpec } from './faults.js';
import { keepConnections, serverOptions, SLOW_CLIENT_LIMITS, type SlowClientLimits } from './connections.js';
import { failureReply, faultReply, readBody, send } from './http-reply.js';
import { canViewChannel } from './guild-access.js';
import { discoveryDocument } from './openid.js';
import { loadState, StateSaver } from './persistence.js';
import { BANNED_BODY, DISCORD_RATE_LIMITS, InvalidRequestLimit, RateLimiter, type RateLimitSettings } from './rate-limits.js';
import type { AuthContext, Reply, RequestContext, World } from './request-context.js';
import { RequestLog, loggablePath, type LoggedRequest } from './request-log.js';
import { matchRoute } from './router.js';
import { API_ROUTES } from './routes.js';
import { ACCESS_TOKEN_LIFETIME_MS, buildState } from './seed.js';
import { createSnowflakeGenerator } from './snowflake.js';
import { parseStrictJson } from '../discord/strict-json.js';
import { createGateway } from './gateway/gateway.js';
import { checkEndpointUntilAccepted, verifyEndpoint } from './interactions/delivery.js';
import { newSigningSeed, signerOf } from './interactions/signing.js';
import { InteractionStore } from './interactions/store.js';
import { AttachmentStore } from './interactions/attachments.js';
import { ATTACHMENT_PATH, serveAttachment, uploadAttachment } from './interactions/attachment-routes.js';
import { interactionView, parseTryRequest, tryCommand } from './interactions/try-command.js';
import { parsePressBody, parseSubmitBody, pressComponent, submitModal } from './interactions/continue-interaction.js';
import { installedGuilds, type EmulatorState } from './state.js';
import { copyIn, type AppCopy, type CopyInResult } from './copy-in.js';

/** OpenID Connect Discovery 1.0 §4: at the site root, beside /oauth2/authorize. */
const OPENID_DISCOVERY_PATH = '/.well-known/openid-configuration';

export type { RateLimitSettings } from './rate-limits.js';
export type { SlowClientLimits } from './connections.js';

export interface EmulatorOptions {
  /** Default 127.0.0.1. A non-loopback host also needs `allowRemoteHost` (the CLI sets it only for an explicit --host). */
  host?: string;
  allowRemoteHost?: boolean;
  /** Default 0: a free port. */
  port?: number;
  seed?: 'demo' | 'empty';
  /** Adds N scale-test guilds, each with a few guild commands and overwrites. */
  extraGuilds?: number;
  /** Load and save the world here (atomic writes); in memory when absent. */
  statePath?: string;
  rateLimits?: 'discord' | 'off' | RateLimitSettings;
  /** The --faults SPEC, e.g. `429:0.05,500:0.02,reset:0.01,slow:0.05@2000,seed:42`. */
  faults?: string;
  /** Longest string choice value accepted: 100 (docs, default) or 6000 (OpenAPI spec). */
  choiceStringMaxLength?: number;
  /** `ar` and `he`, only in the OpenAPI spec's locales: accepted (`spec`, default) or refused as the docs read it (`docs`). */
  locales?: 'spec' | 'docs';
  /** Test hook: the emulator's clock (code expiry, token expiry, daily create window, rate limits). */
  clock?: Clock;
  /** Test hook: how long a client may take to send its headers and its whole request. */
  slowClientLimits?: SlowClientLimits;
  /**
   * The app's interactions endpoint URL (`serve --interactions-url`). Like Discord, the emulator takes it
   * only once it passes the PING check; it retries every second, so the bot may start after the emulator.
   */
  interactionsUrl?: string;
  /** Told each time the endpoint check fails (with why) and once when it passes (undefined). */
  onEndpointCheck?: (url: string, problem: string | undefined) => void;
  /** Test hook: the gateway's heartbeat interval (Discord's, 41,250 ms, by default). */
  gatewayHeartbeatMs?: number;
  /** Called after each request with its log entry (`cmd-tui serve --log` prints them). */
  onRequest?: (entry: LoggedRequest) => void;
}

export interface RunningEmulator {
  /** http://127.0.0.1:PORT/api/v10 */
  baseUrl: string;
  /** http://127.0.0.1:PORT (the consent page lives at ORIGIN/oauth2/authorize) */
  origin: string;
  applicationId: string;
  botToken: string;
  clientId: string;
  clientSecret: string;
  /** The same application: its "Public Client" toggle is on, so PKCE exchanges need no secret. */
  publicClientId: string;
  /** Bearer for the seeded admin with applications.commands.permissions.update identify guilds. */
  userToken: string;
  /** The application's `verify_key`: the public half of the key that signs delivered interactions (hex). */
  verifyKey: string;
  /** Guilds the app is installed in (a guild copied in first). */
  guildIds: string[];
  redirectUris: string[];
  /** The gateway's address (what GET /gateway/bot gives a bot library): ws://127.0.0.1:PORT */
  gatewayUrl: string;
  /** Copies an app's commands (and a guild's people) in, replacing those of their scopes (copy-in.ts); a reset keeps them. */
  copyIn(copy: AppCopy): CopyInResult;
  /**
   * Makes `url` the app's interactions endpoint once it passes Discord's PING checks, as the developer
   * portal does (null clears it); resolves to why it was refused, or undefined once it is set.
   * `signal` cancels the check: it then rejects with the signal's reason and the URL stays as it was.
   */
  setInteractionsUrl(url: string | null, signal?: AbortSignal): Promise<string | undefined>;
  /** The app's interactions endpoint URL now, however it was set (here, PATCH /applications/@me, --interactions-url); null: none. */
  interactionsUrl(): string | null;
  /** Extra seeded identities for tests. */
  seeded: {
    adminUserId: string;
    /** A member without MANAGE_GUILD / MANAGE_ROLES (for 50013). */
    memberUserId: string;
    memberToken: string;
    botUserId: string;
    /** A guild the admin is in but the app is not installed in (for 50001). */
    uninstalledGuildId: string;
    /** A channel of the first installed guild that the bot may not view (`#mod-log`, for 50001). */
    hiddenChannelId: string;
    /** A channel of the guild the app is not installed in (for 50001). */
    uninstalledChannelId: string;
  };
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}
const API_PREFIX = /^\/api(?:\/v(\d+))?(\/.*)?$/;

export class EmulatorStartError extends Error {
  override readonly name = 'EmulatorStartError';
}

/** A hash of whatever identifies the caller for the global limit; tokens are never kept in clear. */
function callerIdentity(request: IncomingMessage): string {
  const credential = request.headers.authorization ?? `ip:${request.socket.remoteAddress ?? ''}`;
  return createHash('sha256').update(credential).digest('hex').slice(0, 32);
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !options.allowRemoteHost) {
    throw new EmulatorStartError(`refusing to listen on ${host}: the emulator hands out fake credentials to anyone who asks; pass --host ${host} explicitly to allow it`);
  }
  const clock = options.clock ?? systemClock;
  const ids = createSnowflakeGenerator(clock);
  const faults = options.faults ? new FaultInjector(parseFaultSpec(options.faults)) : undefined;
  const limits = options.rateLimits === 'off' ? undefined : options.rateLimits === undefined || options.rateLimits === 'discord' ? DISCORD_RATE_LIMITS : options.rateLimits;
  const limiter = limits ? new RateLimiter(limits, clock) : undefined;
  const invalidRequests = limits?.invalidRequests ? new InvalidRequestLimit(limits.invalidRequests, clock) : undefined;

  const loaded = options.statePath ? await loadState(options.statePath) : undefined;
  let state: EmulatorState = loaded ?? buildState(ids, { seed: options.seed ?? 'demo', extraGuilds: options.extraGuilds ?? 0, now: clock() });
  // Script tokens stay usable across restarts of a saved state.
  for (const token of Object.values(state.scriptTokens)) {
    const record = state.tokens[token];
    if (record) record.expiresAt = clock() + ACCESS_TOKEN_LIFETIME_MS;
  }
  // State files written before interactions existed get their signing key now.
  state.application.interactionsKeySeed ??= newSigningSeed();
  const initial = structuredClone(state);
  const saver = options.statePath ? new StateSaver(options.statePath, () => world.state) : undefined;
  const log = new RequestLog();

  const world: World = {
    state,
    ids,
    clock,
    origin: '',
    choiceStringMaxLength: options.choiceStringMaxLength ?? 100,
    locales: options.locales ?? 'spec',
    interactions: new InteractionStore(clock, () => ids.next()),
    attachments: new AttachmentStore(clock, () => ids.next()),
    changed: () => saver?.markChanged(),
  };
  const gateway = createGateway(world, options.gatewayHeartbeatMs === undefined ? {} : { heartbeatIntervalMs: options.gatewayHeartbeatMs });
  world.gateway = gateway;
  if (saver && !loaded) await saver.writeNow();

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL, path: string): Promise<{ status: number; auth: string; fault?: string }> {
    const method = request.method ?? 'GET';
    const header = request.headers.authorization;
    let auth: AuthContext | undefined;
    // The consent page is for browsers and scripts signing in, not a target of API fault tests.
    const fault = path === '/oauth2/authorize' ? undefined : faults?.next();
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
    let reply: Reply;
    let rateHeaders: Record<string, string> = {};
    try {
      if (fault && fault.kind !== 'slow') {
        reply = faultReply(fault);
      } else {
        const identity = callerIdentity(request);
        const globalVerdict = path === '/oauth2/authorize' ? undefined : limiter?.checkGlobal(identity);
        if (globalVerdict && !globalVerdict.allowed) throw new ApiFailure(429, globalVerdict.body, globalVerdict.headers);
        const body = await readBody(request);
        const { route, params } = matchRoute(API_ROUTES, method, path);
        const routeVerdict = route.authenticated === false ? undefined : limiter?.checkRoute(identity, method, route.pattern, params.guild_id);
        if (routeVerdict) {
          rateHeaders = routeVerdict.headers;
          if (!routeVerdict.allowed) throw new ApiFailure(429, routeVerdict.body, routeVerdict.headers);
        }
        auth = route.authenticated === false ? { kind: 'none' } : authenticate(header, world.state, clock());
        const ctx: RequestContext = { method, path, rawPath: url.pathname, query: url.searchParams, headers: request.headers, params, auth, rawBody: body };
        reply = await route.handler(ctx, world);
      }
    } catch (error) {
      reply = failureReply(error);
    }
    const headers = { ...rateHeaders, ...reply.headers };
    send(response, { ...reply, headers });
    invalidRequests?.record(ip, reply.status, headers);
    return { status: reply.status, auth: authKindLabel(header, auth), ...(fault ? { fault: fault.kind } : {}) };
  }

  async function handleIntrospection(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    const interaction = /^\/__emulator\/interactions\/(\d+)$/.exec(path);
    const pressed = /^\/__emulator\/messages\/(\d+)\/components\/([^/]+)$/.exec(path);
    const modal = /^\/__emulator\/interactions\/(\d+)\/modal$/.exec(path);
    if (request.method === 'POST' && path === '/__emulator/attachments') {
      send(response, await uploadAttachment(request, url.searchParams, world.attachments!));
    } else if (request.method === 'POST' && path === '/__emulator/interactions') {
      const parsed = parseStrictJson((await readBody(request)).toString('utf8'));
      const tried = parsed.ok ? parseTryRequest(parsed.value) : 'the body is not JSON';
      if (typeof tried === 'string') {
        send(response, { status: 400, body: { message: tried } });
        return;
      }
      const reply = tryCommand(world, world.interactions!, tried);
      // A refused command's files were never sent: the client uploads them again with the next try, so they need not wait 15 minutes here.
      if (reply.status !== 202) for (const id of Object.values(tried.attachments ?? {})) world.attachments!.dropUnsent(id);
      send(response, reply);
    } else if (request.method === 'POST' && (pressed || modal)) {
      const parsed = parseStrictJson((await readBody(request)).toString('utf8') || '{}');
      const asked = !parsed.ok ? 'the body is not JSON' : pressed ? parsePressBody(pressed[1]!, decodeURIComponent(pressed[2]!), parsed.value) : parseSubmitBody(modal![1]!, parsed.value);
      const store = world.interactions!;
      send(response, typeof asked === 'string' ? { status: 400, body: { message: asked } } : 'customId' in asked ? pressComponent(world, store, asked) : submitModal(world, store, asked));
    } else if (request.method === 'GET' && interaction) {
      const found = world.interactions!.get(interaction[1]!);
      send(response, found ? { status: 200, body: interactionView(found) } : failureReply(apiError('notFound')));
    } else if (request.method === 'GET' && path === '/__emulator/requests') {
      send(response, { status: 200, headers: { 'X-Emulator-Total-Requests': String(log.total) }, body: log.list() });
    } else if (request.method === 'POST' && path === '/__emulator/reset') {
      world.state = state = structuredClone(initial);
      world.attachments!.clear();
      limiter?.reset();
      invalidRequests?.reset();
      faults?.reset();
      log.clear();
      world.changed();
      send(response, { status: 204 });
    } else {
      send(response, failureReply(apiError('notFound')));
    }
  }

  function handleRequest(request: IncomingMessage, response: ServerResponse): void {
    connections.admit(response);
    const url = URL.parse(request.url ?? '/', 'http://emulator.invalid');
    if (!url) {
      // A request target no URL parser accepts (`http://[`): answered, never a crash.
      send(response, failureReply(apiError('badRequest')));
      return;
    }
    const pathname = url.pathname;
    if (pathname.startsWith('/__emulator/')) {
      handleIntrospection(request, response, url).catch((error: unknown) => {
        if (!response.headersSent) send(response, failureReply(error));
      });
      return;
    }
    const started = new Date(clock()).toISOString();
    const api = API_PREFIX.exec(pathname);
    const version = api?.[1];
    const file = ATTACHMENT_PATH.exec(pathname);
    let outcome: Promise<{ status: number; auth: string; fault?: string }>;
    if (api && version !== undefined && version !== '9' && version !== '10') {
      send(response, failureReply(apiError('invalidApiVersion')));
      outcome = Promise.resolve({ status: 400, auth: authKindLabel(request.headers.authorization, undefined) });
    } else if (pathname === OPENID_DISCOVERY_PATH && request.method === 'GET') {
      send(response, { status: 200, body: discoveryDocument(world.origin) });
      outcome = Promise.resolve({ status: 200, auth: authKindLabel(request.headers.authorization, undefined) });
    } else if (api || pathname === '/oauth2/authorize') {
      outcome = handleApi(request, response, url, api ? (api[2] ?? '/') : pathname);
    } else if (file) {
      outcome = Promise.resolve({ status: serveAttachment(request, response, file, url.searchParams, world.attachments!), auth: authKindLabel(request.headers.authorization, undefined) });
    } else {
      send(response, failureReply(apiError('notFound')));
      outcome = Promise.resolve({ status: 404, auth: authKindLabel(request.headers.authorization, undefined) });
    }
    outcome.then(
      (result) => {
        const entry: LoggedRequest = { method: request.method ?? 'GET', path: loggablePath(pathname), userAgent: request.headers['user-agent'] ?? '', time: started, ...result };
        log.add(entry);
        options.onRequest?.(entry);
      },
      (error: unknown) => {
        if (!response.headersSent) send(response, failureReply(error));
      },
    );
  }

  const server = createServer(serverOptions(options.slowClientLimits ?? SLOW_CLIENT_LIMITS), handleRequest);
  const connections = keepConnections(server);
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new EmulatorStartError(error.code === 'EADDRINUSE' ? `port ${options.port} is in use: pick another with --port, or --port 0 for a free one` : error.message)),
    );
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpointCheck = options.interactionsUrl === undefined ? undefined : checkEndpointUntilAccepted(world, options.interactionsUrl, (problem) => {
    options.onEndpointCheck?.(options.interactionsUrl!, problem);
    // Kept by /__emulator/reset too: it is how serve was started.
    if (problem === undefined) initial.application.interactionsEndpointUrl = options.interactionsUrl;
  });
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  world.origin = origin;
  const app = state.application;
  const ownerId = app.ownerId;
  const memberUserId = state.tokens[state.scriptTokens.member]?.userId ?? '';
  const installed = installedGuilds(state);
  const uninstalled = Object.values(state.guilds).find((guild) => !guild.appInstalled);
  // The default guild first (defaultGuild): where try runs, and the copied one after copyIn.
  const guildIds = installed.map((guild) => guild.id);
  const hidden = installed[0]?.channels.find((channel) => !canViewChannel(installed[0]!, app.botUserId, channel));

  return {
    baseUrl: `${origin}/api/v10`,
    origin,
    applicationId: app.id,
    botToken: app.botToken,
    clientId: app.id,
    clientSecret: app.clientSecret,
    publicClientId: app.id,
    userToken: state.scriptTokens.admin,
    guildIds,
    redirectUris: [...app.redirectUris],
    verifyKey: signerOf(world.state.application).publicKeyHex,
    gatewayUrl: origin.replace(/^http/, 'ws'),
    copyIn(copy) {
      const result = copyIn({ state: world.state, initial }, ids, copy, clock());
      guildIds.splice(0, guildIds.length, ...installedGuilds(world.state).map((guild) => guild.id));
      world.changed();
      return result;
    },
    interactionsUrl: () => world.state.application.interactionsEndpointUrl ?? null,
    async setInteractionsUrl(url, signal) {
      const problem = url === null ? undefined : await verifyEndpoint(world, url, signal);
      // Checked and set in one turn of the event loop: once set, a cancel comes too late to be told as one.
      signal?.throwIfAborted();
      if (problem !== undefined) return problem;
      endpointCheck?.stop();
      world.endpointProblem = undefined;
      world.state.application.interactionsEndpointUrl = url;
      world.changed();
      return undefined;
    },
    seeded: {
      adminUserId: ownerId,
      memberUserId,
      memberToken: state.scriptTokens.member,
      botUserId: app.botUserId,
      uninstalledGuildId: uninstalled?.id ?? '',
      hiddenChannelId: hidden?.id ?? '',
      uninstalledChannelId: uninstalled?.channels[0]?.id ?? '',
    },
    async close() {
      endpointCheck?.stop();
      world.interactions!.close();
      gateway.close();
      await connections.close();
      await saver?.flush();
    },
  };
}
