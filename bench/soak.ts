/**
 * `npm run soak [-- NAME…]`: the long versions of the reliability tests (test/reliability/), with
 * their figures; exits 1 when a goal is missed. `npm test` runs the short versions of the same code.
 */
import { runBenchmarks, type BenchmarkModule } from './harness.js';

const SOAKS: (() => Promise<BenchmarkModule>)[] = [
  () => import('./shared-token.soak.js'),
  () => import('./kill-points.soak.js'),
  () => import('./fuzz.soak.js'),
  () => import('./parallel-writers.soak.js'),
  () => import('./racing-applies.soak.js'),
];

process.exitCode = await runBenchmarks(SOAKS, process.argv.slice(2));
