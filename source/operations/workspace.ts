/**
 * What every operation works with, built once per session (TUI) or run (CLI): the API client, and
 * the local state around it — backups, the scope's lock and journal, the daily-creates ledger.
 * Operations take a Workspace instead of threading where files go through their signatures;
 * component tests pass a fake one. The real one loads the backup modules only when a write needs them, so nothing
 * here weighs on the TUI's first frame.
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import type { CreateBudget } from '../backup/create-ledger.js';
import type { LockOptions, ScopeLock } from '../backup/scope-lock.js';
import type { OverwritesBackup, ScopeBackup } from '../discord/backup-format.js';
import type { AppPaths } from '../config/paths.js';
import type { Command, Scope } from '../discord/model.js';
import { redactSecrets } from '../terminal/redact-secrets.js';
import { redactSecretShapes } from '../terminal/secret-shape.js';

/** The journal entry a write leaves in the scope's lock: what would be interrupted, in the user's words. */
export interface Journal {
  /** A command the user can run (`apply commands.json`) or recognise (`delete /ping in the TUI`). */
  command: string;
  /** True when running `command` again finishes an interrupted write (it converges). */
  rerunnable: boolean;
}

/** What a backup keeps: the scope's commands and overwrites, or (a browser sign-in alone, which reads no commands) its overwrites. */
export type ScopeSnapshot = ScopeBackup | OverwritesBackup;

export interface Workspace {
  readonly api: DiscordApi;
  /**
   * Reads what a backup of the scope keeps, before a change: its commands (with localizations) and
   * overwrites. `signal` cancels the reads: nothing has been sent yet. The write checks what it relies on
   * against this reading, then `keep`s it: one reading serves both.
   */
  snapshot(scope: Scope, reason: string, signal?: AbortSignal): Promise<ScopeSnapshot>;
  /** Writes a snapshot to the backup store and proves it reads back (a failed backup stops the write); resolves to its path. */
  keep(snapshot: ScopeSnapshot): Promise<string>;
  /**
   * Runs `write` holding the scope's lock with its journal entry (backup/scope-lock.ts), so that no
   * other cmd-tui on this machine interleaves, and a kill leaves the entry and its backup behind.
   * Absent in component tests, which have no other writer.
   */
  lockScope?: <T>(scope: Scope, journal: Journal, write: (lock: ScopeLock) => Promise<T>, options?: Pick<LockOptions, 'notice' | 'waitMs'>) => Promise<T>;
  /**
   * Sends a create counted in the day's ledger before it leaves, settled by its answer — a 30034 marks the
   * day's creates used up — (create-ledger.ts): every door's creates are counted this one way.
   */
  countCreate<T extends { created: boolean }>(scope: Scope, send: () => Promise<T>, notice?: (message: string) => void): Promise<T>;
  /** The day's creates in the scope, as counted locally (and as any 30034 taught). */
  createBudget(scope: Scope): Promise<CreateBudget>;
  /** What an interrupted write left on the scope, and how to finish or undo it; undefined when none. */
  interruptedWrite?: (scope: Scope) => Promise<string | undefined>;
  /** Commands of the guild and the global scope as the newest local backups have them: names for a browser sign-in alone, which Discord lists none. */
  knownCommands?: (guildId: string) => Promise<Command[]>;
}

/** `paths` says where local files go (the edge read them, config/environment.ts): no operation takes them. */
export function openWorkspace(api: DiscordApi, paths: AppPaths): Workspace {
  const lockModule = () => import('../backup/scope-lock.js');
  const ledger = () => import('../backup/create-ledger.js');
  return {
    api,
    async snapshot(scope, reason, signal) {
      const { captureScope, captureOverwrites } = await import('../backup/capture.js');
      const reading = signal ? api.withSignal(signal) : api;
      // A browser sign-in alone reads no commands: its backup keeps the overwrites a permissions save replaces.
      return canReadCommands(api) ? captureScope(reading, scope, keptLine(reason)) : captureOverwrites(reading, scope, keptLine(reason));
    },
    keep: async (snapshot) => (await (await import('../backup/capture.js')).writeScopeBackup(paths, snapshot)).path,
    lockScope: async (scope, journal, write, options = {}) =>
      (await lockModule()).withScopeLock(paths, api.applicationId, scope, keptLine(journal.command), write, { ...options, rerunnable: journal.rerunnable }),
    countCreate: async (scope, send, notice) => (await ledger()).countedCreate(paths, api.applicationId, scope, send, notice),
    createBudget: async (scope) => (await ledger()).createBudget(paths, api.applicationId, scope),
    interruptedWrite: async (scope) => (await lockModule()).interruptedWrite(paths, api.applicationId, scope),
    knownCommands: async (guildId) => (await import('../backup/known-commands.js')).knownCommands(paths, api.applicationId, guildId),
  };
}

/**
 * A backup's reason or a journal's command as it is kept on disk: without a token, whether this process
 * knows it as one or it only has a token's shape (`apply <token>.json`): a later `cmd-tui backups`, or the
 * TUI's backups screen, prints it.
 */
function keptLine(line: string): string {
  return redactSecretShapes(redactSecrets(line));
}

/** Reads the scope and keeps it as the backup before a change; resolves to the file and what it read. */
export async function backUp(workspace: Workspace, scope: Scope, reason: string, signal?: AbortSignal): Promise<{ path: string; snapshot: ScopeSnapshot }> {
  const snapshot = await workspace.snapshot(scope, reason, signal);
  return { path: await workspace.keep(snapshot), snapshot };
}

/**
 * `write` under the workspace's lock when it has one; the lock handle is a no-op without. `notice` is told
 * what the lock has to say beside the write's outcome: an interrupted write taken over, a lock left behind.
 */
export function underLock<T>(workspace: Workspace, scope: Scope, journal: Journal, write: (lock: Pick<ScopeLock, 'noteBackup'>) => Promise<T>, notice?: (message: string) => void): Promise<T> {
  return workspace.lockScope ? workspace.lockScope(scope, journal, write, notice ? { notice } : {}) : write({ noteBackup: async () => undefined });
}

/**
 * For a run with nothing to write (a re-run that finds the scope as wanted, because the interrupted run got
 * that far): the journal of an interrupted write is told, and that command's cleared all the same — others
 * stay. A live writer's lock is left alone: it tells its own.
 */
export async function settleJournal(workspace: Workspace, scope: Scope, journal: Journal, notice?: (message: string) => void): Promise<void> {
  if (!workspace.lockScope || !(await workspace.interruptedWrite?.(scope))) return;
  const { ScopeLockedError } = await import('../backup/scope-lock.js');
  await workspace.lockScope(scope, journal, async () => undefined, { waitMs: 0, ...(notice ? { notice } : {}) }).catch((error: unknown) => {
    if (!(error instanceof ScopeLockedError)) throw error;
  });
}
