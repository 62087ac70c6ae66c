/**
 * Which permission overwrite lists must be written to bring a scope's overwrites back to a backup:
 * backup entries are mapped to today's command ids by (type, name) — recreated commands get new
 * ids — and compared as sets with what the guilds hold now. Each list is named by its command wherever
 * today's scope, the backup or other known commands (the live list, other backups) have its id. Pure; no I/O.
 */
import type { ScopeBackup } from './backup-format.js';
import type { Command, GuildCommandPermissions, PermissionOverwrite } from './model.js';
import { commandLabel } from './overwrite-entries.js';
import { commandKey } from './plan.js';

export interface OverwriteRestore {
  guildId: string;
  /** Today's id of the command (or the application id for the app-level entry). */
  commandId: string;
  /** For messages: the command as `/ban` (`Report (MESSAGE)`), "app-level overwrites", or `command ID` where no list knows its name. */
  target: string;
  overwrites: PermissionOverwrite[];
}

/** `known`: commands outside the scope that name lists of it (a guild holds global commands' lists too). */
export function overwritesToRestore(
  /** An overwrites-only backup has no commands: its lists keep their ids. */
  backup: Pick<ScopeBackup, 'applicationId' | 'scope' | 'permissions'> & { commands?: ScopeBackup['commands'] },
  commandsNow: readonly Command[],
  permissionsNow: readonly GuildCommandPermissions[],
  known: readonly Pick<Command, 'id' | 'name' | 'type'>[] = [],
): OverwriteRestore[] {
  const nowByKey = new Map(commandsNow.map((command) => [commandKey(command), command]));
  const backupCommands = backup.commands ?? [];
  const backupIds = new Map(backupCommands.map((command) => [command.id, nowByKey.get(commandKey(command))]));
  const idsNow = new Set(commandsNow.map((command) => command.id));
  // Today's names win over the backup's, which win over other lists'.
  const names = new Map<string, string>([...known, ...backupCommands, ...commandsNow].map((command) => [command.id, commandLabel(command)]));
  names.set(backup.applicationId, 'app-level overwrites');

  const wanted = new Map<string, PermissionOverwrite[]>();
  for (const entry of backup.permissions) {
    // Entries of commands outside the scope (global commands in a guild backup) keep their id.
    const id = backupIds.has(entry.id) ? backupIds.get(entry.id)?.id : entry.id;
    if (id !== undefined) wanted.set(`${entry.guild_id}/${id}`, entry.permissions);
  }
  const inScope = (entry: GuildCommandPermissions) =>
    backup.scope.kind === 'guild' ? entry.guild_id === backup.scope.guildId : idsNow.has(entry.id);
  const current = new Map(permissionsNow.filter(inScope).map((entry) => [`${entry.guild_id}/${entry.id}`, entry.permissions]));

  const restores: OverwriteRestore[] = [];
  for (const key of new Set([...wanted.keys(), ...current.keys()])) {
    const overwrites = wanted.get(key) ?? [];
    if (sameOverwrites(overwrites, current.get(key) ?? [])) continue;
    const [guildId = '', commandId = ''] = key.split('/');
    restores.push({ guildId, commandId, target: names.get(commandId) ?? `command ${commandId}`, overwrites });
  }
  return restores;
}

function sameOverwrites(a: readonly PermissionOverwrite[], b: readonly PermissionOverwrite[]): boolean {
  const canonical = (list: readonly PermissionOverwrite[]) =>
    JSON.stringify(list.map(({ id, type, permission }) => [type, id, permission]).sort((x, y) => (String(x) < String(y) ? -1 : 1)));
  return canonical(a) === canonical(b);
}
