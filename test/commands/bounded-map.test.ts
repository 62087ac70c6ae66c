import { describe, expect, it } from 'vitest';
import { mapBounded } from '../../source/operations/bounded-map.js';

describe('mapBounded', () => {
  it('keeps input order and never has more than `limit` jobs in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapBounded([5, 1, 4, 2, 3, 0], 2, async (value) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      for (let i = 0; i < value; i++) await Promise.resolve();
      inFlight--;
      return value * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });

  it('handles an empty list and a limit above the count', async () => {
    expect(await mapBounded([], 8, async () => 1)).toEqual([]);
    expect(await mapBounded([1, 2], 8, async (x) => x)).toEqual([1, 2]);
  });

  it('rejects with the first failure', async () => {
    await expect(mapBounded([1, 2, 3], 2, async (x) => { if (x === 2) throw new Error('boom'); return x; })).rejects.toThrow('boom');
  });
});

describe('mapBounded stops at the first failure', () => {
  it('starts no job after a failure and tells the ones in flight', async () => {
    const started: number[] = [];
    const toldToStop: number[] = [];
    const items = Array.from({ length: 100 }, (_, index) => index);
    const run = mapBounded(items, 4, async (item, _index, signal) => {
      started.push(item);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (item === 5) throw new Error('HTTP 500');
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (signal.aborted) toldToStop.push(item);
      return item;
    });
    await expect(run).rejects.toThrow('HTTP 500');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Items 0–7 at most: the four in flight when 5 failed, none after.
    expect(Math.max(...started)).toBeLessThanOrEqual(8);
    expect(started.length).toBeLessThanOrEqual(9);
    expect(toldToStop.length).toBeGreaterThan(0);
  });
});

describe('mapBounded stopped from outside', () => {
  it('starts no job when the stop came before the run', async () => {
    const stopped = new AbortController();
    stopped.abort();
    const started: number[] = [];
    await mapBounded([1, 2, 3], 2, async (x) => started.push(x), stopped.signal);
    expect(started).toEqual([]);
  });

  it('leaves no listener on a long-lived signal after each run, however it ended', async () => {
    const lifetime = new AbortController();
    let listening = 0;
    const { signal } = lifetime;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => (listening++, add(...args))) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => (listening--, remove(...args))) as typeof remove;
    for (let run = 0; run < 5; run++) {
      await mapBounded([1, 2], 2, async (x) => x, lifetime.signal);
      await mapBounded([1], 1, async () => { throw new Error('boom'); }, lifetime.signal).catch(() => undefined);
    }
    expect(listening).toBe(0);
  });
});
