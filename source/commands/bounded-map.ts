/**
 * Runs an async job over many items with at most `limit` in flight, keeping results in input
 * order. Bounds memory and open requests; the client's queues keep the pace within Discord's limits.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, job: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await job(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
