/**
 * The TUI under the keyboard, in a child process with NODE_ENV=production as in the built binary
 * (bench/ui-latency.ts): one keystroke in the description of a maximal (8000-character, 25-option)
 * command, validated and re-rendered (goal ≤ 16 ms, one frame at 60 Hz); and ↓ through a
 * 130-command list (goal: no visible lag, read as the same one-frame budget); a bracketed paste of
 * 5,000 characters against one of 50 in the same run (goal ≤ 3×: one edit, one validation, one frame,
 * whatever its length); and a keystroke at the end of a 4,000-character description (≤ 16 ms).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { interactiveEnv } from './child-process.js';
import type { Verdict } from './harness.js';
import { describeSamples, formatMs, median, percentile } from './samples.js';

export const name = 'ui';

/** Fewer than the 130 rows, so every ↓ moves the selection. */
const KEYS = 120;
const FRAME_BUDGET_MS = 16;
const PASTE_RATIO = 3;

interface KeyTimes {
  wallMs: number[];
  cpuMs: number[];
}

interface Measured {
  keystroke: KeyTimes;
  scroll: KeyTimes;
  paste: { short: KeyTimes; long: KeyTimes };
  longKeystroke: KeyTimes;
}

function measure(): Measured {
  const script = fileURLToPath(new URL('ui-latency.ts', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, String(KEYS), String(KEYS)], { env: { ...interactiveEnv(), NODE_ENV: 'production' }, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`ui-latency exited ${result.status}: ${result.stderr}`);
  const json = result.stdout.split('\n').find((line) => line.startsWith('{'));
  if (!json) throw new Error(`ui-latency printed no figures: ${result.stdout}`);
  return JSON.parse(json) as Measured;
}

function verdict(goal: string, times: KeyTimes): Verdict {
  const wall = median(times.wallMs);
  return {
    goal,
    met: wall <= FRAME_BUDGET_MS,
    detail: `median ${formatMs(wall)}, p90 ${formatMs(percentile(times.wallMs, 0.9))} from stdin.write to the frame (CPU ${formatMs(median(times.cpuMs))}), ${times.wallMs.length} keys`,
  };
}

export function run(): Verdict[] {
  const { keystroke, scroll, paste, longKeystroke } = measure();
  console.log(describeSamples('keystroke in a maximal command (wall)', keystroke.wallMs));
  console.log(describeSamples('  same, CPU time of the process', keystroke.cpuMs));
  console.log(describeSamples('↓ in a 130-command list (wall)', scroll.wallMs));
  console.log(describeSamples('  same, CPU time of the process', scroll.cpuMs));
  console.log(describeSamples('paste of 50 characters (wall)', paste.short.wallMs));
  console.log(describeSamples('paste of 5,000 characters (wall)', paste.long.wallMs));
  console.log(describeSamples('  same, CPU time of the process', paste.long.cpuMs));
  console.log(describeSamples('keystroke at the end of 4,000 characters (wall)', longKeystroke.wallMs));
  const ratio = median(paste.long.wallMs) / median(paste.short.wallMs);
  return [
    verdict(`keystroke in a maximal command validated and drawn ≤ ${FRAME_BUDGET_MS} ms`, keystroke),
    verdict(`↓ in a 130-command list drawn ≤ ${FRAME_BUDGET_MS} ms`, scroll),
    {
      goal: `paste of 5,000 characters ≤ ${PASTE_RATIO}× one of 50`,
      met: ratio <= PASTE_RATIO,
      detail: `${ratio.toFixed(2)}×: median ${formatMs(median(paste.long.wallMs))} against ${formatMs(median(paste.short.wallMs))}, from stdin.write to the frame that shows the end of the paste, ${paste.long.wallMs.length} of each`,
    },
    verdict(`keystroke at the end of a 4,000-character description drawn ≤ ${FRAME_BUDGET_MS} ms`, longKeystroke),
  ];
}
