/**
 * Time to the first useful frame of the built binary in a real pseudo-terminal (tmux, 120×40): from
 * launch until the command list is drawn, (a) against an already running emulator whose global
 * scope holds 130 commands (goal ≤ 400 ms) and (b) with --demo, which starts the emulator in-process
 * (goal ≤ 600 ms). Rounds are interleaved with a bare `node -e 0` (the ratio's denominator), a
 * node that prints one line in the same terminal (the floor this method can measure) and the smallest
 * Ink app (bench/bare-ink.mjs), whose first frame the brief puts at ~350 ms on these machines: the
 * same-run ratio to it tells a slow machine from a slow binary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../source/emulator/server.js';
import { BARE_NODE, CLI_PATH, timeRun } from './child-process.js';
import { FULL_SCOPE_ROW, fullGlobalScope, putGlobalCommands } from './full-scope.js';
import type { Verdict } from './harness.js';
import { describeSamples, formatMs, formatRatio, median, pairedRatio } from './samples.js';
import { TmuxControl } from './tmux-control.js';

export const name = 'first-frame';

const ROUNDS = 11;
const API_GOAL_MS = 400;
const DEMO_GOAL_MS = 600;

/** The list is drawn when several rows of known commands are on screen, not just a title. */
const listShows = (row: RegExp, rows: number) => (screen: string) => screen.split('\n').filter((line) => row.test(line)).length >= rows;
const DEMO_ROW = /\b(?:ping|poll|remind|settings)\b/;
const BARE_INK = fileURLToPath(new URL('bare-ink.mjs', import.meta.url));

export async function run(): Promise<Verdict[]> {
  const emulator = await startEmulator({ seed: 'empty', rateLimits: 'discord' });
  const tmux = await TmuxControl.start();
  const home = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-home-'));
  try {
    await putGlobalCommands(emulator, fullGlobalScope());
    const env = { CMD_TUI_HOME: home, TERM: 'xterm-256color', LANG: 'C.UTF-8' };
    const samples = { node: [] as number[], terminalFloor: [] as number[], bareInk: [] as number[], api: [] as number[], apiSeen: [] as number[], apiAnything: [] as number[], demo: [] as number[], demoAnything: [] as number[] };
    const round = async () => {
      samples.node.push(timeRun(BARE_NODE));
      samples.terminalFloor.push((await tmux.timeFirstFrame([process.execPath, '-e', "console.log('ready'); setTimeout(() => {}, 60000)"], env, (s) => s.includes('ready'))).drawnMs);
      samples.bareInk.push((await tmux.timeFirstFrame([process.execPath, BARE_INK], env, (s) => s.includes('Hello from a bare Ink app'))).drawnMs);
      const api = await tmux.timeFirstFrame([process.execPath, CLI_PATH, '--api', emulator.baseUrl], { ...env, DISCORD_BOT_TOKEN: emulator.botToken }, listShows(FULL_SCOPE_ROW, 5));
      samples.api.push(api.drawnMs);
      samples.apiSeen.push(api.seenMs);
      samples.apiAnything.push(api.anythingMs);
      const demo = await tmux.timeFirstFrame([process.execPath, CLI_PATH, '--demo'], env, listShows(DEMO_ROW, 3));
      samples.demo.push(demo.drawnMs);
      samples.demoAnything.push(demo.anythingMs);
    };
    await round(); // warm the file cache; not counted
    for (const series of Object.values(samples)) series.length = 0;
    for (let i = 0; i < ROUNDS; i += 1) await round();

    console.log(describeSamples('node -e 0 (spawn to exit)', samples.node));
    console.log(describeSamples('node printing one line, in tmux (method floor)', samples.terminalFloor));
    console.log(describeSamples('a bare Ink app printing one line (reference)', samples.bareInk));
    console.log(describeSamples('cmd-tui --api <emulator, 130 commands>', samples.api));
    console.log(describeSamples('  same, when the capture after that output saw it', samples.apiSeen));
    console.log(describeSamples('  same, first frame of any kind ("Connecting…")', samples.apiAnything));
    console.log(describeSamples('cmd-tui --demo', samples.demo));
    console.log(describeSamples('  same, first frame of any kind', samples.demoAnything));
    const verdict = (goal: string, series: number[], limitMs: number): Verdict => ({
      goal,
      met: median(series) <= limitMs,
      detail: `median ${formatMs(median(series))} over ${ROUNDS} runs; ${formatRatio(pairedRatio(series, samples.node))} node -e 0, ${formatRatio(pairedRatio(series, samples.terminalFloor))} the in-terminal floor, ${formatRatio(pairedRatio(series, samples.bareInk))} a bare Ink app`,
    });
    return [
      verdict(`first frame against a running emulator with 130 commands ≤ ${API_GOAL_MS} ms`, samples.api, API_GOAL_MS),
      verdict(`first frame with --demo ≤ ${DEMO_GOAL_MS} ms`, samples.demo, DEMO_GOAL_MS),
    ];
  } finally {
    await tmux.close();
    await emulator.close();
    rmSync(home, { recursive: true, force: true });
  }
}
