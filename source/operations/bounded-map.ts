/**
 * Runs an async job over many items with at most `limit` in flight, keeping results in input
 * order. Bounds memory and open requests; the client's queues keep the pace within Discord's limits.
 * The first failure ends the run: no job starts after it, and the jobs in flight are told through
 * their signal to stop at their next step (an audit of 100,000 guilds must not go on for minutes
 * after it has already failed). `stopWhen` stops it from outside the same way.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, job: (item: T, index: number, signal: AbortSignal) => Promise<R>, stopWhen?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items.length);
  const stop = new AbortController();
  // Stopped from outside (the TUI's esc): no job starts after it; those in flight finish.
  const stopFromOutside = () => stop.abort(stopWhen?.reason);
  if (stopWhen?.aborted) stopFromOutside();
  else stopWhen?.addEventListener('abort', stopFromOutside, { once: true });
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop.signal.aborted) {
      const index = next++;
      try {
        results[index] = await job(items[index] as T, index, stop.signal);
      } catch (error) {
        stop.abort(error);
        throw error;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  } finally {
    // A long-lived signal (the TUI's) must not collect one listener per run.
    stopWhen?.removeEventListener('abort', stopFromOutside);
  }
  return results;
}
