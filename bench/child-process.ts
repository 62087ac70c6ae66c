/**
 * Runs child processes for the benchmarks: wall time from spawn to exit, interleaved with the bare
 * `node -e 0` that start-up goals are ratios of; the built binary with its output and peak RSS;
 * which npm packages a run of it loaded (read from the `// node_modules/<package>/` markers esbuild
 * leaves in the chunks); and the environment for runs that must draw interactively.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI_PATH = resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist/cli.js');

/** Wall time of one run to exit, in ms; throws if it fails, so a broken binary is never timed as fast. */
export function timeRun(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
  return elapsed;
}

export const BARE_NODE = ['-e', '0'];

/** process.env without CI: Ink draws nothing interactive when CI is set, and the UI benches time the interactive path. */
export function interactiveEnv(): NodeJS.ProcessEnv {
  const { CI: _ci, ...env } = process.env;
  return env;
}

/**
 * Times each variant `runs` times, interleaved (A B C A B C …) so that load from other work on the
 * machine falls on all of them alike. Returns the samples per variant, in ms.
 */
export function timeInterleaved(variants: Record<string, string[]>, runs: number): Record<string, number[]> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
  for (const args of Object.values(variants)) timeRun(args); // warm the file cache
  for (let run = 0; run < runs; run += 1) {
    for (const [key, args] of Object.entries(variants)) samples[key]!.push(timeRun(args));
  }
  return samples;
}

/** A preload that appends every module URL Node loads to $CMD_TUI_BENCH_LOADED. */
const RECORD_LOADS = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({ load(url, context, next) { appendFileSync(process.env.CMD_TUI_BENCH_LOADED, url + '\\n'); return next(url, context); } });
`)}`;

/** Node arguments and environment that make a run append every module URL it loads to the file `log`. */
export function recordingLoads(log: string): { nodeArgs: string[]; env: Record<string, string> } {
  return { nodeArgs: ['--import', RECORD_LOADS], env: { CMD_TUI_BENCH_LOADED: log } };
}

/** The files a recorded run loaded, and the npm packages bundled into or loaded from them. */
export function packagesInLoadLog(log: string): { files: string[]; packages: string[] } {
  const files = readFileSync(log, 'utf8').split('\n').filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
  const packages = new Set<string>();
  for (const file of files) {
    // `// ../main/node_modules/…` where node_modules is a link to another checkout's (esbuild names the real path).
    for (const match of readFileSync(file, 'utf8').matchAll(/^\/\/ (?:\S*?\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) packages.add(match[1]!);
    const direct = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (direct) packages.add(direct[1]!);
  }
  return { files, packages: [...packages].sort() };
}

/** The npm packages whose code a run of the built binary with `args` loaded (whatever its exit code). */
export function packagesLoadedBy(args: string[]): { files: string[]; packages: string[] } {
  const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-'));
  const log = join(folder, 'loaded.txt');
  try {
    const recording = recordingLoads(log);
    spawnSync(process.execPath, [...recording.nodeArgs, CLI_PATH, ...args], { env: { ...process.env, ...recording.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    return packagesInLoadLog(log);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Peak RSS (VmHWM) and CPU time (user + system) of a child, read by a preload at exit: exact, unlike
 * sampling /proc from outside, and the CPU time does not depend on what else the machine runs.
 */
const RECORD_PEAK_RSS = `data:text/javascript,${encodeURIComponent(`
import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const usage = process.resourceUsage();
  writeFileSync(process.env.CMD_TUI_BENCH_PEAK, JSON.stringify({ maxRss: usage.maxRSS, cpuMicros: usage.userCPUTime + usage.systemCPUTime }));
});
`)}`;

export interface MeasuredRun {
  wallMs: number;
  exitCode: number | null;
  peakRssMb: number;
  /** The process's CPU time, user + system. */
  cpuMs: number;
  stdout: string;
  stderr: string;
}

/** Runs the built binary asynchronously (so an in-process emulator keeps serving) and measures it. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<MeasuredRun> {
  const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-'));
  const peakFile = join(folder, 'peak.txt');
  return new Promise((resolveRun, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', RECORD_PEAK_RSS, CLI_PATH, ...args], { env: { ...env, CMD_TUI_BENCH_PEAK: peakFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const wallMs = performance.now() - started;
      try {
        const usage = JSON.parse(readFileSync(peakFile, 'utf8')) as { maxRss: number; cpuMicros: number };
        resolveRun({ wallMs, exitCode, peakRssMb: usage.maxRss / 1024, cpuMs: usage.cpuMicros / 1000, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}
