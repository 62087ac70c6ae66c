/**
 * Carries out a plan with the fewest requests — DELETE (only when pruning, first, to make room
 * under the caps), PATCH with only the changed fields, POST for new commands — after the scope
 * was backed up. Counts creates in the daily ledger before they leave (settled by their answers). Shared by `apply`,
 * `restore` and the TUI.
 */
import type { DiscordApi } from '../api/contract.js';
import { DiscordApiError, describeError, type FieldError } from '../api/errors.js';
import type { Command, Scope } from '../discord/model.js';
import { hasChanges, type Plan, type PlannedKeep } from '../discord/plan.js';
import { planStillHolds } from '../discord/plan-freshness.js';
import { captureScope, writeScopeBackup } from './capture.js';
import { listCommandLine, readBackFailedNote } from './read-back.js';
import { withScopeLock, type ScopeLock } from './scope-lock.js';
import { countedCreate, recordCreatesExhausted } from './create-ledger.js';
import type { BackupEntry } from './store.js';

export interface ExecuteOptions {
  prune: boolean;
  /** Written into the backup: why the scope is about to change. */
  reason: string;
  env: NodeJS.ProcessEnv;
  /** Already written by the caller (restore backs up before its overwrite changes too). */
  backup?: BackupEntry;
  /** Called after each request that changed something, e.g. for a progress line. */
  onStep?: (step: ExecutedStep) => void;
  /** Told when an interrupted earlier write on the scope is found (scope-lock.ts). */
  notice?: (message: string) => void;
  /**
   * The scope's commands the plan was made from: read again under the lock, before the backup, and
   * when the plan no longer holds (another writer got there first) nothing is sent (ScopeChangedError).
   */
  plannedFrom?: readonly Command[];
  /**
   * For a run no person approved a plan of (`apply --yes`): when the plan no longer holds, the plan made
   * again from the scope as read under the lock, and carried out instead (it throws to refuse). Without
   * it such a run is refused (ScopeChangedError), as a plan a person saw must not change under them.
   */
  replan?: (current: readonly Command[]) => Promise<Plan>;
  /**
   * Stops the run between requests (SIGINT in the CLI): a request already sent is answered first, none
   * is sent after, and the run ends as an ApplyInterruptedError naming what was done and the backup.
   */
  signal?: AbortSignal;
  /** Called when the first change leaves (the TUI's request runner: from then on ctrl+c waits and reports). */
  sent?: () => void;
  /** The journal's words for this write, when they are not `reason` (the TUI's copy: no command to run again). */
  journal?: { command: string; rerunnable: boolean };
}

export type ExecutedStep =
  | { kind: 'delete'; command: PlannedKeep }
  | { kind: 'update'; command: Command }
  | { kind: 'create'; command: Command; created: boolean };

export interface ExecuteResult {
  /** null when there was nothing to change (and so nothing was backed up). */
  backup: BackupEntry | null;
  steps: ExecutedStep[];
  /** The scope's commands by (type, name) after the run, for callers that re-apply overwrites (empty when readBackFailed). */
  commands: Command[];
  /** Set when every change landed but reading the scope back right after failed. */
  readBackFailed?: string;
}

/** "Maximum number of daily application command creates has been reached (200)". */
const DAILY_CREATES_REACHED = 30034;

/** The scope changed between the plan and the write: nothing was sent, and the plan must be made again. */
export class ScopeChangedError extends Error {
  override readonly name = 'ScopeChangedError';
  readonly hint = 'A plan shown for confirming is never swapped for another: run it again to see one made afresh from the scope as it is now.';
  constructor(readonly scope: Scope) {
    super(`The scope changed since the plan was made (another writer got there first); nothing was sent.`);
  }

  get report(): Record<string, unknown> {
    return { applied: false, refusals: [{ rule: 'scope-changed', message: this.message }] };
  }
}

/** A run that stopped part-way: says what was done and how to go back. */
export class ApplyInterruptedError extends Error {
  override readonly name = 'ApplyInterruptedError';
  readonly hint: string;
  /** The refused fields when Discord answered 400 (what the user has to fix). */
  readonly fieldErrors: FieldError[];
  constructor(
    cause: unknown,
    /** The changes the server confirmed before it stopped. */
    readonly steps: readonly ExecutedStep[],
    readonly total: number,
    readonly backup: BackupEntry,
  ) {
    const { message, hint } = describeError(cause);
    super(`Stopped after ${steps.length} of ${total} changes: ${message}`, { cause });
    this.fieldErrors = cause instanceof DiscordApiError ? cause.fieldErrors : [];
    this.hint = `${hint ? `${hint} ` : ''}The scope as it was before is saved in ${backup.path}; \`cmd-tui restore ${backup.path}\` brings it back.`;
  }

  /** What a `--json` document says beside the error: the same keys a finished run has. */
  get report(): Record<string, unknown> {
    return { applied: false, backup: this.backup.path, steps: this.steps };
  }
}

export async function executePlan(api: DiscordApi, scope: Scope, plan: Plan, options: ExecuteOptions): Promise<ExecuteResult> {
  if (!hasChanges(plan, options.prune)) return { backup: options.backup ?? null, steps: [], commands: [] };
  // From the backup to the last request, no other cmd-tui on this machine writes to the scope.
  const journal = options.journal ?? { command: options.reason, rerunnable: true };
  return withScopeLock(options.env, api.applicationId, scope, journal.command, (lock) => executeHoldingLock(api, scope, plan, options, lock), {
    rerunnable: journal.rerunnable,
    ...(options.notice ? { notice: options.notice } : {}),
  });
}

/**
 * The scope read again under the lock: when the plan no longer holds it is made again (`replan`) or
 * refused; a plan with changes is written as the backup (named in the journal) before the first change.
 */
export async function backupIfPlanHolds(api: DiscordApi, scope: Scope, plan: Plan, options: Pick<ExecuteOptions, 'prune' | 'reason' | 'env' | 'plannedFrom' | 'replan'>, lock: ScopeLock): Promise<{ backup: BackupEntry | null; plan: Plan }> {
  const snapshot = await captureScope(api, scope, options.reason);
  let current = plan;
  if (options.plannedFrom && !planStillHolds(plan, options.plannedFrom, snapshot.commands, options.prune)) {
    if (!options.replan) throw new ScopeChangedError(scope);
    current = await options.replan(snapshot.commands);
    if (!hasChanges(current, options.prune)) return { backup: null, plan: current };
  }
  const backup = await writeScopeBackup(options.env, snapshot);
  await lock.noteBackup(backup.path);
  return { backup, plan: current };
}

/** The plan carried out by a caller that holds the scope's lock already (restore, which also writes overwrites). */
export async function executeHoldingLock(api: DiscordApi, scope: Scope, planned: Plan, options: ExecuteOptions, lock: ScopeLock): Promise<ExecuteResult> {
  const { backup, plan } = options.backup ? { backup: options.backup, plan: planned } : await backupIfPlanHolds(api, scope, planned, options, lock);
  if (options.backup) await lock.noteBackup(options.backup.path);
  if (backup === null || !hasChanges(plan, options.prune)) return { backup, steps: [], commands: [] };
  const steps: ExecutedStep[] = [];
  const record = (step: ExecutedStep) => {
    steps.push(step);
    options.onStep?.(step);
  };
  const deletes = options.prune ? plan.delete : [];
  const total = deletes.length + plan.update.length + plan.create.length;
  // A cancelled run sends nothing more; what it sent already is answered and counted.
  const sending = options.signal ? api.withSignal(options.signal, options.sent) : api;
  try {
    for (const command of deletes) {
      await sending.deleteCommand(scope, command.id);
      record({ kind: 'delete', command });
    }
    for (const update of plan.update) {
      record({ kind: 'update', command: await sending.editCommand(scope, update.id, update.patch) });
    }
    for (const create of plan.create) {
      // Counted before it leaves: a kill while it is in flight leaves it counted, as it may have landed.
      const { command, created } = await countedCreate(options.env, api.applicationId, scope, () => sending.createCommand(scope, create.body), options.notice);
      record({ kind: 'create', command, created });
    }
  } catch (error) {
    if (error instanceof DiscordApiError && error.code === DAILY_CREATES_REACHED) await recordCreatesExhausted(options.env, api.applicationId, scope);
    throw new ApplyInterruptedError(error, steps, total, backup);
  }
  try {
    return { backup, steps, commands: await api.listCommands(scope, { withLocalizations: true }) };
  } catch (error) {
    // Every change was confirmed: they stand, whatever the read after them says.
    return { backup, steps, commands: [], readBackFailed: readBackFailedNote(total === 1 ? 'Made the change' : `Made all ${total} changes`, error, listCommandLine(scope)) };
  }
}
