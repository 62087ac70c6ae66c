/**
 * A carried-out plan told the same way by every door: one line per change made (the CLI prints them as
 * they land, the TUI lists them under its progress), and what a restore put back (restore-outcome.ts says
 * what it did not, and why).
 */
import { commandLabel } from '../discord/overwrite-entries.js';
import { plural } from '../terminal/plural.js';
import type { CarriedOutPlan } from './carry-out-plan.js';
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

/** `Restored 2 command changes and 1 overwrite list`. */
export function restoredSummary(outcome: Pick<CarriedOutPlan, 'steps' | 'restored'>): string {
  return `Restored ${plural(outcome.steps.length, 'command change')} and ${plural(outcome.restored.length, 'overwrite list')}`;
}
