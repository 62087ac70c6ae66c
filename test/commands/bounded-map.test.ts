import { describe, expect, it } from 'vitest';
import { mapBounded } from '../../source/commands/bounded-map.js';

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
