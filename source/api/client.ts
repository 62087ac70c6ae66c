/**
 * createDiscordApi: the DiscordApi contract over HTTP. Each method names its route (routes.ts), the
 * token kinds it accepts, and the zod schema its answer must match; rest-client.ts does the rest.
 * Writes that failed in flight are settled by reading state back (read-back.ts), never by a blind retry.
 */
import * as z from '../discord/zod.js';
import {
  applicationSchema,
  channelSchema,
  commandSchema,
  guildCommandPermissionsSchema,
  memberSchema,
  partialGuildSchema,
  roleSchema,
  userSchema,
  type Application,
  type PartialGuild,
  type Scope,
} from '../discord/model.js';
import { tokenEndpointFor } from './token-exchange.js';
import { SCOPE_MISSING } from '../discord/overwrite-refusals.js';
import { AuthHeaders, PERMISSIONS_UPDATE_SCOPE } from './auth-headers.js';
import { systemClock, type Clock } from './clock.js';
import type { AuthKind, Credentials, DiscordApi, ListOptions, OverwriteAccess } from './contract.js';
import { AuthRequiredError, ConnectionError, DiscordApiError, MalformedRequestError } from './errors.js';
import { createTransport, type Transport } from './http-transport.js';
import { processInvalidRequestGuard, type InvalidRequestGuard } from './invalid-request-guard.js';
import { RateLimiter, type RateLimitWait, type SharedBudget } from './rate-limit-queue.js';
import { appliedOnServer, findUpsertTarget } from './read-back.js';
import { MAX_RETRIES } from './retry-policy.js';
import { RestClient, type RestRequest } from './rest-client.js';
import type { CredentialOrigins } from './credential-origin.js';
import { Routes } from './routes.js';
import { assertTokenSafeUrl } from './target.js';

export interface DiscordApiOptions {
  baseUrl: string;
  credentials: Credentials;
  /** Else learned from the client id, or GET /applications/@me with the bot token. */
  applicationId?: string;
  /** The application, already read (by a client for the same bot token): no request learns it again. */
  application?: Application;
  /** Per request; default 30000. */
  timeoutMs?: number;
  /** The global pace (`--max-rps`): Discord's 50 per second unless it raised the bot's limit. */
  maxRequestsPerSecond?: number;
  /** Other processes spending the same token: the pace is shared with them. */
  sharedBudget?: SharedBudget;
  debug?: (line: string) => void;
  onUserTokenRefreshed?: (user: Credentials['user']) => void;
  /** Where each credential came from (auth/credentials.ts): a refused one gets advice that can fix it. */
  credentialOrigins?: CredentialOrigins;
  /** Once-per-session warnings (the invalid-request guard); default: the debug log. */
  onWarning?: (message: string) => void;
  /** Each wait the rate limits impose before a request goes (the TUI names it rather than spinning on). */
  onRateLimitWait?: (event: RateLimitWait) => void;
  /** Test seams. */
  clock?: Clock;
  random?: () => number;
  transport?: Transport;
  invalidRequestGuard?: InvalidRequestGuard;
  /** Override the 60 s bound on rate-limit waits (tests). */
  maxRateLimitWaitMs?: number;
}

const COMMAND_ROUTE_AUTH: AuthKind[] = ['bot', 'client-credentials'];
const PERMISSION_READERS: AuthKind[] = ['bot', 'client-credentials', 'user'];
/** Discord's largest page of `/users/@me/guilds`. */
const GUILD_PAGE_SIZE = 200;

/** Array schemas by item schema, each built on its first use: one built per request was ~2% of an audit's CPU. */
const arraySchemas = new WeakMap<z.ZodMiniType<unknown>, z.ZodMiniType<unknown>>();
function arrayOf<T>(item: z.ZodMiniType<T>): z.ZodMiniType<T[]> {
  let schema = arraySchemas.get(item);
  if (!schema) arraySchemas.set(item, (schema = z.array(item)));
  return schema as z.ZodMiniType<T[]>;
}

/** A JSON call: the request, then its answer checked against the schema. */
type Call = <T>(schema: z.ZodMiniType<T>, req: RestRequest) => Promise<T>;

/** What the client is made of: the transport, the rate limits, the tokens, and the retrying REST core. */
function restParts(options: DiscordApiOptions, baseUrl: string): { rest: RestClient; auth: AuthHeaders; limiter: RateLimiter } {
  const clock = options.clock ?? systemClock;
  const transport = options.transport ?? createTransport({ timeoutMs: options.timeoutMs, debug: options.debug });
  const limiter = new RateLimiter({
    clock,
    ...(options.maxRequestsPerSecond ? { globalPerSecond: options.maxRequestsPerSecond } : {}),
    sharedBudget: options.sharedBudget,
    maxWaitMs: options.maxRateLimitWaitMs,
    onWait: (event) => {
      options.debug?.(`… waiting ${event.ms} ms on ${event.route} (${event.reason})`);
      options.onRateLimitWait?.(event);
    },
  });
  const auth = new AuthHeaders({
    credentials: options.credentials,
    tokenEndpoint: tokenEndpointFor(baseUrl, transport),
    clock,
    applicationId: options.applicationId ?? options.credentials.clientCredentials?.clientId,
    onUserTokenRefreshed: options.onUserTokenRefreshed,
    ...(options.credentialOrigins ? { origins: options.credentialOrigins } : {}),
  });
  const rest = new RestClient({
    baseUrl,
    transport,
    limiter,
    guard: options.invalidRequestGuard ?? processInvalidRequestGuard,
    auth,
    clock,
    random: options.random,
    warn: options.onWarning ?? options.debug,
  });
  return { rest, auth, limiter };
}

/**
 * Which application the credentials manage, when nothing says: the bot token's own application (the
 * object read is returned too, so the first getApplication() costs no second request), or the one the
 * sign-in was made for.
 */
async function learnApplication(call: Call, auth: AuthHeaders): Promise<{ id: string; application?: Application }> {
  const held = auth.available();
  if (held.includes('bot')) {
    const application = await call(applicationSchema, { method: 'GET', path: Routes.currentApplication(), auth: ['bot'] });
    return { id: application.id, application };
  }
  if (held.includes('user')) {
    const current = await call(z.looseObject({ application: applicationSchema }), { method: 'GET', path: Routes.currentAuthorization(), auth: ['user'] });
    return { id: current.application.id };
  }
  if (held.length === 0) {
    throw new AuthRequiredError(
      ['bot', 'client-credentials'],
      'No credentials: managing commands needs a bot token or your app\'s client id + secret.',
      'Set DISCORD_BOT_TOKEN (or DISCORD_CLIENT_ID + DISCORD_CLIENT_SECRET), or store them with `cmd-tui auth set-bot-token` / `cmd-tui auth set-client-credentials`.',
    );
  }
  throw new AuthRequiredError(['bot', 'client-credentials'], 'cmd-tui does not know which application to manage.', 'Pass `--app ID`, or set a bot token or client credentials (`cmd-tui auth status` shows what is stored).');
}

/**
 * Every page of `/users/@me/guilds` (200 a page; a bot can be in far more). With a bot token these
 * are the guilds the app's bot is in — what audits, backups and the scope picker need — even when a
 * user is signed in too; with only a sign-in, the user's guilds.
 */
async function allGuildPages(call: Call): Promise<PartialGuild[]> {
  const guilds: PartialGuild[] = [];
  for (let after: string | undefined; ; ) {
    const page = await call(arrayOf(partialGuildSchema), {
      method: 'GET',
      path: Routes.currentUserGuilds(),
      auth: ['bot', 'user'],
      query: { limit: String(GUILD_PAGE_SIZE), ...(after ? { after } : {}) },
    });
    guilds.push(...page);
    if (page.length < GUILD_PAGE_SIZE) return guilds;
    after = page.at(-1)!.id;
  }
}

/** Scopes not on record (an older store) give the benefit of the doubt: Discord has the last word. */
function overwriteAccessOf(auth: AuthHeaders): OverwriteAccess {
  const scopes = auth.userScopes();
  if (scopes === undefined) return 'no-sign-in';
  return scopes.length === 0 || scopes.includes(PERMISSIONS_UPDATE_SCOPE) ? 'ok' : 'missing-scope';
}

/** How a non-idempotent write is settled: repeated only after reading back that it did not take effect. */
async function writeWithReadBack<T>(write: () => Promise<T>, readBack: () => Promise<T | undefined>, debug?: (line: string) => void): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ConnectionError && error.transient) || attempt >= MAX_RETRIES) throw error;
      debug?.('… the write may have happened; reading back before deciding');
      const settled = await readBack();
      if (settled !== undefined) return settled;
    }
  }
}

export async function createDiscordApi(options: DiscordApiOptions): Promise<DiscordApi> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  assertTokenSafeUrl(baseUrl);
  const { rest, auth, limiter } = restParts(options, baseUrl);
  const plainCall: Call = async (schema, req) => parsed(schema, req, (await rest.request(req)).body);

  /** Handed to the first getApplication() when it was read to learn the id, so a start costs one request, not two. */
  let learnedApplication: Application | undefined = options.application;
  const knownId = options.applicationId ?? options.application?.id ?? options.credentials.clientCredentials?.clientId;
  const learned = knownId === undefined ? await learnApplication(plainCall, auth) : undefined;
  if (learned?.application) learnedApplication = learned.application;
  const applicationId = knownId ?? learned!.id;
  const overwriteAccess = () => overwriteAccessOf(auth);
  /** Read-backs settle a write already sent: they never carry the write's cancellation. */
  let plain: DiscordApi;

  /** The API whose every request carries `context` (a cancellation signal, a "sent" listener). */
  const withContext = (context: Pick<RestRequest, 'signal' | 'onSent'>): DiscordApi => {
    const send = (req: RestRequest) => rest.request({ ...req, ...context });
    const call: Call = async (schema, req) => parsed(schema, req, (await send(req)).body);
    const routes: RouteContext = { applicationId, send, call, plain: () => plain, debug: options.debug };
    return {
      baseUrl,
      applicationId,
      withSignal: (signal, onSent) => withContext({ signal, ...(onSent ? { onSent } : {}) }),
      maxRequestsPerSecond: options.maxRequestsPerSecond ?? 50,
      rateLimitTally: () => limiter.tally(),
      authKinds: () => auth.available(),
      overwriteAccess,
      async getApplication() {
        const learned = learnedApplication;
        learnedApplication = undefined;
        return learned ?? call(applicationSchema, { method: 'GET', path: Routes.currentApplication(), auth: COMMAND_ROUTE_AUTH });
      },
      ...commandMethods(routes),
      ...permissionMethods(routes, overwriteAccess),
      ...guildAndUserReads(call),
    };
  };
  plain = withContext({});
  return plain;
}

/** What the methods of one client (with its request context) send through. */
interface RouteContext {
  applicationId: string;
  send: (req: RestRequest) => ReturnType<RestClient['request']>;
  /** `send`, then the answer checked against its schema. */
  call: Call;
  /** The client without the context: what a read-back settles a write with. */
  plain: () => DiscordApi;
  debug?: ((line: string) => void) | undefined;
}

/** The application's commands: reads, and writes a lost answer settles by reading back (never a blind retry). */
function commandMethods({ applicationId, send, call, plain, debug }: RouteContext): Pick<DiscordApi, 'listCommands' | 'getCommand' | 'createCommand' | 'editCommand' | 'deleteCommand' | 'bulkOverwrite'> {
  const commandList = arrayOf(commandSchema);
  const settle = <T>(write: () => Promise<T>, readBack: () => Promise<T | undefined>) => writeWithReadBack(write, readBack, debug);
  return {
    listCommands: (scope: Scope, list: ListOptions = {}) =>
      call(commandList, {
        method: 'GET',
        path: Routes.commands(applicationId, scope),
        auth: COMMAND_ROUTE_AUTH,
        query: list.withLocalizations ? { with_localizations: 'true' } : undefined,
        headers: list.locale ? { 'x-discord-locale': list.locale } : undefined,
      }),

    getCommand: (scope, commandId) => call(commandSchema, { method: 'GET', path: Routes.command(applicationId, scope, commandId), auth: COMMAND_ROUTE_AUTH }),

    async createCommand(scope, draft) {
      const { commandCreateSchema } = await requestSchemas();
      const body = checkedBody(commandCreateSchema, { method: 'POST', path: Routes.commands(applicationId, scope) }, draft);
      return settle(
        async () => {
          const result = await send({ method: 'POST', path: Routes.commands(applicationId, scope), auth: COMMAND_ROUTE_AUTH, body });
          return { command: parsed(commandSchema, { method: 'POST', path: Routes.commands(applicationId, scope) }, result.body), created: result.status === 201 };
        },
        async () => {
          // Full localization dictionaries, so a draft's *_localizations compare like for like.
          const existing = findUpsertTarget(draft, await plain().listCommands(scope, { withLocalizations: true }));
          // After a lost answer the client cannot tell a create from an overwrite; it reports the intent.
          return existing && appliedOnServer(draft, existing) ? { command: existing, created: true } : undefined;
        },
      );
    },

    async editCommand(scope, commandId, patch) {
      const path = Routes.command(applicationId, scope, commandId);
      const { commandEditSchema } = await requestSchemas();
      const body = checkedBody(commandEditSchema, { method: 'PATCH', path }, patch);
      return settle(
        () => call(commandSchema, { method: 'PATCH', path, auth: COMMAND_ROUTE_AUTH, body }),
        async () => {
          const current = await plain().getCommand(scope, commandId);
          return appliedOnServer(patch, current) ? current : undefined;
        },
      );
    },

    async deleteCommand(scope, commandId) {
      // A retried DELETE whose lost first attempt did succeed finds nothing left: that is the goal reached.
      await send({ method: 'DELETE', path: Routes.command(applicationId, scope, commandId), auth: COMMAND_ROUTE_AUTH, doneOnRetryStatus: 404 });
    },

    bulkOverwrite: async (scope, drafts) => {
      const path = Routes.commands(applicationId, scope);
      const { bulkOverwriteSchema } = await requestSchemas();
      return call(commandList, { method: 'PUT', path, auth: COMMAND_ROUTE_AUTH, body: checkedBody(bulkOverwriteSchema, { method: 'PUT', path }, drafts) });
    },
  };
}

/** The commands' permission overwrites in a guild: read with any credential, written with a sign-in that has the scope. */
function permissionMethods({ applicationId, call }: RouteContext, overwriteAccess: () => OverwriteAccess): Pick<DiscordApi, 'listGuildPermissions' | 'getCommandPermissions' | 'setCommandPermissions'> {
  return {
    listGuildPermissions: (guildId) =>
      call(arrayOf(guildCommandPermissionsSchema), { method: 'GET', path: Routes.guildCommandPermissions(applicationId, guildId), auth: PERMISSION_READERS }),

    async getCommandPermissions(guildId, commandId) {
      try {
        return await call(guildCommandPermissionsSchema, {
          method: 'GET',
          path: Routes.commandPermissions(applicationId, guildId, commandId),
          auth: PERMISSION_READERS,
        });
      } catch (error) {
        if (error instanceof DiscordApiError && error.status === 404 && error.code === 10066) return null;
        throw error;
      }
    },

    setCommandPermissions: async (guildId, commandId, overwrites) => {
      const path = Routes.commandPermissions(applicationId, guildId, commandId);
      // A sign-in known to lack the scope would only earn a 50026 (and count towards the invalid-request limit).
      if (overwriteAccess() === 'missing-scope') throw new AuthRequiredError(['user'], SCOPE_MISSING.message, SCOPE_MISSING.hint);
      const { permissionsEditSchema } = await requestSchemas();
      return call(guildCommandPermissionsSchema, { method: 'PUT', path, auth: ['user'], body: checkedBody(permissionsEditSchema, { method: 'PUT', path }, { permissions: overwrites }) });
    },
  };
}

/** Who the token is, its guilds, and a guild's roles, channels and members: the pickers' and the audit's reads. */
function guildAndUserReads(call: Call): Pick<DiscordApi, 'getCurrentUser' | 'listCurrentUserGuilds' | 'getGuild' | 'getGuildRoles' | 'getGuildChannels' | 'getChannel' | 'getGuildMember' | 'listGuildMembers' | 'searchGuildMembers'> {
  return {
    getCurrentUser: () => call(userSchema, { method: 'GET', path: Routes.currentUser(), auth: ['user', 'bot'] }),
    listCurrentUserGuilds: () => allGuildPages(call),
    getGuild: (guildId) => call(partialGuildSchema, { method: 'GET', path: Routes.guild(guildId), auth: ['bot'] }),
    getGuildRoles: (guildId) => call(arrayOf(roleSchema), { method: 'GET', path: Routes.guildRoles(guildId), auth: ['bot'] }),
    getGuildChannels: (guildId) => call(arrayOf(channelSchema), { method: 'GET', path: Routes.guildChannels(guildId), auth: ['bot'] }),
    getChannel: (channelId) => call(channelSchema, { method: 'GET', path: Routes.channel(channelId), auth: ['bot'] }),
    getGuildMember: (guildId, userId) => call(memberSchema, { method: 'GET', path: Routes.guildMember(guildId, userId), auth: ['bot'] }),
    listGuildMembers: (guildId, { limit, after }) =>
      call(arrayOf(memberSchema), { method: 'GET', path: Routes.guildMembers(guildId), auth: ['bot'], query: { limit: String(limit), ...(after ? { after } : {}) } }),
    searchGuildMembers: (guildId, query, limit) =>
      call(arrayOf(memberSchema), { method: 'GET', path: Routes.guildMemberSearch(guildId), auth: ['bot'], query: { query, limit: String(limit) } }),
  };
}

/** Validates an answer; a shape mismatch is reported like an API error, at the first bad path. */
function parsed<T>(schema: z.ZodMiniType<T>, req: Pick<RestRequest, 'method' | 'path'>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  return failShape(req, firstIssue(result.error));
}

/** The request schemas, built on the first write rather than at every start (reads never need them). */
const requestSchemas = () => import('../discord/request-schemas.js');

/**
 * Checks a body against its request schema (request-schemas.ts) before anything is sent, and sends it
 * as given. Callers validate the rules first, so a mismatch here is a mistake on this side: it stops
 * locally rather than spending a request (and, for creates, one of the day's 200) on Discord's 400.
 */
function checkedBody<T>(schema: z.ZodMiniType<unknown>, req: Pick<RestRequest, 'method' | 'path'>, body: T): T {
  const result = schema.safeParse(body);
  if (result.success) return body;
  throw new MalformedRequestError(
    `Not sent: the body of ${req.method} ${req.path} is not what Discord accepts (${firstIssue(result.error)}).`,
    'Check the command with `cmd-tui validate FILE`; if it came from the editor as it is, please report it.',
  );
}

/** The first problem zod found, at its path in the validator's syntax (`options[0].name`). */
function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key)), '');
  return path ? `${issue.message} at ${path}` : issue.message;
}

function failShape(req: Pick<RestRequest, 'method' | 'path'>, detail: string): never {
  throw new DiscordApiError(0, 0, `The answer to ${req.method} ${req.path} was not what Discord sends (${detail}).`, req.method, req.path, [], 'Check `--api`: is it a Discord API v10 endpoint?');
}
