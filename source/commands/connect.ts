/**
 * "Resolve the target, load the credentials, create the client" for every scriptable command
 * (list, audit, export, plan, apply, restore and perms): `--api`, `--app`, `--timeout` and the
 * credentials from the store or DISCORD_BOT_TOKEN / DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET.
 * Also what a command needs to know about the app to judge its commands.
 */
import { createDiscordApi } from '../api/client.js';
import type { DiscordApi } from '../api/contract.js';
import { describeError } from '../api/errors.js';
import { resolveApiBase } from '../api/target.js';
import { defaultStores, loadCredentials, persistRefreshedUser } from '../auth/credentials.js';
import type { AppContext } from '../discord/audit.js';
import { GLOBAL_SCOPE, IntegrationType, guildScope, type Scope } from '../discord/model.js';
import { scopeDefaults, type ScopeDefaults } from '../discord/normalize.js';
import { timeoutFlag } from './flags.js';
import { UsageError, type CliIo } from './types.js';

export interface ConnectFlags {
  api?: string;
  app?: string;
  timeout?: string;
}

export async function connect(flags: ConnectFlags, io: CliIo): Promise<DiscordApi> {
  const { env } = io;
  const target = resolveApiBase(flags.api);
  if (target.baseUrl === undefined) {
    throw new UsageError('--api local starts a throw-away emulator; scriptable commands need one that keeps its state: run `cmd-tui serve` and pass its URL');
  }
  const appFlag = flags.app;
  if (appFlag !== undefined && !/^\d{1,20}$/.test(appFlag)) throw new UsageError(`--app must be an application id (digits only), not "${appFlag}"`);
  const stores = defaultStores(env);
  const { credentials, applicationId } = await loadCredentials({ baseUrl: target.baseUrl, env, applicationId: appFlag, stores });
  return createDiscordApi({
    baseUrl: target.baseUrl,
    credentials,
    applicationId,
    timeoutMs: timeoutFlag(flags.timeout),
    ...(applicationId ? { onUserTokenRefreshed: persistRefreshedUser(stores, target.baseUrl, applicationId, warnUnsaved(io)) } : {}),
  });
}

/** A refreshed sign-in that could not be saved must be redone next time: say so, once per failure. */
function warnUnsaved(io: CliIo): (error: unknown) => void {
  return (error) => io.stderr.write(`cmd-tui: your refreshed sign-in could not be saved (${describeError(error).message}); run \`cmd-tui auth login\` next time.\n`);
}

export function scopeOf(guildId: string | undefined): Scope {
  return guildId === undefined ? GLOBAL_SCOPE : guildScope(guildId);
}

export interface AppFacts extends AppContext {
  /** Installation types the app supports (keys of integration_types_config); GUILD_INSTALL when none. */
  supportedIntegrationTypes: number[];
}

/** What validation and the server-default comparison need to know about the app. */
export async function appFacts(api: DiscordApi): Promise<AppFacts> {
  const application = await api.getApplication();
  const configured = Object.keys(application.integration_types_config ?? {}).map(Number).filter(Number.isInteger);
  return {
    applicationId: api.applicationId,
    appFlags: application.flags ?? 0,
    supportedIntegrationTypes: configured.length > 0 ? configured.sort((a, b) => a - b) : [IntegrationType.GuildInstall],
  };
}

export function defaultsFor(scope: Scope, app: AppFacts): ScopeDefaults {
  return scopeDefaults(scope.kind, app.supportedIntegrationTypes);
}
