import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../source/discord/command-order.js';

describe('the order commands are listed in', () => {
  it('ignores case first, then breaks ties exactly', () => {
    expect(['ping', 'Report', 'ban', 'BadName', 'report'].sort(compareNames)).toEqual(['BadName', 'ban', 'ping', 'Report', 'report']);
  });

  it('is a total order: antisymmetric, transitive, zero only for equal names', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        expect(Math.sign(compareNames(a, b)) + Math.sign(compareNames(b, a))).toBe(0);
        expect(compareNames(a, b) === 0).toBe(a === b);
        if (compareNames(a, b) <= 0 && compareNames(b, c) <= 0) expect(compareNames(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
