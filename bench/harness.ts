/**
 * Shared benchmark tools: timing a function after warm-up, printing figures, and verdict lines
 * that each benchmark module returns to bench/run.ts.
 */

export interface Verdict {
  goal: string;
  met: boolean;
  detail: string;
}

export interface Timing {
  /** Median time of one call, in microseconds. */
  medianMicros: number;
  /** 99th-percentile time of one call, in microseconds. */
  p99Micros: number;
  /** Calls per second at the median. */
  perSecond: number;
}

/**
 * Times `task` call by call for about `budgetMs` after a warm-up, so the median and p99 describe
 * what one user-visible call costs once the JIT has settled.
 */
export function time(task: () => unknown, budgetMs = 400, warmUp = 200): Timing {
  for (let i = 0; i < warmUp; i += 1) task();
  const samples: number[] = [];
  const end = performance.now() + budgetMs;
  while (performance.now() < end || samples.length < 20) {
    const start = performance.now();
    task();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))]!;
  const medianMicros = at(0.5);
  return { medianMicros, p99Micros: at(0.99), perSecond: 1e6 / medianMicros };
}

export function formatMicros(micros: number): string {
  return micros >= 1000 ? `${(micros / 1000).toFixed(2)} ms` : `${micros.toFixed(1)} µs`;
}

export function printRow(label: string, timing: Timing): void {
  console.log(`  ${label.padEnd(44)} median ${formatMicros(timing.medianMicros).padStart(10)}   p99 ${formatMicros(timing.p99Micros).padStart(10)}   ${Math.round(timing.perSecond).toLocaleString('en-US').padStart(9)}/s`);
}

export function printVerdict(verdict: Verdict): void {
  console.log(`  ${verdict.met ? 'PASS' : 'FAIL'}  ${verdict.goal}: ${verdict.detail}`);
}

export interface BenchmarkModule {
  name: string;
  run: () => Verdict[] | Promise<Verdict[]>;
}

/** Runs each module (or those named), printing its figures and verdicts; resolves to the exit code. */
export async function runBenchmarks(modules: readonly (() => Promise<BenchmarkModule>)[], selected: readonly string[]): Promise<number> {
  const verdicts: Verdict[] = [];
  for (const load of modules) {
    const benchmark = await load();
    if (selected.length > 0 && !selected.includes(benchmark.name)) continue;
    console.log(`\n${benchmark.name}`);
    const results = await benchmark.run();
    results.forEach(printVerdict);
    verdicts.push(...results);
  }
  const missed = verdicts.filter((verdict) => !verdict.met);
  console.log(`\n${verdicts.length - missed.length} of ${verdicts.length} goals met${missed.length ? `; missed: ${missed.map((v) => v.goal).join('; ')}` : ''}`);
  return missed.length === 0 ? 0 : 1;
}
