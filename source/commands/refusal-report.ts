/**
 * How the scriptable commands say a plan's refusals (the plan engine's words, the same the TUI shows) and
 * the overrides they take: each override is a flag of the same name (`--delete-many`, `--accept-skipped`).
 */
import type { Override, Refusal } from '../discord/plan.js';
import { withCliRemedy } from './remedy-words.js';

/** A refusal as the CLI says it (and `--json` prints it): the engine's words, its remedy, and the flag that overrides it. */
export function cliRefusal(refusal: Refusal): { rule: string; message: string; override?: string } {
  const message = withCliRemedy(refusal);
  if (!refusal.override) return { rule: refusal.rule, message };
  return { rule: refusal.rule, message: `${message} Pass --${refusal.override} if that is what you want.`, override: `--${refusal.override}` };
}

/** What a write prints when refused; `plan` says the same refusals as what `apply` would do. */
export function renderRefusals(refusals: readonly Refusal[], heading = 'Refused; nothing was sent:'): string {
  return `${heading}\n${refusals.map((refusal) => `  ${cliRefusal(refusal).message}\n`).join('')}`;
}

export const PLAN_REFUSED_HEADING = 'apply would refuse this plan and send nothing:';

/** The overrides the user passed as flags. */
export function overridesOf(flags: { 'delete-many'?: boolean; 'accept-skipped'?: boolean }): Override[] {
  return [...(flags['delete-many'] === true ? (['delete-many'] as const) : []), ...(flags['accept-skipped'] === true ? (['accept-skipped'] as const) : [])];
}
