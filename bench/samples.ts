/**
 * Small statistics for the benchmarks that time whole runs (processes, frames): medians of samples
 * and side-by-side ratios, formatted for the verdict lines.
 */

export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

export function formatMs(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

/** `label  median 12.3 ms  (min 10.1, max 20.4, n=10)` */
export function describeSamples(label: string, samples: readonly number[]): string {
  return `  ${label.padEnd(52)} median ${formatMs(median(samples)).padStart(9)}   min ${formatMs(Math.min(...samples)).padStart(9)}   max ${formatMs(Math.max(...samples)).padStart(9)}   n=${samples.length}`;
}

/**
 * Median of the run-by-run ratios a[i] / b[i] of two interleaved series: each pair ran back to back,
 * so a burst of load from other work on the machine weighs on both sides of a ratio alike.
 */
export function pairedRatio(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('paired series differ in length');
  return median(a.map((value, index) => value / b[index]!));
}
