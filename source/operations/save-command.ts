/**
 * Saving one command from the editor: create, edit or rename. Under the scope's lock, the scope is
 * backed up first (the journal names the backup): a create is an upsert that may overwrite a command
 * of the same name and type, so it is backed up like an edit. An edit is refused, with nothing sent,
 * when the command changed on Discord since it was opened (the PATCH would silently undo that change);
 * a create counts in the day's ledger. Lost answers are settled by reading back.
 */
import { findUpsertTarget, appliedOnServer } from '../api/read-back.js';
import { isRename, patchFor } from '../discord/command-patch.js';
import type { Command, CommandDraft, Scope } from '../discord/model.js';
import { toBodyForm } from '../discord/normalize.js';
import type { WriteOptions } from './delete-command.js';
import { settledWrite } from './write-truth.js';
import { underLock, type Workspace } from './workspace.js';

export interface SaveRequest {
  scope: Scope;
  draft: CommandDraft;
  /** The command as the editor opened it; undefined for a new command. */
  original?: Command;
}

export interface SavedCommand {
  command: Command;
  /** A create that overwrote an existing command of the same name and type (POST upserts). */
  overwroteExisting: boolean;
  /** The backup taken before the save. */
  backup: string;
}

/** The command changed or went on Discord after the editor opened it: nothing was sent. */
export class CommandChangedError extends Error {
  override readonly name = 'CommandChangedError';
  readonly hint = 'Your edits are still here. Leave the editor and press ctrl+r to read it again, then redo them.';
}

/** What the journal and the backup call a save. */
export function saveReason(request: Pick<SaveRequest, 'draft' | 'original'>): string {
  const { draft, original } = request;
  if (!original) return `create ${draft.name}`;
  return isRename(original, draft) ? `rename ${original.name} to ${draft.name}` : `edit ${original.name}`;
}

export async function saveCommand(workspace: Workspace, request: SaveRequest, cancel: WriteOptions = {}): Promise<SavedCommand> {
  const reason = saveReason(request);
  return underLock(workspace, request.scope, { command: `${reason} in the TUI`, rerunnable: false }, async (lock) => {
    const { original } = request;
    const snapshot = await workspace.snapshot(request.scope, reason, cancel.signal);
    // Refused before anything is kept or sent: the reading the backup keeps is the one checked.
    if (original && 'commands' in snapshot) assertUnchanged(original, snapshot.commands);
    const path = await workspace.keep(snapshot);
    await lock.noteBackup(path);
    if (!original) return { ...(await create(workspace, request, cancel)), backup: path };
    return { command: await edit(workspace, request, original, cancel, path), overwroteExisting: false, backup: path };
  }, cancel.notice);
}

/** A command deleted meanwhile is left to Discord's answer (10063): a PATCH cannot bring it back or undo anything. */
function assertUnchanged(original: Command, live: readonly Command[]): void {
  const now = live.find((command) => command.id === original.id);
  if (!now) return;
  const same = original.version && now.version ? original.version === now.version : JSON.stringify(toBodyForm(original)) === JSON.stringify(toBodyForm(now));
  if (!same) throw new CommandChangedError(`${original.name} changed on Discord since the editor opened it (another writer?); nothing was sent, so that change is not undone.`);
}

async function create(workspace: Workspace, request: SaveRequest, cancel: WriteOptions): Promise<Omit<SavedCommand, 'backup'>> {
  const { api } = workspace;
  const body = toBodyForm(request.draft) as CommandDraft;
  const sending = cancel.signal ? api.withSignal(cancel.signal, cancel.sent) : api;
  const { command, created } = await settledWrite<{ command: Command; created: boolean }>(
    `The create of ${request.draft.name}`,
    () => workspace.countCreate(request.scope, () => sending.createCommand(request.scope, body)),
    async () => {
      const existing = findUpsertTarget(body, await api.listCommands(request.scope, { withLocalizations: true }));
      return existing && appliedOnServer(body, existing) ? { applied: true, value: { command: existing, created: true } } : { applied: false };
    },
  );
  return { command, overwroteExisting: !created };
}

async function edit(workspace: Workspace, request: SaveRequest, original: Command, cancel: WriteOptions, backup: string): Promise<Command> {
  const { api } = workspace;
  const patch = patchFor(original, request.draft);
  const sending = cancel.signal ? api.withSignal(cancel.signal, cancel.sent) : api;
  return settledWrite<Command>(
    `The save of ${original.name}`,
    () => sending.editCommand(request.scope, original.id, patch),
    async () => {
      const now = await api.getCommand(request.scope, original.id);
      return appliedOnServer(patch, now) ? { applied: true, value: now } : { applied: false };
    },
    backup,
  );
}
