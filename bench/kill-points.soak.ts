/**
 * Soak: kill -9 of `apply` and `restore` (the built binary, emulator faults on) at 40 random points
 * of a 50-command change. Goals: 0 inconsistent guilds, 0 duplicates, every backup intact and the
 * killed applies' backups restorable, every re-run reporting the journal and converging.
 */
import { runKillPoints } from '../test/reliability/kill-points.js';
import type { Verdict } from './harness.js';

export const name = 'kill-points';

const POINTS = 40;

export async function run(): Promise<Verdict[]> {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const started = performance.now();
  const { outcomes, backupsChecked, faultReruns } = await runKillPoints({ points: POINTS, seed });
  const problems = outcomes.flatMap((outcome, index) => outcome.problems.map((problem) => `point ${index} (${outcome.command}, ${outcome.killedAfterMs} ms): ${problem}`));
  const midWrite = outcomes.filter((outcome) => outcome.writesBeforeKill > 0);
  const journals = outcomes.filter((outcome) => outcome.journalLeft).length;
  console.log(`  ${POINTS} kill points (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(0)} s: ${outcomes.filter((o) => o.command === 'apply').length} apply, ${outcomes.filter((o) => o.command === 'restore').length} restore`);
  console.log(`    killed after some writes: ${midWrite.length}; journals left: ${journals}; backup files checked: ${backupsChecked}; runs repeated after injected faults outlasted the retries: ${faultReruns}`);
  for (const problem of problems) console.log(`    ${problem}`);
  return [
    { goal: `≥ 30 kill points across apply and restore`, met: outcomes.length >= 30, detail: `${outcomes.length}, ${midWrite.length} of them half-way through the writes` },
    { goal: '0 inconsistent guilds, 0 duplicates, every backup intact and restorable, every re-run reports the journal and converges', met: problems.length === 0, detail: `${problems.length} problems` },
  ];
}
