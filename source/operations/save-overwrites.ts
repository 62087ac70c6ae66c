/**
 * Saving one edited overwrite list (`cmd-tui perms set`, the TUI's permissions save): under the
 * guild's lock, read the guild again — once, for both — and refuse, with nothing sent, when this list
 * changed since it was read (the PUT replaces the whole list), keep that reading as the backup (the
 * journal names it), then one PUT. After it, the list is read back: a writer elsewhere saving at the same moment
 * could undo part of ours unseen, and the outcome says what is not on Discord now.
 */
import { DiscordApiError } from '../api/errors.js';
import { readBackFailedNote } from '../backup/read-back.js';
import { guildScope, type GuildCommandPermissions, type PermissionOverwrite } from '../discord/model.js';
import { changesUndone, diffOverwrites, type OverwriteChange } from '../discord/overwrite-diff.js';
import { refusalText } from '../discord/overwrite-refusals.js';
import type { GuildDirectory } from '../discord/overwrite-targets.js';
import type { WriteOptions } from './delete-command.js';
import { settledWrite } from './write-truth.js';
import { underLock, type Journal, type Workspace } from './workspace.js';

export interface OverwritesRequest {
  guildId: string;
  entry: { id: string; label: string };
  /** The list as read: what the edits were made against. */
  base: readonly PermissionOverwrite[];
  next: PermissionOverwrite[];
  directory: GuildDirectory;
}

export interface SavedOverwrites {
  saved: GuildCommandPermissions;
  backup: string;
  /** Of the changes sent, those not on Discord when read back right after (another writer?). */
  undone: OverwriteChange[];
  /** The list as read back (as saved when the read-back failed). */
  now: PermissionOverwrite[];
  /** Set when Discord confirmed the save but reading the list back right after failed. */
  readBackFailed?: string;
}

/** The list changed on Discord after it was read: nothing was sent. */
export class OverwritesChangedError extends Error {
  override readonly name = 'OverwritesChangedError';
  readonly hint = 'Read the list again, then redo the change on it.';
}

/** A refusal from Discord re-worded for permission editing (overwrite-refusals.ts), the same words in the CLI and the TUI. */
export class PermissionsRefusedError extends Error {
  override readonly name = 'PermissionsRefusedError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

export function explainRefusal(error: unknown, entry: { label: string }, guildId: string): unknown {
  if (!(error instanceof DiscordApiError)) return error;
  const text = refusalText(error.code, entry.label, guildId);
  return text ? new PermissionsRefusedError(text.message, text.hint) : error;
}

/** `journal`: the CLI's command line; the TUI's save by default. */
export async function saveOverwrites(workspace: Workspace, request: OverwritesRequest, options: WriteOptions & { journal?: Journal } = {}): Promise<SavedOverwrites> {
  const { api } = workspace;
  const { guildId, entry } = request;
  const scope = guildScope(guildId);
  const reason = `permissions of ${entry.label} in guild ${guildId}`;
  const journal = options.journal ?? { command: `save the overwrites of ${entry.label} in the TUI`, rerunnable: false };
  const { saved, backup } = await underLock(workspace, scope, journal, async (lock) => {
    // One reading serves the stale check and the backup. What it holds is decided once, by the credentials
    // (workspace.snapshot): with a bot token the guild's commands and overwrites; with a browser sign-in
    // alone, which reads no commands, its overwrites — the CLI's save and the TUI's alike.
    const snapshot = await workspace.snapshot(scope, reason, options.signal);
    const current = snapshot.permissions.find((p) => p.id === entry.id)?.permissions ?? [];
    if (diffOverwrites(request.base, current, request.directory).length > 0) {
      throw new OverwritesChangedError(`The overwrites of ${entry.label} changed on Discord since they were read. Nothing was sent.`);
    }
    const path = await workspace.keep(snapshot);
    await lock.noteBackup(path);
    const sending = options.signal ? api.withSignal(options.signal, options.sent) : api;
    const written = await settledWrite<GuildCommandPermissions>(
      `The save of the overwrites of ${entry.label}`,
      () => sending.setCommandPermissions(guildId, entry.id, request.next).catch((error: unknown) => {
        throw explainRefusal(error, entry, guildId);
      }),
      async () => {
        const now = await api.getCommandPermissions(guildId, entry.id);
        return now && diffOverwrites(request.next, now.permissions, request.directory).length === 0 ? { applied: true, value: now } : { applied: false };
      },
      path,
    );
    return { saved: written, backup: path };
  }, options.notice);
  let now: PermissionOverwrite[];
  try {
    now = (await api.getCommandPermissions(guildId, entry.id))?.permissions ?? [];
  } catch (error) {
    const check = `cmd-tui perms list --guild ${guildId} --command ${entry.id}`;
    return { saved, backup, undone: [], now: saved.permissions, readBackFailed: readBackFailedNote(`Saved the overwrites of ${entry.label}`, error, check) };
  }
  const undone = changesUndone(diffOverwrites(request.base, request.next, request.directory), now);
  return { saved, backup, undone, now };
}
