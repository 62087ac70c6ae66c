/**
 * Soak: 6 parallel `profile add` and 3 parallel `auth set-bot-token` on one home, 10 trials (the
 * built binary, real processes). Goal: every process succeeds and no profile or secret is lost.
 */
import { runParallelWriters } from '../test/reliability/parallel-writers.js';
import type { Verdict } from './harness.js';
import { formatMs } from './samples.js';

export const name = 'parallel-writers';

const TRIALS = 10;

export async function run(): Promise<Verdict[]> {
  const figures = await runParallelWriters(TRIALS);
  console.log(`  ${TRIALS} trials of 6 profile add + 3 set-bot-token at once: ${figures.succeeded} processes succeeded, ${figures.failed} failed, in ${formatMs(figures.wallMs)}`);
  console.log(`    lost: ${figures.lostProfiles} profiles, ${figures.lostSecrets} secrets`);
  return [
    { goal: 'every writer reports success', met: figures.failed === 0, detail: `${figures.failed} failed${figures.firstFailure ? `: ${figures.firstFailure.split('\n')[0]}` : ''}` },
    { goal: '0 profiles and 0 secrets lost', met: figures.lostProfiles === 0 && figures.lostSecrets === 0, detail: `${figures.lostProfiles} profiles, ${figures.lostSecrets} secrets lost in ${TRIALS} trials` },
  ];
}
