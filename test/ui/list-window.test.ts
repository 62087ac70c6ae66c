import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windowStart } from '../../source/ui/components/list-window.js';

describe('the visible slice of a long list', () => {
  it('stays put while the selection moves inside it, and moves just enough when it leaves', () => {
    expect(windowStart(0, 5, 130, 20)).toBe(0);
    expect(windowStart(0, 19, 130, 20)).toBe(0);
    expect(windowStart(0, 20, 130, 20)).toBe(1);
    expect(windowStart(10, 9, 130, 20)).toBe(9);
    expect(windowStart(10, 129, 130, 20)).toBe(110);
  });

  it('always shows the selection, never runs past the end, and is full whenever the list is long enough', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(200), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 60 }), (previous, selectedSeed, count, rows) => {
        const selected = selectedSeed % count;
        const start = windowStart(previous, selected, count, rows);
        expect(start).toBeGreaterThanOrEqual(0);
        expect(selected).toBeGreaterThanOrEqual(start);
        expect(selected).toBeLessThan(start + rows);
        expect(start + rows).toBeLessThanOrEqual(Math.max(count, rows));
        // Moving within the window keeps it where it was.
        if (selected >= previous && selected < previous + rows && previous + rows <= count) expect(start).toBe(previous);
      }),
    );
  });
});
