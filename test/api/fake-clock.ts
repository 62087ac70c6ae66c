/** A clock whose sleeps return at once and move time forward, recording every wait. */
import type { Clock } from '../../source/api/clock.js';

export interface FakeClock extends Clock {
  sleeps: number[];
}

export function fakeClock(start = 1_000_000): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += Math.max(0, ms);
    },
  };
}
