/**
 * A carried-out plan told the same way by every door: one line per change made (the CLI prints them as
 * they land, the TUI lists them under its progress).
 */
import { commandLabel } from '../discord/overwrite-entries.js';
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
