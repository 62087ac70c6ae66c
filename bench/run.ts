/**
 * `npm run bench [-- NAME…]`: runs each registered benchmark module (or those named), which print
 * their figures and return one verdict per goal; exits 1 when a goal is missed.
 * To add a benchmark: write bench/<topic>.bench.ts exporting `name` and `run(): Verdict[] | Promise<Verdict[]>`,
 * and add its loader below.
 */
import { printVerdict, type Verdict } from './harness.js';

interface BenchmarkModule {
  name: string;
  run: () => Verdict[] | Promise<Verdict[]>;
}

const BENCHMARKS: (() => Promise<BenchmarkModule>)[] = [
  () => import('./validator.bench.js'),
  () => import('./startup.bench.js'),
  () => import('./first-frame.bench.js'),
  () => import('./audit.bench.js'),
  () => import('./audit-scale.bench.js'),
  () => import('./ui.bench.js'),
];

async function main(selected: string[]): Promise<number> {
  const verdicts: Verdict[] = [];
  for (const load of BENCHMARKS) {
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

process.exitCode = await main(process.argv.slice(2));
