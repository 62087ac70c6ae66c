/**
 * `cmd-tui perms set`: edits one overwrite list (a command's, or the app-level defaults) in a guild.
 * Order of events: refuse without a signed-in user (nothing is read or sent), read the current
 * list as the permissions screen reads it and find it as it does (with a browser sign-in alone: by command id,
 * any id taken at its word — operations/read-overwrites.ts), apply the edits
 * (the 101st overwrite is refused here, before any write), show what changes, confirm, then the same save
 * as the TUI's (operations/save-overwrites.ts): the guild read again once for the stale check and the
 * backup (overwrites only with a sign-in alone), then one PUT that replaces the list, read back.
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import { AuthRequiredError } from '../api/errors.js';
import { shellQuoted } from '../backup/scope-lock.js';
import { readBackField } from '../backup/read-back.js';
import { OverwritesChangedError, saveOverwrites } from '../operations/save-overwrites.js';
/** Where the CLI's tests and the TUI find Discord's refusals worded for permission editing. */
export { explainRefusal } from '../operations/save-overwrites.js';
import { openWorkspace } from '../operations/workspace.js';
import { allChannelsId, PermissionType } from '../discord/model.js';
import { describeChange, diffOverwrites, summarizeChanges, type OverwriteChange } from '../discord/overwrite-diff.js';
import { applyOverwriteEdits, overwriteCount, type OverwriteEdit } from '../discord/overwrite-edit.js';
import type { PermissionEntry } from '../discord/overwrite-entries.js';
import { SCOPE_MISSING, SIGN_IN_NEEDED } from '../discord/overwrite-refusals.js';
import { describeTarget, newTargetProblem, sameTarget, targetPhrase, withMembers, type GuildDirectory, type TargetRef } from '../discord/overwrite-targets.js';
import { confirm } from './confirm.js';
import { overwriteEntryFor, readGuildOverwrites, signInOnlyNote } from '../operations/read-overwrites.js';
import { withCliRemedy } from './remedy-words.js';
import { lookupMember, notAMemberMessage } from '../api/guild-members.js';
import { lookupChannel, notAChannelMessage } from '../api/channel-lookup.js';
import { overwritesJson } from './perms-list.js';
import { ExitCode, type CliIo } from './types.js';

export interface SetRequest {
  guildId: string;
  commandSpec: string;
  /** Targets already parsed from `role:ID`-style specs, in the order given. */
  edits: Array<{ action: 'allow' | 'deny' | 'remove'; target: TargetRef }>;
  yes: boolean;
  json: boolean;
}

export async function runSet(api: DiscordApi, request: SetRequest, io: CliIo): Promise<number> {
  const access = api.overwriteAccess();
  if (access !== 'ok') {
    const why = access === 'missing-scope' ? SCOPE_MISSING : SIGN_IN_NEEDED;
    throw new AuthRequiredError(['user'], why.message, why.hint);
  }
  const { guildId } = request;
  const workspace = openWorkspace(api, io.environment.paths());
  // Read as the permissions screen reads: with a browser sign-in alone, the lists by command id (named from local backups).
  const { entries, directory: read } = await readGuildOverwrites(workspace, guildId);
  let directory = read;
  const found = overwriteEntryFor(entries, request.commandSpec, { signInOnly: !canReadCommands(api) });
  // A sign-in alone sees only the lists that exist, named where a local backup has the command: said beside a miss.
  if (!found.ok) return refuse(io, request, [withCliRemedy(found), signInOnlyNote(api)].filter(Boolean).join(' '));
  const entry = found.entry;

  const added = request.edits.filter((edit) => edit.action !== 'remove' && !entry.overwrites.some((o) => sameTarget(o, edit.target)));
  const problem = added.map((edit) => newTargetProblem(edit.target, directory)).find((message) => message !== undefined);
  if (problem) return refuse(io, request, `${problem} Nothing was sent.`);
  // A typed user id is looked up first: an id that names nobody in the guild would be saved as a dead overwrite.
  for (const edit of added.filter((edit) => edit.target.type === PermissionType.User && !directory.members?.some((m) => m.user?.id === edit.target.id))) {
    const lookup = await lookupMember(api, guildId, edit.target.id);
    if (lookup.status === 'not-a-member') return refuse(io, request, `${notAMemberMessage(edit.target.id, `guild ${guildId}`, lookup.code)} Nothing was sent.`);
    if (lookup.status === 'unchecked') io.stderr.write(`cmd-tui perms set: user ${edit.target.id} is not checked (${lookup.reason}).\n`);
    else directory = withMembers(directory, [lookup.member]);
  }
  // A typed channel id is checked too: one that names no channel would be saved as a "hidden channel" for ever.
  for (const edit of added.filter((edit) => edit.target.type === PermissionType.Channel && edit.target.id !== allChannelsId(guildId) && !directory.channels.some((channel) => channel.id === edit.target.id))) {
    const lookup = await lookupChannel(api, edit.target.id);
    const refusal = notAChannelMessage(edit.target.id, guildId, lookup);
    if (refusal) return refuse(io, request, `${refusal} Nothing was sent.`);
    if (lookup.status === 'unchecked') io.stderr.write(`cmd-tui perms set: channel ${edit.target.id} is not checked (${lookup.reason}).\n`);
  }
  const outcome = applyOverwriteEdits(entry.overwrites, request.edits.map((edit) => toEdit(edit, directory)));
  if (!outcome.ok) return refuse(io, request, `${outcome.message} Nothing was sent.`);
  const skipped = outcome.skipped ?? [];
  if (!request.json) for (const message of skipped) io.stderr.write(`cmd-tui perms set: ${message} Skipped.\n`);
  const changes = diffOverwrites(entry.overwrites, outcome.overwrites, directory);
  const report = { ...planJson(request, entry, changes, outcome.overwrites, directory), ...(skipped.length > 0 ? { skipped } : {}) };

  if (changes.length === 0) {
    write(io, request, { ...report, applied: false }, `No change: ${entry.label} already has these overwrites. Nothing was sent.\n`);
    return ExitCode.Ok;
  }
  if (!request.json) io.stdout.write(preview(entry, guildId, changes, outcome.overwrites));
  if (!(await confirmed(io, request))) {
    if (request.json) write(io, request, { ...report, applied: false }, '');
    io.stderr.write('cmd-tui perms set: nothing was sent; pass --yes to apply without a prompt.\n');
    return ExitCode.Problems;
  }

  const written = await saveOverwrites(workspace, { guildId, entry, base: entry.overwrites, next: outcome.overwrites, directory }, { journal: { command: commandLine(request), rerunnable: true }, notice: (message) => io.stderr.write(`cmd-tui: ${message}\n`) }).catch((error: unknown) => {
    if (error instanceof OverwritesChangedError) return undefined;
    throw error;
  });
  if (!written) {
    return refuse(io, request, `The overwrites of ${entry.label} changed on Discord while this command ran. Nothing was sent: run it again to see the new list.`);
  }
  const { backup, saved, undone, now } = written;
  if (undone.length > 0) {
    const message = `Saved, but a save elsewhere undid part of it right after (another writer?): ${undone.map(describeChange).join(', ')} is not on Discord now.`;
    write(io, request, { ...report, applied: false, undone: undone.map(changeJson), after: overwritesJson(now, directory), backup }, '');
    io.stderr.write(`cmd-tui perms set: ${message}\n`);
    // On a terminal the same edits can go again onto the list as it is now (read afresh, previewed, confirmed).
    if (!request.json && io.stdin.isTTY === true && (await confirm(io, 'Apply your change again to the current list?'))) return runSet(api, { ...request, yes: false }, io);
    if (!request.json) io.stderr.write('  Run the command again to apply your change to the current list.\n');
    return ExitCode.Problems;
  }
  write(
    io,
    request,
    { ...report, applied: true, after: overwritesJson(saved.permissions, directory), backup, ...readBackField(written) },
    `Saved: ${summarizeChanges(changes)}; ${entry.label} now has ${overwriteCount(saved.permissions)} overwrites.\nBackup of the previous overwrites: ${backup}\n`,
  );
  if (written.readBackFailed) io.stderr.write(`cmd-tui perms set: ${written.readBackFailed}\n`);
  return ExitCode.Ok;
}

function toEdit(edit: SetRequest['edits'][number], directory: GuildDirectory): OverwriteEdit {
  const target = { ...edit.target, label: targetPhrase(describeTarget(edit.target, directory)) };
  return edit.action === 'remove' ? { action: 'remove', target } : { action: 'set', target, permission: edit.action === 'allow' };
}

function preview(entry: PermissionEntry, guildId: string, changes: readonly OverwriteChange[], after: PermissionEntry['overwrites']): string {
  const lines = changes.map((change) => `  ${describeChange(change)}`).join('\n');
  return `Overwrites of ${entry.label} in guild ${guildId} (${overwriteCount(entry.overwrites)} → ${overwriteCount(after)}):\n${lines}\n${summarizeChanges(changes)}\n`;
}

function planJson(request: SetRequest, entry: PermissionEntry, changes: readonly OverwriteChange[], after: PermissionEntry['overwrites'], directory: GuildDirectory) {
  return {
    guildId: request.guildId,
    entry: { kind: entry.kind, id: entry.id, label: entry.label },
    changes: changes.map(changeJson),
    before: overwritesJson(entry.overwrites, directory),
    after: overwritesJson(after, directory),
  };
}

function changeJson(change: OverwriteChange) {
  return {
    kind: change.kind,
    id: change.target.id,
    target: change.target.label,
    ...(change.kind === 'flipped' ? { from: change.from, to: change.to } : { permission: change.permission }),
  };
}

function confirmed(io: CliIo, request: SetRequest): Promise<boolean> {
  if (request.yes) return Promise.resolve(true);
  // --json is for scripts: never stop to ask.
  if (request.json) return Promise.resolve(false);
  return confirm(io, 'Send this change to Discord?');
}

/** The journal's command: the same `perms set` line, which converges when run again. */
function commandLine(request: SetRequest): string {
  const kind = (type: number) => (type === PermissionType.Role ? 'role' : type === PermissionType.User ? 'user' : 'channel');
  const edits = request.edits.map((edit) => `--${edit.action} ${kind(edit.target.type)}:${edit.target.id}`).join(' ');
  return `perms set --guild ${request.guildId} --command ${shellQuoted(request.commandSpec)} ${edits}`;
}

function refuse(io: CliIo, request: SetRequest, message: string): number {
  if (request.json) io.stdout.write(`${JSON.stringify({ guildId: request.guildId, applied: false, error: message }, null, 2)}\n`);
  io.stderr.write(`cmd-tui perms set: ${message}\n`);
  return ExitCode.Problems;
}

function write(io: CliIo, request: SetRequest, json: object, text: string): void {
  io.stdout.write(request.json ? `${JSON.stringify(json, null, 2)}\n` : text);
}
