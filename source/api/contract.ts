/**
 * What the rest of cmd-tui may ask of Discord (or of the emulator). The UI and the scriptable
 * commands depend on this interface only; source/api/ implements it over HTTP.
 * Each method notes the token kind it needs; a call made with the wrong kind fails before any
 * request with an AuthRequiredError that says which sign-in is needed.
 */
import type {
  Application,
  Channel,
  Command,
  CommandDraft,
  GuildCommandPermissions,
  Member,
  PartialGuild,
  PermissionOverwrite,
  Role,
  Scope,
  User,
} from '../discord/model.js';

/** bot = `Bot …` token; client-credentials = Bearer from grant client_credentials; user = Bearer from the browser sign-in. */
/** What a client authenticates with: each kind of token opens different routes (Which token does what). */
export interface Credentials {
  botToken?: string;
  clientCredentials?: { clientId: string; clientSecret: string };
  user?: {
    accessToken: string;
    refreshToken?: string;
    expiresAt?: number;
    scopes: string[];
    /** The client id the sign-in was made with (needed to refresh); defaults to the application id. */
    clientId?: string;
  };
}

export type AuthKind = 'bot' | 'client-credentials' | 'user';

/** A bot token or client credentials: without one (a browser sign-in alone) Discord lists no commands. */
export function canReadCommands(api: Pick<DiscordApi, 'authKinds'>): boolean {
  return api.authKinds().some((kind) => kind === 'bot' || kind === 'client-credentials');
}

export type OverwriteAccess = 'ok' | 'no-sign-in' | 'missing-scope';

export interface ListOptions {
  /** Full `*_localizations` dictionaries instead of `*_localized` strings. */
  withLocalizations?: boolean;
  /** Sent as X-Discord-Locale so the list carries name_localized / description_localized. */
  locale?: string;
}

/** The 429s a client met and the global pace it keeps, for the report at the end of a run. */
export interface RateLimitTally {
  /** Requests answered, 429s included. */
  requests: number;
  /** Of them, answered 429 (any scope). */
  rateLimited: number;
  /** Of those, on the token's global limit: something else was using the same token. */
  globalRateLimited: number;
  /** Requests per second the client keeps now: below the configured pace once it slowed down. */
  pacePerSecond: number;
  /** The pace it was configured with (maxRequestsPerSecond). */
  configuredPerSecond: number;
}

export interface DiscordApi {
  readonly baseUrl: string;
  readonly applicationId: string;
  /**
   * The same API whose requests carry `signal`: a read is aborted for real; a write only until it
   * leaves (then RequestCancelledError{sent:true} never comes before its answer). `onSent` is told as
   * each request leaves.
   */
  withSignal(signal: AbortSignal, onSent?: () => void): DiscordApi;
  /** The global pace this client was configured with (requests per second); rateLimitTally() has the pace it keeps now. */
  readonly maxRequestsPerSecond: number;
  /** The 429s met so far and the pace kept now. */
  rateLimitTally(): RateLimitTally;
  /** Which kinds of token this client holds right now. */
  authKinds(): AuthKind[];
  /**
   * Whether a permission PUT may be sent: `no-sign-in` without a user token, `missing-scope` when the
   * sign-in's recorded scopes lack applications.commands.permissions.update (Discord would answer 50026).
   */
  overwriteAccess(): OverwriteAccess;

  /** GET /applications/@me — bot or client credentials. */
  getApplication(): Promise<Application>;

  /** Command routes — bot or client credentials (never a user sign-in). */
  listCommands(scope: Scope, options?: ListOptions): Promise<Command[]>;
  getCommand(scope: Scope, commandId: string): Promise<Command>;
  /** POST upserts by (name, type): `created` is true on 201, false on 200 (an existing command was overwritten). */
  createCommand(scope: Scope, draft: CommandDraft): Promise<{ command: Command; created: boolean }>;
  editCommand(scope: Scope, commandId: string, patch: Partial<CommandDraft>): Promise<Command>;
  deleteCommand(scope: Scope, commandId: string): Promise<void>;
  bulkOverwrite(scope: Scope, drafts: CommandDraft[]): Promise<Command[]>;

  /** Reading overwrites — bot, client credentials or user. */
  listGuildPermissions(guildId: string): Promise<GuildCommandPermissions[]>;
  /** null when the command has no overwrites in that guild (404 / 10066). */
  getCommandPermissions(guildId: string, commandId: string): Promise<GuildCommandPermissions | null>;
  /** Replaces the command's overwrites in the guild — user Bearer with applications.commands.permissions.update only. */
  setCommandPermissions(guildId: string, commandId: string, overwrites: PermissionOverwrite[]): Promise<GuildCommandPermissions>;

  /** GET /users/@me — user (identify) or bot. */
  getCurrentUser(): Promise<User>;
  /** GET /users/@me/guilds, every page — the bot's guilds when a bot token is held, else the signed-in user's (guilds scope). */
  listCurrentUserGuilds(): Promise<PartialGuild[]>;
  /** Guild pickers — bot token. */
  getGuild(guildId: string): Promise<PartialGuild>;
  getGuildRoles(guildId: string): Promise<Role[]>;
  /** Omits channels the bot cannot view (platform change of 2026-11-16). */
  getGuildChannels(guildId: string): Promise<Channel[]>;
  /** One channel by id — bot token: Unknown Channel (10003) when there is none, Missing Access (50001) when the bot cannot view it. */
  getChannel(channelId: string): Promise<Channel>;
  getGuildMember(guildId: string, userId: string): Promise<Member>;
  /** One page of members in user-id order (limit 1–1000, after a user id). */
  listGuildMembers(guildId: string, page: { limit: number; after?: string }): Promise<Member[]>;
  /** Members whose username or nickname starts with `query` (1–100 characters), at most `limit`. */
  searchGuildMembers(guildId: string, query: string, limit: number): Promise<Member[]>;
}
