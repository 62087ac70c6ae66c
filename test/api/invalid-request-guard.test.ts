import { describe, expect, it } from 'vitest';
import { InvalidRequestGuard, InvalidRequestLimitError } from '../../source/api/invalid-request-guard.js';
import { fakeClock } from './fake-clock.js';

describe('invalid-request guard (A6)', () => {
  it.each([
    [401, {}, 1],
    [403, {}, 1],
    [429, { 'x-ratelimit-scope': 'user' }, 1],
    [429, { 'x-ratelimit-scope': 'global' }, 1],
    [429, { 'x-ratelimit-scope': 'shared' }, 0],
    [404, {}, 0],
    [500, {}, 0],
  ])('status %i %o counts %i', (status, headers, counted) => {
    const guard = new InvalidRequestGuard(fakeClock());
    guard.record(status, headers);
    expect(guard.count()).toBe(counted);
  });

  it('warns once at the threshold, stops at the limit, and forgets after 10 minutes', async () => {
    const clock = fakeClock();
    const guard = new InvalidRequestGuard(clock, 3, 5);
    const warnings = Array.from({ length: 5 }, () => guard.record(403, {})).filter(Boolean);
    expect(warnings).toHaveLength(1);
    expect(() => guard.check()).toThrow(InvalidRequestLimitError);
    await clock.sleep(10 * 60 * 1000);
    expect(() => guard.check()).not.toThrow();
  });

  it('uses the documented figures by default', () => {
    const guard = new InvalidRequestGuard(fakeClock());
    for (let i = 0; i < 999; i += 1) expect(guard.record(401, {})).toBeUndefined();
    expect(guard.record(401, {})).toMatch(/1000 requests were rejected/);
    for (let i = 0; i < 3999; i += 1) guard.record(401, {});
    expect(() => guard.check()).not.toThrow();
    guard.record(401, {});
    expect(() => guard.check()).toThrow(/5000/);
  });
});
