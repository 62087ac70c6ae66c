/**
 * `apply --yes` when another writer changed the scope between the plan and the lock: no person approved
 * that plan, so the file is planned again against the scope as read under the lock, told, held to every
 * refusal the first plan was held to, and carried out instead (or nothing, when the scope is as wanted).
 * A plan a person saw and confirmed is never swapped: without --yes the run is refused (ScopeChangedError).
 */
import { createBudget } from '../backup/create-ledger.js';
import type { DiscordApi } from '../api/contract.js';
import type { Command, Scope } from '../discord/model.js';
import { hasChanges, refusalsFor, type Plan, type Refusal } from '../discord/plan.js';
import { describeScope, renderPlan } from './plan-report.js';
import type { FilePlan } from './scope-plan.js';
import { paintFor } from '../terminal/colour.js';
import type { CliIo } from './types.js';

/** The plan made again under the lock is refused: nothing was sent. */
export class ReplanRefusedError extends Error {
  override readonly name = 'ReplanRefusedError';
  readonly hint = 'Check the scope (another writer changed it while this run waited), then run it again with the flags the new plan needs.';
  constructor(readonly refusals: Refusal[]) {
    super(`The scope changed while this run waited for it, and the plan made again is refused; nothing was sent:\n${refusals.map((refusal) => `  ${refusal.message}`).join('\n')}`);
  }

  get report(): Record<string, unknown> {
    return { applied: false, refusals: this.refusals };
  }
}

export function replanUnderLock(api: DiscordApi, scope: Scope, planned: Extract<FilePlan, { ok: true }>, flags: { prune?: boolean; 'accept-skipped'?: boolean; 'no-color'?: boolean }, io: CliIo): (current: readonly Command[]) => Promise<Plan> {
  const prune = flags.prune === true;
  return async (current) => {
    const plan = planned.planAgainst(current);
    const budget = await createBudget(io.env, api.applicationId, scope);
    io.stderr.write(`The scope changed while this run waited for it (another writer got there first); planned again:\n${renderPlan(plan, { scope, prune, budget, paint: paintFor(io.stderr, io.environment.terminal.colour, flags) })}`);
    if (!hasChanges(plan, prune)) return plan;
    const refusals = refusalsFor(plan, current, { prune, confirmed: true, createsRemaining: budget.remaining, liveCount: current.length });
    // Asked nowhere under the lock: skipped files with new deletes are refused unless --accept-skipped said so.
    if (prune && plan.delete.length > 0 && planned.skipped.length > 0 && flags['accept-skipped'] !== true) {
      refusals.push({ rule: 'skipped-files', message: `${planned.skipped.length} file(s) were skipped and the new plan deletes commands for ${describeScope(scope)}: pass --accept-skipped if that is meant.` });
    }
    if (refusals.length > 0) throw new ReplanRefusedError(refusals);
    return plan;
  };
}
