/**
 * Deleting one command (the TUI's `d`, the audit's ghost fix): under the scope's lock, back up the
 * scope (the journal names the backup), then one DELETE, settled by reading back when its answer is
 * lost. Cancelled before the DELETE leaves, nothing is sent; after, it is carried out or not and the
 * outcome says which.
 */
import { DiscordApiError } from '../api/errors.js';
import type { Command, Scope } from '../discord/model.js';
import { settledWrite } from './write-truth.js';
import { backUp, underLock, type Workspace } from './workspace.js';

export interface DeleteRequest {
  scope: Scope;
  command: Pick<Command, 'id' | 'name'>;
  /** Written into the backup and the journal, e.g. `delete ping` or `delete ping (a ghost duplicate …)`. */
  reason: string;
}

/** How a caller follows one write: cancels it, learns when it leaves, and hears the lock's notices. */
export interface WriteOptions {
  signal?: AbortSignal;
  /** Told when the write leaves (the screen then says "sent; waiting for Discord's answer"). */
  sent?: () => void;
  /** Told what the CLI prints as `cmd-tui: …`: an interrupted write taken over, a lock that stayed behind. */
  notice?: (message: string) => void;
}

export interface Deleted {
  backup: string;
}

export async function deleteCommand(workspace: Workspace, request: DeleteRequest, cancel: WriteOptions = {}): Promise<Deleted> {
  const { scope, command } = request;
  const { api } = workspace;
  return underLock(workspace, scope, { command: `${request.reason} in the TUI`, rerunnable: false }, async (lock) => {
    const { path } = await backUp(workspace, scope, request.reason, cancel.signal);
    await lock.noteBackup(path);
    const sending = cancel.signal ? api.withSignal(cancel.signal, cancel.sent) : api;
    await settledWrite<void>(
      `The delete of ${command.name}`,
      () => sending.deleteCommand(scope, command.id),
      async () => {
        try {
          await api.getCommand(scope, command.id);
          return { applied: false };
        } catch (error) {
          if (error instanceof DiscordApiError && error.status === 404) return { applied: true, value: undefined };
          throw error;
        }
      },
      path,
    );
    return { backup: path };
  }, cancel.notice);
}
