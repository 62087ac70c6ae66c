/**
 * The plan engine's second half, the only way a door carries out a plan (prepare-plan.ts makes it):
 * refuse what the user did not override; under the scope's lock read the scope again and refuse (or, for a
 * run no person approved, plan again) when another writer made the plan stale; keep that reading as the
 * backup, named in the lock's journal; send the requests, counting creates in the day's ledger; read back.
 * A restore then puts back its overwrite lists. Cancelled (`signal`) before anything left, nothing is sent;
 * after, the run stops between requests and says what left and what did not (ApplyInterruptedError).
 */
import type { OverwritesBackup, ScopeBackup } from '../discord/backup-format.js';
import type { Command } from '../discord/model.js';
import { planStillHolds } from '../discord/plan-freshness.js';
import { standingRefusals, type Override, type Refusal } from '../discord/plan.js';
import type { OverwriteRestore } from '../discord/overwrite-restore.js';
import { replanned, scopeRead, type PreparedPlan } from './prepare-plan.js';
import { listsStillAsPlanned, restoreListsAfterCommands, restoreListsOnly, type OverwritesOutcome, type RestoreDetails, type Unrestorable } from './restore-plan.js';
import { ScopeChangedError, sendPlan, type ExecutedStep, type SendOptions } from './send-plan.js';
import { settleJournal, underLock, type ScopeSnapshot, type Workspace } from './workspace.js';

export interface CarryOutOptions extends SendOptions {
  /** What the user said to carry out a refused plan all the same (`--delete-many`, the TUI's typed confirmation). */
  overrides?: readonly Override[];
  /**
   * No person approved this plan (`apply --yes`, the watch): when another writer made it stale, the plan is
   * made again from the scope as read under the lock, held to the same refusals, told (`onReplan`) and
   * carried out instead. Otherwise a stale plan is refused (ScopeChangedError): a plan a person saw is never swapped.
   */
  replanIfChanged?: boolean;
  onReplan?: (prepared: PreparedPlan) => void;
}

export interface CarriedOutPlan {
  /** The backup of the scope as it was before; null when nothing had to change (and nothing was sent). */
  backup: string | null;
  /** The requests that changed a command, in order. */
  steps: ExecutedStep[];
  /** A restore's overwrite lists written, and those not (no signed-in user). */
  restored: OverwriteRestore[];
  notRestored: OverwriteRestore[];
  /** A restore's backed-up commands left out, as Discord refuses them today (restore-outcome.ts words all three). */
  unrestorable: Unrestorable[];
  /** The day's creates left in the scope after the run. */
  createsRemaining: number;
  /** Set when every change landed but reading them back right after failed (or found another writer's). */
  readBackFailed?: string;
  /** The scope's commands as read back after the commands were sent; absent when none were, or the read failed. */
  readBack?: Command[];
}

/** The plan breaks a rule the user did not override: nothing was sent. */
export class PlanRefusedError extends Error {
  override readonly name = 'PlanRefusedError';
  readonly hint: string;
  constructor(readonly refusals: readonly Refusal[]) {
    super(`Refused; nothing was sent: ${refusals.map((refusal) => refusal.message).join(' ')}`);
    // An override is offered only where a refusal names one (a mass delete); the day's creates and the caps name none.
    this.hint = refusals.some((refusal) => refusal.override !== undefined) ? 'Change the plan as each refusal says, or give the override it names.' : 'Change the plan as each refusal says.';
  }

  get report(): Record<string, unknown> {
    return { applied: false, refusals: this.refusals };
  }
}

/** The plan made again under the lock is refused: nothing was sent. */
export class ReplanRefusedError extends Error {
  override readonly name = 'ReplanRefusedError';
  readonly hint = 'Check the scope (another writer changed it while this run waited), then run it again with the flags the new plan needs.';
  constructor(readonly refusals: readonly Refusal[]) {
    // The refusals follow in the door's words (each with its remedy): commands/apply-once.ts.
    super('The scope changed while this run waited for it, and the plan made again is refused; nothing was sent:');
  }

  get report(): Record<string, unknown> {
    return { applied: false, refusals: this.refusals };
  }
}

export async function carryOutPlan(workspace: Workspace, prepared: PreparedPlan, options: CarryOutOptions = {}): Promise<CarriedOutPlan> {
  const standing = standingRefusals(prepared.refusals, options.overrides ?? []);
  if (standing.length > 0) throw new PlanRefusedError(standing);
  const { scope } = prepared;
  const done = prepared.changes
    ? await underLock(workspace, scope, prepared.journal, (lock) => holdingLock(workspace, prepared, options, lock), options.notice)
    : await settleJournal(workspace, scope, prepared.journal, options.notice).then(() => nothingSent);
  return { ...done, unrestorable: prepared.restore?.unrestorable ?? [], createsRemaining: (await workspace.createBudget(scope)).remaining };
}

type Done = Omit<CarriedOutPlan, 'createsRemaining' | 'unrestorable'>;

const nothingSent: Done = { backup: null, steps: [], restored: [], notRestored: [] };

async function holdingLock(workspace: Workspace, prepared: PreparedPlan, options: CarryOutOptions, lock: { noteBackup(path: string): Promise<void> }): Promise<Done> {
  const snapshot = await workspace.snapshot(prepared.scope, prepared.reason, options.signal);
  const current = await stillHolds(workspace, prepared, snapshot, options);
  if (!current) return nothingSent;
  const backup = await workspace.keep(snapshot);
  await lock.noteBackup(backup);
  const { restore } = current;
  if (restore && isOverwritesOnly(restore)) return { backup, steps: [], ...(await restoreListsOnly(workspace, restore, options)) };
  const sent = await sendPlan(workspace, current.scope, current.plan, current.prune, backup, options);
  const lists: OverwritesOutcome = restore && restoresCommands(restore) ? await restoreListsAfterCommands(workspace, restore, scopeRead(snapshot), sent, current.journal.command, options) : { restored: [], notRestored: [] };
  const readBackFailed = lists.readBackFailed ?? sent.readBackFailed;
  return { backup, steps: sent.steps, restored: lists.restored, notRestored: lists.notRestored, ...(readBackFailed ? { readBackFailed } : { readBack: sent.commands }) };
}

/**
 * The plan to carry out given the scope as read under the lock: the prepared one while it still holds; else
 * the one made again (an unattended run), or undefined when that finds nothing to change. Refused otherwise.
 */
async function stillHolds(workspace: Workspace, prepared: PreparedPlan, snapshot: ScopeSnapshot, options: CarryOutOptions): Promise<PreparedPlan | undefined> {
  const { restore } = prepared;
  if (restore?.overwritesOnly) {
    if (!listsStillAsPlanned(restore, snapshot.permissions)) throw new ScopeChangedError(prepared.scope);
    return prepared;
  }
  const now = scopeRead(snapshot).commands;
  if (planStillHolds(prepared.plan, prepared.live, now, prepared.prune)) return prepared;
  if (!options.replanIfChanged || !prepared.planAgainst) throw new ScopeChangedError(prepared.scope);
  const again = await replanned(workspace, prepared, now);
  options.onReplan?.(again);
  const standing = standingRefusals(again.refusals, options.overrides ?? []);
  if (standing.length > 0) throw new ReplanRefusedError(standing);
  return again.changes ? again : undefined;
}

function restoresCommands(restore: RestoreDetails): restore is RestoreDetails & { backup: ScopeBackup } {
  return 'commands' in restore.backup;
}

function isOverwritesOnly(restore: RestoreDetails): restore is RestoreDetails & { backup: OverwritesBackup } {
  return restore.overwritesOnly && !('commands' in restore.backup);
}
