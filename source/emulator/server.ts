/**
 * The embedded Discord API emulator: a node:http server on 127.0.0.1 that serves the routes of routes.ts
 * (the API under `/api`, `/api/v9` and `/api/v10`, the consent page, OpenID discovery, the CDN of files
 * sent with interactions, the test-only `/__emulator/*`) through request-pipeline.ts, and the gateway's
 * WebSocket connections (gateway/). startEmulator only wires these together: the world (world-setup.ts),
 * the limits, the guard (request-guard.ts), the listening socket, and what a caller gets back.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './clock.js';
import { FaultInjector, parseFaultSpec } from './faults.js';
import { keepConnections, serverOptions, SLOW_CLIENT_LIMITS, type SlowClientLimits } from './connections.js';
import { canViewChannel } from './guild-access.js';
import { DISCORD_RATE_LIMITS, InvalidRequestLimit, RateLimiter, type RateLimitSettings } from './rate-limits.js';
import type { World } from './request-context.js';
import { RequestLog, type LoggedRequest } from './request-log.js';
import { createRequestPipeline } from './request-pipeline.js';
import { guardRequest, guardRules } from './request-guard.js';
import { createSnowflakeGenerator } from './snowflake.js';
import { createGateway } from './gateway/gateway.js';
import { checkEndpointUntilAccepted, verifyEndpoint } from './interactions/delivery.js';
import { signerOf } from './interactions/signing.js';
import { selfCallProblem } from './self-call.js';
import { installedGuilds, type EmulatorState } from './state.js';
import type { AppCopy, CopyInResult } from '../discord/app-copy.js';
import { copyIn } from './copy-in.js';
import { validationContext } from './command-store.js';
import { openWorld } from './world-setup.js';

export type { RateLimitSettings } from './rate-limits.js';
export type { SlowClientLimits } from './connections.js';

export interface EmulatorOptions {
  /** Default 127.0.0.1. A non-loopback host also needs `allowRemoteHost` (the CLI sets it only for an explicit --host). */
  host?: string;
  allowRemoteHost?: boolean;
  /** Host names answered besides localhost, IP addresses and `host` (`serve --allow-host`): any other Host is refused (request-guard.ts). */
  allowHosts?: readonly string[];
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
  /** This run's secret for the test-only `/__emulator/*` routes, sent in the CONTROL_SECRET_HEADER header (request-guard.ts). */
  controlSecret: string;
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

export class EmulatorStartError extends Error {
  override readonly name = 'EmulatorStartError';
}

function rateLimitSettings(option: EmulatorOptions['rateLimits']): RateLimitSettings | undefined {
  if (option === 'off') return undefined;
  return option === undefined || option === 'discord' ? DISCORD_RATE_LIMITS : option;
}

async function listen(server: Server, host: string, port: number | undefined): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new EmulatorStartError(error.code === 'EADDRINUSE' ? `port ${port} is in use: pick another with --port, or --port 0 for a free one` : error.message)),
    );
    server.listen(port ?? 0, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !options.allowRemoteHost) {
    throw new EmulatorStartError(`refusing to listen on ${host}: the emulator hands out fake credentials to anyone who asks; pass --host ${host} explicitly to allow it`);
  }
  const clock = options.clock ?? systemClock;
  const ids = createSnowflakeGenerator(clock);
  const { world, initial, saver } = await openWorld(options, clock, ids);
  const limits = rateLimitSettings(options.rateLimits);
  const faults = options.faults ? new FaultInjector(parseFaultSpec(options.faults)) : undefined;
  const limiter = limits ? new RateLimiter(limits, clock) : undefined;
  const invalidRequests = limits?.invalidRequests ? new InvalidRequestLimit(limits.invalidRequests, clock) : undefined;
  const log = new RequestLog();
  world.control = {
    log,
    reset() {
      world.state = structuredClone(initial);
      world.attachments!.clear();
      limiter?.reset();
      invalidRequests?.reset();
      faults?.reset();
      log.clear();
      world.changed();
    },
  };
  const controlSecret = randomBytes(32).toString('hex');
  const rules = guardRules(host, options.allowHosts ?? [], controlSecret);
  const gateway = createGateway(world, { guard: (headers) => guardRequest(rules, { method: 'GET', headers }, false), ...(options.gatewayHeartbeatMs === undefined ? {} : { heartbeatIntervalMs: options.gatewayHeartbeatMs }) });
  world.gateway = gateway;
  const pipeline = createRequestPipeline({ world, rules, log, faults, limiter, invalidRequests, ...(options.onRequest ? { onRequest: options.onRequest } : {}) });
  const server = createServer(serverOptions(options.slowClientLimits ?? SLOW_CLIENT_LIMITS), (request, response) => {
    connections.admit(response);
    pipeline(request, response);
  });
  const connections = keepConnections(server);
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  const stopAll = async () => {
    world.interactions!.close();
    gateway.close();
    await connections.close();
    await saver?.close();
  };
  world.origin = await listen(server, host, options.port).catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });
  const endpoint = await startEndpointCheck(world, initial, options).catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });
  return runningEmulator(world, initial, controlSecret, async () => {
    endpoint?.stop();
    await stopAll();
  }, endpoint);
}

/** `--interactions-url`: refused at once when it leads back here; otherwise checked until it passes (delivery.ts). */
async function startEndpointCheck(world: World, initial: EmulatorState, options: EmulatorOptions): Promise<{ stop(): void } | undefined> {
  const url = options.interactionsUrl;
  if (url === undefined) return undefined;
  const ownAddress = await selfCallProblem(world, url);
  if (ownAddress !== undefined) throw new EmulatorStartError(`--interactions-url ${url} is refused: ${ownAddress}`);
  return checkEndpointUntilAccepted(world, url, (problem) => {
    options.onEndpointCheck?.(url, problem);
    // Kept by /__emulator/reset too: it is how serve was started.
    if (problem === undefined) initial.application.interactionsEndpointUrl = url;
  });
}

/** What startEmulator's caller gets: addresses, the seeded credentials and identities, and the few things it may do. */
function runningEmulator(world: World, initial: EmulatorState, controlSecret: string, close: () => Promise<void>, endpointCheck: { stop(): void } | undefined): RunningEmulator {
  const { state, origin } = world;
  const app = state.application;
  const installed = installedGuilds(state);
  const uninstalled = Object.values(state.guilds).find((guild) => !guild.appInstalled);
  // The default guild first (defaultGuild): where try runs, and the copied one after copyIn.
  const guildIds = installed.map((guild) => guild.id);
  const hidden = installed[0]?.channels.find((channel) => !canViewChannel(installed[0]!, app.botUserId, channel));
  return {
    baseUrl: `${origin}/api/v10`,
    origin,
    controlSecret,
    applicationId: app.id,
    botToken: app.botToken,
    clientId: app.id,
    clientSecret: app.clientSecret,
    publicClientId: app.id,
    userToken: state.scriptTokens.admin,
    guildIds,
    redirectUris: [...app.redirectUris],
    verifyKey: signerOf(app).publicKeyHex,
    gatewayUrl: origin.replace(/^http/, 'ws'),
    copyIn(copy) {
      const result = copyIn({ state: world.state, initial }, world.ids, copy, world.clock(), (kind) => validationContext(world, { kind }));
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
      adminUserId: app.ownerId,
      memberUserId: state.tokens[state.scriptTokens.member]?.userId ?? '',
      memberToken: state.scriptTokens.member,
      botUserId: app.botUserId,
      uninstalledGuildId: uninstalled?.id ?? '',
      hiddenChannelId: hidden?.id ?? '',
      uninstalledChannelId: uninstalled?.channels[0]?.id ?? '',
    },
    close,
  };
}
