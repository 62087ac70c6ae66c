/**
 * `npm run bench [-- NAME…]`: runs each registered benchmark module (or those named), which print
 * their figures and return one verdict per goal; exits 1 when a goal is missed.
 * To add a benchmark: write bench/<topic>.bench.ts exporting `name` and `run(): Verdict[] | Promise<Verdict[]>`,
 * and add its loader below.
 */
import { runBenchmarks, type BenchmarkModule } from './harness.js';

const BENCHMARKS: (() => Promise<BenchmarkModule>)[] = [
  () => import('./validator.bench.js'),
  () => import('./startup.bench.js'),
  () => import('./first-frame.bench.js'),
  () => import('./audit.bench.js'),
  () => import('./audit-scale.bench.js'),
  () => import('./ui.bench.js'),
];

process.exitCode = await runBenchmarks(BENCHMARKS, process.argv.slice(2));
