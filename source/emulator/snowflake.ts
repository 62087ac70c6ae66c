/**
 * Snowflake ids shaped like Discord's: milliseconds since the Discord epoch in the top 42 bits,
 * then worker, process and a 12-bit increment. Computed with BigInt because ids exceed 2^53.
 */
import type { Clock } from './clock.js';

export { isSnowflake } from '../discord/model.js';

const DISCORD_EPOCH = 1_420_070_400_000n;

/** Millisecond timestamp a snowflake was minted at. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

export interface SnowflakeGenerator {
  next(): string;
}

export function createSnowflakeGenerator(clock: Clock, workerId = 1n, processId = 0n): SnowflakeGenerator {
  let lastMs = 0n;
  let increment = 0n;
  return {
    next() {
      let ms = BigInt(clock());
      // Never go backwards (injected clocks may); spill into the next millisecond when 4096 ids were minted in one.
      if (ms < lastMs) ms = lastMs;
      if (ms === lastMs) {
        increment += 1n;
        if (increment > 0xfffn) {
          ms += 1n;
          increment = 0n;
        }
      } else {
        increment = 0n;
      }
      lastMs = ms;
      return String(((ms - DISCORD_EPOCH) << 22n) | (workerId << 17n) | (processId << 12n) | increment);
    },
  };
}
