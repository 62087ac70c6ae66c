/**
 * A carried-out plan told the same way by every door: one line per change made (the CLI prints them as
 * they land, the TUI lists them under its progress), and what a restore did and did not put back, and why.
 */
import { commandLabel } from '../discord/overwrite-entries.js';
import { plural } from '../terminal/plural.js';
import type { CarriedOutPlan } from './carry-out-plan.js';
import type { PreparedPlan } from './prepare-plan.js';
import type { Unrestorable } from './restore-plan.js';
import { listedNames, type ExecutedStep } from './send-plan.js';

/** `  created /ping`, `  updated /ban`, `  deleted /old`: a change the server confirmed. */
export function stepLine(step: ExecutedStep): string {
  if (step.kind === 'delete') return `  deleted ${commandLabel(step.command)}`;
  if (step.kind === 'update') return `  updated ${commandLabel(step.command)}`;
  return `  ${step.created ? 'created' : 'overwrote'} ${commandLabel(step.command)}`;
}

/**
 * The changes made, grouped by what was done, at most `max` names each: `created /a, /b; updated /c`
 * (`and 3 more` past `max`). Empty when nothing changed.
 */
export function madeSummary(steps: readonly ExecutedStep[], max = 5): string {
  const byVerb = new Map<string, string[]>();
  for (const step of steps) {
    const [verb = '', ...name] = stepLine(step).trim().split(' ');
    byVerb.set(verb, [...(byVerb.get(verb) ?? []), name.join(' ')]);
  }
  return [...byVerb].map(([verb, names]) => `${verb} ${listedNames(names, max)}`).join('; ');
}

/** Why an overwrite list was not restored (no signed-in user): the CLI's words. */
export const LISTS_NEED_SIGN_IN = 'Discord accepts permission changes only from a signed-in user';

/** A backup's command a restore leaves out, and why: `/race: Discord refuses it today (…)`. */
export function unrestorableLine(item: Unrestorable): string {
  return `${commandLabel(item)}: Discord refuses it today (${item.problems.map((problem) => problem.message).join('; ')})`;
}

/** `Restored 2 command changes and 1 overwrite list`. */
export function restoredSummary(outcome: Pick<CarriedOutPlan, 'steps' | 'restored'>): string {
  return `Restored ${plural(outcome.steps.length, 'command change')} and ${plural(outcome.restored.length, 'overwrite list')}`;
}

/**
 * What the restore did not put back, and why, in one sentence; undefined when it put back everything:
 * `Not restored: /race: Discord refuses it today (…); 3 overwrite lists (Discord accepts … signed-in user).`
 */
export function notRestoredSummary(prepared: PreparedPlan, outcome: Pick<CarriedOutPlan, 'notRestored'>): string | undefined {
  const refused = (prepared.restore?.unrestorable ?? []).map(unrestorableLine);
  const lists = outcome.notRestored.length > 0 ? [`${plural(outcome.notRestored.length, 'overwrite list')} (${LISTS_NEED_SIGN_IN})`] : [];
  const items = [...refused, ...lists];
  return items.length > 0 ? `Not restored: ${items.join('; ')}.` : undefined;
}
