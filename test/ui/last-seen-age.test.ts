import { describe, expect, it } from 'vitest';
import { ageOf } from '../../source/ui/last-seen-list.js';

describe('how old the cached list is said to be', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it('counts seconds, minutes, hours and days, rounded down', () => {
    expect(ageOf(now - 4_400, now)).toBe('4 s ago');
    expect(ageOf(now - 59_000, now)).toBe('59 s ago');
    expect(ageOf(now - 60_000, now)).toBe('1 min ago');
    expect(ageOf(now - 3_599_000, now)).toBe('59 min ago');
    expect(ageOf(now - 3_600_000, now)).toBe('1 h ago');
    expect(ageOf(now - 86_400_000, now)).toBe('1 day ago');
    expect(ageOf(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });

  it('never says a negative age when the clock went back since', () => {
    expect(ageOf(now + 5_000, now)).toBe('0 s ago');
  });
});
