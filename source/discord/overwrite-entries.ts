/**
 * The overwrite lists of one guild as a person thinks of them: first the app-level entry (id = the
 * application id; its overwrites apply to every command without its own), then each command, guild
 * and global, with its own overwrites or none. Also resolves what a user typed for `--command`
 * (`app`, the application id, a command id or a name) to one of these entries.
 */
import { COMMAND_TYPE_NAMES, type Command, type GuildCommandPermissions, type PermissionOverwrite } from './model.js';
import { compareNames } from './command-order.js';
import type { Remedy } from './remedy.js';

export type PermissionEntry =
  | { kind: 'app'; id: string; label: string; overwrites: PermissionOverwrite[] }
  /** A command known only by the id its overwrites carry (a browser sign-in reads no commands); named from a backup when one has it. */
  | { kind: 'unlisted'; id: string; label: string; overwrites: PermissionOverwrite[] }
  | {
      kind: 'command';
      id: string;
      label: string;
      command: Command;
      scope: 'guild' | 'global';
      /** The command's own overwrites; [] when it has none and follows the app-level entry. */
      overwrites: PermissionOverwrite[];
      hasOwn: boolean;
    };

export type CommandEntry = Extract<PermissionEntry, { kind: 'command' }>;

export const APP_ENTRY_LABEL = 'all commands (app-level defaults)';

/** `/ban`, `Report message (MESSAGE)`, `Show profile (USER)`. */
export function commandLabel(command: Pick<Command, 'name' | 'type'>): string {
  return command.type === 1 ? `/${command.name}` : `${command.name} (${COMMAND_TYPE_NAMES[command.type] ?? `type ${command.type}`})`;
}

export function permissionEntries(
  applicationId: string,
  guildCommands: readonly Command[],
  globalCommands: readonly Command[],
  permissions: readonly GuildCommandPermissions[],
): PermissionEntry[] {
  const own = (id: string) => permissions.find((p) => p.id === id)?.permissions;
  const commandEntry = (command: Command, scope: 'guild' | 'global'): PermissionEntry => {
    const overwrites = own(command.id);
    return { kind: 'command', id: command.id, label: commandLabel(command), command, scope, overwrites: overwrites ?? [], hasOwn: overwrites !== undefined };
  };
  const byName = (a: Command, b: Command) => compareNames(a.name, b.name) || a.type - b.type;
  return [
    { kind: 'app', id: applicationId, label: APP_ENTRY_LABEL, overwrites: own(applicationId) ?? [] },
    ...[...guildCommands].sort(byName).map((c) => commandEntry(c, 'guild')),
    ...[...globalCommands].sort(byName).map((c) => commandEntry(c, 'global')),
  ];
}

/**
 * A guild's entries as a browser sign-in alone sees them: the overwrite lists, by command id, named
 * where `known` (commands from a local backup) has the id, and the known commands without a list (so
 * one can be given overwrites). Unnamed ones sort after the named.
 */
export function unlistedEntries(applicationId: string, permissions: readonly GuildCommandPermissions[], known: readonly Pick<Command, 'id' | 'name' | 'type'>[]): PermissionEntry[] {
  const label = (id: string) => {
    const command = known.find((c) => c.id === id);
    return command ? commandLabel(command) : undefined;
  };
  const lists = permissions.filter((p) => p.id !== applicationId);
  const withoutList = known.filter((c) => c.id !== applicationId && !lists.some((p) => p.id === c.id));
  const unlisted = [...lists.map((p) => ({ id: p.id, overwrites: p.permissions })), ...withoutList.map((c) => ({ id: c.id, overwrites: [] }))]
    .map((e): PermissionEntry => ({ ...unlistedEntry(e.id, label(e.id)), overwrites: e.overwrites }))
    .sort((a, b) => Number(a.label.startsWith('command ')) - Number(b.label.startsWith('command ')) || compareNames(a.label, b.label));
  return [{ kind: 'app', id: applicationId, label: APP_ENTRY_LABEL, overwrites: permissions.find((p) => p.id === applicationId)?.permissions ?? [] }, ...unlisted];
}

/** A command known by its id only, with no overwrites of its own yet (Discord lists only those that have some). */
export function unlistedEntry(id: string, label = `command ${id}`): PermissionEntry {
  return { kind: 'unlisted', id, label, overwrites: [] };
}

export type EntryLookup = { ok: true; entry: PermissionEntry } | { ok: false; message: string; remedy?: Remedy };

/**
 * `app` or the application id → the app-level entry; an id → that command; a name (with or without
 * the leading `/`) → the one command of that name, or an error listing the candidates by id.
 */
export function findEntry(entries: readonly PermissionEntry[], spec: string): EntryLookup {
  const text = spec.trim();
  const app = entries.find((e) => e.kind === 'app');
  if (app && (text.toLowerCase() === 'app' || text === app.id)) return { ok: true, entry: app };
  const byId = entries.find((e) => e.id === text);
  if (byId) return { ok: true, entry: byId };
  const name = text.replace(/^\//, '').toLowerCase();
  // A sign-in's lists are named from a backup (`/race`), so a name finds them too.
  const named = entries.filter((e) => (e.kind === 'command' ? e.command.name.toLowerCase() === name : e.kind === 'unlisted' && e.label.toLowerCase() === `/${name}`));
  const [only, ...others] = named;
  if (only && others.length === 0) return { ok: true, entry: only };
  if (only) {
    const candidates = named.map((e) => `${e.id} (${e.label}, ${e.kind === 'command' ? e.scope : 'named from a backup'})`).join(', ');
    return { ok: false, message: `"${spec}" names ${named.length} commands: ${candidates}. Pass the id instead.` };
  }
  return {
    ok: false,
    message: `No command "${spec}" in this guild or globally.`,
    remedy: { kind: 'list-commands', app: true },
  };
}
