/**
 * Time to the first useful frame of the built binary in a real pseudo-terminal (tmux, 120×40): from
 * launch until the command list is drawn, (a) against an already running emulator whose global
 * scope holds 130 commands and (b) with --demo, which starts the emulator in-process. Rounds are
 * interleaved with a bare `node -e 0`, a node that prints one line in the same terminal (the floor
 * this method can measure) and the smallest Ink app (bench/bare-ink.mjs): the goal is a ratio to that
 * app in the same run (issue 32: ≤ 0.6×), which tells a slow machine from a slow binary.
 *
 * A/B: CMD_TUI_BENCH_AGAINST=<another build's cli.js> runs that build in the same rounds (the order
 * of the two alternating from round to round) and prints this build's run-by-run ratio to it.
 * CMD_TUI_BENCH_ROUNDS sets the number of rounds (default 11). CMD_TUI_BENCH_CPU=1 also records the
 * main thread's CPU time until each program wrote its awaited frame (a preload in every timed program,
 * the bare Ink app's included): it depends far less than wall time on what else the machine runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../source/emulator/server.js';
import { BARE_NODE, CLI_PATH, timeRun } from './child-process.js';
import { FULL_SCOPE_ROW, fullGlobalScope, putGlobalCommands } from './full-scope.js';
import type { Verdict } from './harness.js';
import { describeSamples, formatMs, formatRatio, median, pairedRatio } from './samples.js';
import { TmuxControl } from './tmux-control.js';

export const name = 'first-frame';

const ROUNDS = Number(process.env.CMD_TUI_BENCH_ROUNDS ?? 11);
const AGAINST = process.env.CMD_TUI_BENCH_AGAINST ? resolve(process.env.CMD_TUI_BENCH_AGAINST) : undefined;
/** Issue 32: the first list frame in at most this fraction of the bare Ink app's, same run. */
const MAX_RATIO_TO_BARE_INK = 0.6;
const API_GOAL_MS = 400;
const DEMO_GOAL_MS = 600;

/** The list is drawn when several rows of known commands are on screen, not just a title. */
const listShows = (row: RegExp, rows: number) => (screen: string) => screen.split('\n').filter((line) => row.test(line)).length >= rows;
const DEMO_ROW = /\b(?:ping|poll|remind|settings)\b/;
/** The list seen last time, drawn while the fresh one loads (source/ui/last-seen-list.tsx). */
const CACHED = /cached .* ago — loading…/;
const BARE_INK = fileURLToPath(new URL('bare-ink.mjs', import.meta.url));
const RECORD_CPU = process.env.CMD_TUI_BENCH_CPU === '1';

/**
 * A preload that writes the main thread's CPU time (ms) to $CMD_TUI_BENCH_CPU_FILE when the process
 * first writes output in which $CMD_TUI_BENCH_CPU_AT (a regular expression) matches
 * $CMD_TUI_BENCH_CPU_ROWS times, and again (`fresh`) at the first such output that does not match
 * $CMD_TUI_BENCH_CPU_CACHED: `{"first":…,"fresh":…}`.
 */
const CPU_AT_FRAME = `data:text/javascript,${encodeURIComponent(`
import { writeFileSync } from 'node:fs';
const at = new RegExp(process.env.CMD_TUI_BENCH_CPU_AT, 'g');
const rows = Number(process.env.CMD_TUI_BENCH_CPU_ROWS);
const cached = new RegExp(process.env.CMD_TUI_BENCH_CPU_CACHED);
const times = {};
const write = process.stdout.write;
process.stdout.write = function (chunk, ...rest) {
  const text = String(chunk);
  if ((text.match(at) ?? []).length >= rows) {
    const { user, system } = process.threadCpuUsage();
    times.first ??= (user + system) / 1000;
    if (!cached.test(text)) {
      times.fresh = (user + system) / 1000;
      process.stdout.write = write;
    }
    writeFileSync(process.env.CMD_TUI_BENCH_CPU_FILE, JSON.stringify(times));
  }
  return write.call(this, chunk, ...rest);
};
`)}`;

interface BuildSamples {
  /** The first frame with the list, cached or fresh. */
  api: number[];
  /** The fresh list (no longer marked as cached). */
  apiFresh: number[];
  apiSeen: number[];
  apiAnything: number[];
  apiCpu: number[];
  apiFreshCpu: number[];
  demo: number[];
  demoAnything: number[];
  demoCpu: number[];
}

const noSamples = (): BuildSamples => ({ api: [], apiFresh: [], apiSeen: [], apiAnything: [], apiCpu: [], apiFreshCpu: [], demo: [], demoAnything: [], demoCpu: [] });

export async function run(): Promise<Verdict[]> {
  const emulator = await startEmulator({ seed: 'empty', rateLimits: 'discord' });
  const tmux = await TmuxControl.start();
  const home = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-home-'));
  try {
    await putGlobalCommands(emulator, fullGlobalScope());
    const env = { CMD_TUI_HOME: home, TERM: 'xterm-256color', LANG: 'C.UTF-8' };
    const baselines = { node: [] as number[], terminalFloor: [] as number[], bareInk: [] as number[], bareInkCpu: [] as number[] };
    const builds = new Map<string, BuildSamples>([[CLI_PATH, noSamples()], ...(AGAINST ? [[AGAINST, noSamples()] as const] : [])]);
    const cpuFile = join(home, 'cpu-at-frame.txt');
    /**
     * Times `script` with `args` to the frame where `row` matches `rows` times (and, with `fresh`, on to
     * the frame that is no longer the cached list); with its CPU time to the first when recorded.
     */
    const timeFrame = async (script: string, args: string[], extraEnv: Record<string, string>, row: RegExp, rows: number, fresh = false) => {
      rmSync(cpuFile, { force: true });
      const preload = RECORD_CPU ? ['--import', CPU_AT_FRAME] : [];
      const cpuEnv: Record<string, string> = RECORD_CPU ? { CMD_TUI_BENCH_CPU_FILE: cpuFile, CMD_TUI_BENCH_CPU_AT: row.source, CMD_TUI_BENCH_CPU_ROWS: String(rows), CMD_TUI_BENCH_CPU_CACHED: CACHED.source } : {};
      const shows = listShows(row, rows);
      const check = fresh ? (screen: string) => shows(screen) && !CACHED.test(screen) : shows;
      const frame = await tmux.timeFirstFrame([process.execPath, ...preload, script, ...args], { ...env, ...extraEnv, ...cpuEnv }, check, undefined, undefined, shows);
      const cpu = RECORD_CPU ? (JSON.parse(readFileSync(cpuFile, 'utf8')) as { first: number; fresh: number }) : { first: Number.NaN, fresh: Number.NaN };
      return { ...frame, cpuMs: cpu.first, freshCpuMs: cpu.fresh };
    };
    // Each build keeps its last-seen list in a home of its own: two builds whose files differ would
    // otherwise each find the other's file unreadable, and draw no cached list at all.
    const homes = new Map([...builds.keys()].map((cli, index) => [cli, join(home, `build-${index}`)]));
    const timeBuild = async (cli: string, samples: BuildSamples) => {
      const api = await timeFrame(cli, ['--api', emulator.baseUrl], { DISCORD_BOT_TOKEN: emulator.botToken, CMD_TUI_HOME: homes.get(cli)! }, FULL_SCOPE_ROW, 5, true);
      samples.api.push(api.earlierMs);
      samples.apiFresh.push(api.drawnMs);
      samples.apiSeen.push(api.seenMs);
      samples.apiAnything.push(api.anythingMs);
      samples.apiCpu.push(api.cpuMs);
      samples.apiFreshCpu.push(api.freshCpuMs);
      const demo = await timeFrame(cli, ['--demo'], {}, DEMO_ROW, 3);
      samples.demo.push(demo.drawnMs);
      samples.demoAnything.push(demo.anythingMs);
      samples.demoCpu.push(demo.cpuMs);
    };
    const round = async (index: number) => {
      baselines.node.push(timeRun(BARE_NODE));
      baselines.terminalFloor.push((await tmux.timeFirstFrame([process.execPath, '-e', "console.log('ready'); setTimeout(() => {}, 60000)"], env, (s) => s.includes('ready'))).drawnMs);
      const bareInk = await timeFrame(BARE_INK, [], {}, /Hello from a bare Ink app/, 1);
      baselines.bareInk.push(bareInk.drawnMs);
      baselines.bareInkCpu.push(bareInk.cpuMs);
      const order = [...builds];
      if (index % 2 === 1) order.reverse();
      for (const [cli, samples] of order) await timeBuild(cli, samples);
    };
    await round(0); // warm the file cache (and each build's compile cache); not counted
    for (const series of [...Object.values(baselines), ...[...builds.values()].flatMap((samples) => Object.values(samples))]) series.length = 0;
    for (let i = 0; i < ROUNDS; i += 1) await round(i);

    const ours = builds.get(CLI_PATH)!;
    console.log(describeSamples('node -e 0 (spawn to exit)', baselines.node));
    console.log(describeSamples('node printing one line, in tmux (method floor)', baselines.terminalFloor));
    console.log(describeSamples('a bare Ink app printing one line (reference)', baselines.bareInk));
    if (RECORD_CPU) console.log(describeSamples('  its main thread\'s CPU time to that frame', baselines.bareInkCpu));
    for (const [cli, samples] of builds) {
      const which = cli === CLI_PATH ? 'cmd-tui' : `against ${cli}`;
      console.log(describeSamples(`${which} --api <emulator, 130 commands>`, samples.api));
      console.log(describeSamples('  same, the fresh list (not the cached one)', samples.apiFresh));
      console.log(describeSamples('  same, when the capture after that output saw it', samples.apiSeen));
      console.log(describeSamples('  same, first frame of any kind ("Connecting…")', samples.apiAnything));
      console.log(describeSamples(`${which} --demo`, samples.demo));
      console.log(describeSamples('  same, first frame of any kind', samples.demoAnything));
      console.log(`    ratio to the bare Ink app: --api ${formatRatio(pairedRatio(samples.api, baselines.bareInk))} (fresh list ${formatRatio(pairedRatio(samples.apiFresh, baselines.bareInk))}), --demo ${formatRatio(pairedRatio(samples.demo, baselines.bareInk))}`);
      if (RECORD_CPU) {
        console.log(describeSamples('  main thread CPU to the list, --api', samples.apiCpu));
        console.log(describeSamples('  main thread CPU to the fresh list, --api', samples.apiFreshCpu));
        console.log(describeSamples('  main thread CPU to the list, --demo', samples.demoCpu));
        console.log(`    CPU ratio to the bare Ink app: --api ${formatRatio(pairedRatio(samples.apiCpu, baselines.bareInkCpu))}, --demo ${formatRatio(pairedRatio(samples.demoCpu, baselines.bareInkCpu))}`);
      }
    }
    if (AGAINST) {
      const theirs = builds.get(AGAINST)!;
      console.log(`  this build ÷ ${AGAINST}, run by run: --api ${formatRatio(pairedRatio(ours.api, theirs.api))} (fresh list ${formatRatio(pairedRatio(ours.apiFresh, theirs.apiFresh))}), --demo ${formatRatio(pairedRatio(ours.demo, theirs.demo))}`);
      if (RECORD_CPU) console.log(`    main thread CPU: --api ${formatRatio(pairedRatio(ours.apiCpu, theirs.apiCpu))} (fresh list ${formatRatio(pairedRatio(ours.apiFreshCpu, theirs.apiFreshCpu))}), --demo ${formatRatio(pairedRatio(ours.demoCpu, theirs.demoCpu))}`);
    }
    const verdict = (goal: string, series: number[], limitMs: number): Verdict => ({
      goal,
      met: median(series) <= limitMs,
      detail: `median ${formatMs(median(series))} over ${ROUNDS} runs; ${formatRatio(pairedRatio(series, baselines.node))} node -e 0, ${formatRatio(pairedRatio(series, baselines.terminalFloor))} the in-terminal floor, ${formatRatio(pairedRatio(series, baselines.bareInk))} a bare Ink app`,
    });
    const toBareInk = pairedRatio(ours.api, baselines.bareInk);
    return [
      {
        goal: `first list frame against a running emulator (the cached list: it was seen in the warm-up round) ≤ ${MAX_RATIO_TO_BARE_INK}× the bare Ink app's, same run`,
        met: toBareInk <= MAX_RATIO_TO_BARE_INK,
        detail: `${formatRatio(toBareInk)} (median of ${ROUNDS} run-by-run ratios; medians ${formatMs(median(ours.api))} vs ${formatMs(median(baselines.bareInk))}); the fresh list ${formatRatio(pairedRatio(ours.apiFresh, baselines.bareInk))}`,
      },
      verdict(`first frame against a running emulator with 130 commands ≤ ${API_GOAL_MS} ms`, ours.api, API_GOAL_MS),
      verdict(`first frame with --demo ≤ ${DEMO_GOAL_MS} ms`, ours.demo, DEMO_GOAL_MS),
    ];
  } finally {
    await tmux.close();
    await emulator.close();
    rmSync(home, { recursive: true, force: true });
  }
}
