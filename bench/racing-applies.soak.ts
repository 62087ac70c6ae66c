/**
 * Soak: two `apply --prune` with different files at once on one guild, 20 trials (the built binary
 * against the emulator). Goal: 0 trials ending in a state neither file describes; a run that lost the
 * race refused with "the scope changed since the plan" and sent nothing.
 */
import { runRacingApplies } from '../test/reliability/racing-applies.js';
import type { Verdict } from './harness.js';

export const name = 'racing-applies';

const TRIALS = 20;

export async function run(): Promise<Verdict[]> {
  const started = performance.now();
  const figures = await runRacingApplies(TRIALS);
  console.log(`  ${figures.trials} trials in ${((performance.now() - started) / 1000).toFixed(1)} s; one run refused (scope changed) in ${figures.oneRefused}`);
  for (const problem of [...figures.mixed, ...figures.unexpected]) console.log(`    ${problem}`);
  return [
    { goal: `${TRIALS} trials of two racing apply --prune: 0 mixed states`, met: figures.mixed.length === 0, detail: `${figures.mixed.length} mixed` },
    { goal: 'every run exits 0, or 1 refused because the scope changed', met: figures.unexpected.length === 0, detail: `${figures.unexpected.length} other outcomes` },
  ];
}
