/**
 * Shared by the restore tests: a client holding the emulator's bot and user tokens (to mutate a
 * scope behind cmd-tui's back), signing the seeded admin in for the CLI, and a view of a scope
 * that ignores ids, versions and the server's defaults, to compare it with a backup.
 */
import { createDiscordApi } from '../../source/api/client.js';
import type { DiscordApi } from '../../source/api/contract.js';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import type { Command, GuildCommandPermissions } from '../../source/discord/model.js';
import { scopeDefaults, toComparableForm } from '../../source/discord/normalize.js';
import { commandKey } from '../../source/discord/plan.js';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { readEnvironment } from '../../source/config/environment.js';

const USER_SCOPES = ['applications.commands.permissions.update', 'identify', 'guilds'];

export function ownerClient(emulator: RunningEmulator): Promise<DiscordApi> {
  return createDiscordApi({
    baseUrl: emulator.baseUrl,
    applicationId: emulator.applicationId,
    // The test's own hands on the emulator (rate limits off), not the client under test: not held to Discord's 50/s.
    maxRequestsPerSecond: 5_000,
    credentials: { botToken: emulator.botToken, user: { accessToken: emulator.userToken, scopes: USER_SCOPES } },
  });
}

/** What `cmd-tui auth login --preset permissions` would leave in the store. */
export async function signInAdmin(emulator: Pick<RunningEmulator, 'baseUrl' | 'applicationId' | 'userToken'>, env: NodeJS.ProcessEnv): Promise<void> {
  await updateStoredCredentials(defaultStores(readEnvironment(env, process.platform)), emulator.baseUrl, emulator.applicationId, (current) => ({
    ...current,
    user: { accessToken: emulator.userToken, scopes: USER_SCOPES },
  }));
}

/** Commands and overwrites with ids replaced by (type, name): equal views mean nothing was lost. */
export function scopeView(scope: 'global' | 'guild', commands: readonly Command[], permissions: readonly GuildCommandPermissions[]) {
  const defaults = scopeDefaults(scope, [0, 1]);
  const names = new Map(commands.map((command) => [command.id, commandKey(command)]));
  return {
    commands: commands.map((command) => JSON.stringify(toComparableForm(command, defaults))).sort(),
    permissions: permissions
      .filter((entry) => entry.permissions.length > 0)
      .map((entry) => `${entry.guild_id}/${names.get(entry.id) ?? entry.id}: ${JSON.stringify([...entry.permissions].sort((a, b) => (a.id < b.id ? -1 : 1)))}`)
      .sort(),
  };
}
