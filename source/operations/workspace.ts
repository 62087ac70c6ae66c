/**
 * What every operation works with, built once per session (TUI) or run (CLI): the API client, and
 * the local state around it — backups, the scope's lock and journal, the daily-creates ledger.
 * Operations take a Workspace instead of threading `env` through their signatures; component tests
 * pass a fake one. The real one loads the backup modules only when a write needs them, so nothing
 * here weighs on the TUI's first frame.
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import type { LockOptions, ScopeLock } from '../backup/scope-lock.js';
import type { Command, Scope } from '../discord/model.js';

/** The journal entry a write leaves in the scope's lock: what would be interrupted, in the user's words. */
export interface Journal {
  /** A command the user can run (`apply commands.json`) or recognise (`delete /ping in the TUI`). */
  command: string;
  /** True when running `command` again finishes an interrupted write (it converges). */
  rerunnable: boolean;
}

export interface Workspace {
  readonly api: DiscordApi;
  /** Where local files go (config/paths.ts reads it); the plan engine needs it for the ledger and backups. */
  readonly env: NodeJS.ProcessEnv;
  /**
   * Saves the scope's commands and overwrites before a change (a failed backup stops it); resolves to
   * the file and the commands it read. `signal` cancels the reads: nothing has been sent yet.
   */
  backup(scope: Scope, reason: string, signal?: AbortSignal): Promise<{ path: string; commands?: readonly Command[] }>;
  /**
   * Runs `write` holding the scope's lock with its journal entry (backup/scope-lock.ts), so that no
   * other cmd-tui on this machine interleaves, and a kill leaves the entry and its backup behind.
   * Absent in component tests, which have no other writer.
   */
  lockScope?: <T>(scope: Scope, journal: Journal, write: (lock: ScopeLock) => Promise<T>, options?: Pick<LockOptions, 'notice'>) => Promise<T>;
  /** Sends a create counted in the day's ledger before it leaves, settled by its answer (create-ledger.ts). */
  countCreate<T extends { created: boolean }>(scope: Scope, send: () => Promise<T>): Promise<T>;
  /** Creates of this UTC day in the scope, as counted locally. */
  createsUsed(scope: Scope): Promise<number>;
  /** What an interrupted write left on the scope, and how to finish or undo it; undefined when none. */
  interruptedWrite?: (scope: Scope) => Promise<string | undefined>;
}

export function openWorkspace(api: DiscordApi, env: NodeJS.ProcessEnv): Workspace {
  const lockModule = () => import('../backup/scope-lock.js');
  return {
    api,
    env,
    async backup(scope, reason, signal) {
      const { captureScope, captureOverwrites, writeScopeBackup } = await import('../backup/capture.js');
      const reading = signal ? api.withSignal(signal) : api;
      // A browser sign-in alone reads no commands: its backup keeps the overwrites a permissions save replaces.
      const snapshot = canReadCommands(api) ? await captureScope(reading, scope, reason) : await captureOverwrites(reading, scope, reason);
      const { path } = await writeScopeBackup(env, snapshot);
      return { path, ...('commands' in snapshot ? { commands: snapshot.commands } : {}) };
    },
    lockScope: async (scope, journal, write, options = {}) =>
      (await lockModule()).withScopeLock(env, api.applicationId, scope, journal.command, write, { ...options, rerunnable: journal.rerunnable }),
    countCreate: async (scope, send) => (await import('../backup/create-ledger.js')).countedCreate(env, api.applicationId, scope, send),
    createsUsed: async (scope) => (await (await import('../backup/create-ledger.js')).createBudget(env, api.applicationId, scope)).used,
    interruptedWrite: async (scope) => (await lockModule()).interruptedWrite(env, api.applicationId, scope),
  };
}

/**
 * `write` under the workspace's lock when it has one; the lock handle is a no-op without. `notice` is told
 * what the lock has to say beside the write's outcome: an interrupted write taken over, a lock left behind.
 */
export function underLock<T>(workspace: Workspace, scope: Scope, journal: Journal, write: (lock: Pick<ScopeLock, 'noteBackup'>) => Promise<T>, notice?: (message: string) => void): Promise<T> {
  return workspace.lockScope ? workspace.lockScope(scope, journal, write, notice ? { notice } : {}) : write({ noteBackup: async () => undefined });
}
