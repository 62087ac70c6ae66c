/**
 * `cmd-tui perms list`: the app-level defaults and each command's overwrites in one guild, by name,
 * as text or `--json`. Targets the app cannot name are said to be so (hidden channel, deleted role).
 */
import { permissionNames } from '../discord/permission-flags.js';
import { allowDeny } from '../discord/overwrite-diff.js';
import { overwriteCount } from '../discord/overwrite-edit.js';
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import type { CommandEntry, PermissionEntry } from '../discord/overwrite-entries.js';
import {
  describeTarget,
  PERMISSION_TYPE_NAMES,
  targetPhrase,
  type GuildDirectory,
  type TargetStatus,
} from '../discord/overwrite-targets.js';
import type { PermissionOverwrite, PermissionTypeValue } from '../discord/model.js';
import { overwriteEntryFor, readGuildOverwrites, signInOnlyNote } from '../operations/read-overwrites.js';
import { withCliRemedy } from './remedy-words.js';
import { openWorkspace } from '../operations/workspace.js';
import { paintFor, PLAIN, type Paint } from '../terminal/colour.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { ExitCode, type CliIo } from './types.js';

export interface ListRequest {
  guildId: string;
  /** One entry (`app`, an id or a name); all of them when absent. */
  commandSpec?: string;
  json: boolean;
  noColor?: boolean;
}

export async function runList(api: DiscordApi, request: ListRequest, io: CliIo): Promise<number> {
  const { entries, directory } = await readGuildOverwrites(openWorkspace(api, io.environment.paths()), request.guildId);
  let shown = entries;
  if (request.commandSpec !== undefined) {
    const found = overwriteEntryFor(entries, request.commandSpec, { signInOnly: !canReadCommands(api) });
    if (!found.ok) {
      io.stderr.write(`cmd-tui perms list: ${withCliRemedy(found)}\n`);
      return ExitCode.Problems;
    }
    shown = [found.entry];
  }
  const note = signInOnlyNote(api);
  io.stdout.write(
    request.json
      ? `${JSON.stringify({ ...entriesJson(request.guildId, api.applicationId, shown, directory), ...(note ? { note } : {}) }, null, 2)}\n`
      : `${renderEntriesText(shown, directory, paintFor(io.stdout, io.environment.terminal.colour, { 'no-color': request.noColor }))}${note ? `${note}\n` : ''}`,
  );
  return ExitCode.Ok;
}

const STATUS_NOTES: Record<TargetStatus, string> = {
  known: '',
  'hidden-channel': '  (a channel the bot cannot view)',
  'deleted-role': '  (the role no longer exists: remove this overwrite)',
  'unknown-user': '',
  unresolved: '',
};

export function overwriteLines(overwrites: readonly PermissionOverwrite[], directory: GuildDirectory, paint: Paint = PLAIN): string[] {
  return overwrites.map((o) => {
    const target = describeTarget(o, directory);
    const word = allowDeny(o.permission).padEnd(5);
    return `  ${o.permission ? paint.create(word) : paint.remove(word)}  ${sanitizeLine(targetPhrase(target))}${STATUS_NOTES[target.status]}`;
  });
}

export function entryHeading(entry: PermissionEntry): string {
  if (entry.kind === 'app') return `${sanitizeLine(entry.label)} · ${overwriteCount(entry.overwrites)}`;
  if (entry.kind === 'unlisted') return `${sanitizeLine(entry.label)} (${entry.id}) · ${overwriteCount(entry.overwrites)}`;
  const own = entry.hasOwn ? ` · ${overwriteCount(entry.overwrites)}` : ' · no overwrites of its own: follows the app-level defaults';
  return `${commandSummary(entry)}${own}${defaultsNote(entry)}`;
}

function commandSummary(entry: CommandEntry): string {
  return `${sanitizeLine(entry.label)} (${entry.scope}, ${entry.id})`;
}

function defaultsNote(entry: CommandEntry): string {
  const dmp = entry.command.default_member_permissions;
  if (dmp === null) return '';
  return ` · default_member_permissions: ${dmp === '0' ? '0 (administrators only)' : permissionNames(dmp).join(' + ')}`;
}

/**
 * The app-level entry and every command with overwrites as blocks; the commands without any of their
 * own (usually most) one line each at the end, since the app-level block already says what they get.
 */
export function renderEntriesText(entries: readonly PermissionEntry[], directory: GuildDirectory, paint: Paint = PLAIN): string {
  const block = (entry: PermissionEntry) => {
    const lines = overwriteLines(entry.overwrites, directory, paint);
    if (entry.kind === 'app' && lines.length === 0) lines.push('  (none: each command follows its default_member_permissions)');
    return [entryHeading(entry), ...lines].join('\n');
  };
  const following = entries.length > 1 ? entries.filter((e): e is CommandEntry => e.kind === 'command' && !e.hasOwn) : [];
  const sections = entries.filter((e) => !following.some((f) => f.id === e.id)).map(block);
  if (following.length > 0) {
    const lines = following.map((e) => `  ${commandSummary(e)}${defaultsNote(e)}`);
    sections.push(['No overwrites of their own (they follow the app-level defaults):', ...lines].join('\n'));
  }
  const unread = directory.unread?.length ? '\nRoles or channels could not be read (they need a bot token), so those targets are shown by id.\n' : '';
  return `${sections.join('\n\n')}\n${unread}`;
}

export function overwritesJson(overwrites: readonly PermissionOverwrite[], directory: GuildDirectory) {
  return overwrites.map((o) => {
    const target = describeTarget(o, directory);
    return {
      id: o.id,
      type: PERMISSION_TYPE_NAMES[o.type as PermissionTypeValue] ?? `type ${o.type}`,
      permission: o.permission,
      target: target.label,
      kind: target.kind,
      status: target.status,
    };
  });
}

export function entriesJson(guildId: string, applicationId: string, entries: readonly PermissionEntry[], directory: GuildDirectory) {
  return {
    guildId,
    applicationId,
    entries: entries.map((entry) => ({
      kind: entry.kind,
      id: entry.id,
      label: entry.label,
      ...(entry.kind === 'command'
        ? {
            name: entry.command.name,
            type: entry.command.type,
            scope: entry.scope,
            defaultMemberPermissions: entry.command.default_member_permissions,
            hasOwnOverwrites: entry.hasOwn,
          }
        : {}),
      overwrites: overwritesJson(entry.overwrites, directory),
    })),
  };
}
