/**
 * Backup before mutation: reads a scope's commands (with localizations) and their overwrites, and
 * writes them to the backup store, verified. Every write reaches it through the Workspace
 * (operations/workspace.ts: `snapshot`, then `keep`) and sends its first request only after the file is there.
 */
import type { DiscordApi } from '../api/contract.js';
import { AuthRequiredError, DiscordApiError } from '../api/errors.js';
import type { AppPaths } from '../config/paths.js';
import { BACKUP_FORMAT, OVERWRITES_BACKUP_FORMAT, type OverwritesBackup, type ScopeBackup } from '../discord/backup-format.js';
import type { GuildCommandPermissions, Scope } from '../discord/model.js';
import { LocalWriteError } from '../config/local-failure.js';
import { writeBackup, type BackupEntry } from './store.js';

export async function captureScope(api: DiscordApi, scope: Scope, reason: string, now = new Date()): Promise<ScopeBackup> {
  const commands = await api.listCommands(scope, { withLocalizations: true });
  return {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: now.toISOString(),
    reason,
    applicationId: api.applicationId,
    scope,
    commands,
    permissions: await capturePermissions(api, scope, new Set(commands.map((command) => command.id))),
  };
}

/**
 * With only a browser sign-in the commands cannot be read, but a guild's overwrites can: this keeps
 * what a permissions save replaces, in the format restore refuses (backup-format.ts says why).
 */
export async function captureOverwrites(api: DiscordApi, scope: Scope, reason: string, now = new Date()): Promise<OverwritesBackup> {
  return {
    format: OVERWRITES_BACKUP_FORMAT,
    version: 1,
    createdAt: now.toISOString(),
    reason,
    applicationId: api.applicationId,
    scope,
    permissions: scope.kind === 'guild' ? await api.listGuildPermissions(scope.guildId) : [],
  };
}

/** Writes a captured scope to the backup store; a disk that refuses is a LocalWriteError naming the folder. */
export async function writeScopeBackup(paths: AppPaths, backup: ScopeBackup | OverwritesBackup): Promise<BackupEntry> {
  const folder = paths.backups;
  return writeBackup(folder, backup).catch((error: unknown) => {
    throw LocalWriteError.from(error, folder, 'back up the scope before changing it') ?? error;
  });
}

/**
 * Guild scope: the guild's whole list (its commands, global commands' entries there, app-level).
 * Global scope: deleting a global command drops its overwrites in every guild, so every guild the
 * bot is in is read (the client's queues keep this within the rate limits).
 */
async function capturePermissions(api: DiscordApi, scope: Scope, commandIds: Set<string>): Promise<GuildCommandPermissions[]> {
  if (scope.kind === 'guild') return api.listGuildPermissions(scope.guildId);
  if (commandIds.size === 0) return [];
  // A client-credentials-only setup cannot list guilds; it cannot edit overwrites either.
  const guilds = await api.listCurrentUserGuilds().catch((error: unknown) => {
    if (error instanceof AuthRequiredError) return [];
    throw error;
  });
  const perGuild = await Promise.all(guilds.map((guild) => permissionsInGuild(api, guild.id)));
  return perGuild.flat().filter((entry) => commandIds.has(entry.id));
}

/** A guild the app is not installed in (a user's guild list has those) holds no overwrites of ours. */
export async function permissionsInGuild(api: DiscordApi, guildId: string): Promise<GuildCommandPermissions[]> {
  try {
    return await api.listGuildPermissions(guildId);
  } catch (error) {
    if (error instanceof DiscordApiError && error.status === 403 && error.code === 50001) return [];
    throw error;
  }
}
