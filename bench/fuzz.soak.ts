/**
 * Soak: 10,000 generated files through validate, plan, apply, restore and copy (in-process, the
 * commands' own entry points, against an emulator; copy's "file" is a server's answer). Goals: only documented
 * exit codes, no throw, no run over 5 s.
 */
import { HANG_MS, runFuzz } from '../test/reliability/fuzz.js';
import type { Verdict } from './harness.js';
import { formatMs } from './samples.js';

export const name = 'fuzz';

const FILES = 10_000;

export async function run(): Promise<Verdict[]> {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const figures = await runFuzz({ files: FILES, seed });
  console.log(`  ${figures.runs} files (seed ${seed}) in ${formatMs(figures.wallMs)}: ${Object.entries(figures.byCommand).map(([command, runs]) => `${command} ${runs}`).join(', ')}`);
  console.log(`    exit codes: ${Object.entries(figures.exitCodes).map(([code, runs]) => `${code}: ${runs}`).join(', ')}; slowest run ${formatMs(figures.slowestMs)}`);
  for (const failure of figures.failures.slice(0, 20)) console.log(`    file ${failure.index} (${failure.kind}) through ${failure.command}: ${failure.what.slice(0, 300)}`);
  return [
    { goal: `≥ ${FILES.toLocaleString('en-US')} generated files`, met: figures.runs >= FILES, detail: String(figures.runs) },
    { goal: 'only documented exit codes, no throw, no stack trace', met: figures.failures.length === 0, detail: `${figures.failures.length} failures` },
    { goal: `no run over ${HANG_MS / 1000} s`, met: figures.slowestMs < HANG_MS, detail: `slowest ${formatMs(figures.slowestMs)}` },
  ];
}
