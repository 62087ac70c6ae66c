/**
 * A guild's overwrites as `perms list`, `perms who` and the permissions screen read them: with a bot token
 * (or client credentials) by command; with a browser sign-in alone — which Discord lets read overwrites,
 * not commands — by command id, named from the newest local backups where they have the id.
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import { loadGuildOverwrites, type GuildOverwrites } from '../api/guild-overwrites.js';
import { isSnowflake } from '../discord/model.js';
import { findEntry, unlistedEntry, type EntryLookup, type PermissionEntry } from '../discord/overwrite-entries.js';
import type { Workspace } from './workspace.js';

/** `perms list|set|who` read this way; the permissions screen reads the same (use-guild-overwrites.ts). */
export function readGuildOverwrites(workspace: Pick<Workspace, 'api' | 'knownCommands'>, guildId: string): Promise<GuildOverwrites> {
  const { knownCommands } = workspace;
  return loadGuildOverwrites(workspace.api, guildId, { signInOnly: { knownCommands: async () => (knownCommands ? knownCommands(guildId) : []) } });
}

/** Said beside what a sign-in alone read: why commands are shown by id and what could not be known. */
export function signInOnlyNote(api: Pick<DiscordApi, 'authKinds'>): string | undefined {
  if (canReadCommands(api)) return undefined;
  return 'Read with a browser sign-in alone, which cannot read commands: they are named from the newest local backup that has them, else shown by id. A bot token (`cmd-tui auth set-bot-token`) names them all.';
}

/**
 * The list `spec` names (`app`, a command id or name, as findEntry reads it) — the one decision `perms
 * list|set|who` and the permissions screen make. With a browser sign-in alone an id that is not listed is
 * taken at its word: Discord lists only the commands that have overwrites and lets a sign-in read no other,
 * so the command may well exist with none of its own yet. Its save then says whether it does (Discord
 * answers 10063 for an id that names no command: operations/save-overwrites.ts words it).
 */
export function overwriteEntryFor(entries: readonly PermissionEntry[], spec: string, options: { signInOnly: boolean }): EntryLookup {
  const found = findEntry(entries, spec);
  if (found.ok || !options.signInOnly) return found;
  const id = spec.trim();
  if (isSnowflake(id)) return { ok: true, entry: unlistedEntry(id) };
  return { ...found, message: `${found.message} A command without overwrites of its own is not listed to a sign-in: name it by its id.` };
}
