import { describe, expect, it } from 'vitest';
import { formLayout, type FieldRows } from '../../source/ui/screens/try/form-layout.js';

const topic: FieldRows = { key: 'topic', core: 2, whole: 3 };
const details: FieldRows = { key: 'details', core: 3, whole: 5 };
const more = (key: string): FieldRows => ({ key, core: 2, whole: 3 });

describe("the bot's form laid out by priority", () => {
  it('draws a border and blank rows only where everything fits with them', () => {
    expect(formLayout([topic, details], 'topic', 20)).toMatchObject({ border: true, spaced: true, shown: { topic: 'whole', details: 'whole' } });
    expect(formLayout([topic, details], 'topic', 10)).toMatchObject({ border: false, spaced: false, shown: { topic: 'whole', details: 'whole' } });
  });

  it('keeps the focused field whole and the others compact, then all compact, before anything scrolls', () => {
    expect(formLayout([topic, details], 'details', 9)).toMatchObject({ shown: { topic: 'compact', details: 'whole' }, above: 0, below: 0 });
    expect(formLayout([topic, details], 'details', 7)).toMatchObject({ shown: { topic: 'compact', details: 'compact' }, above: 0, below: 0 });
  });

  it('scrolls around the focused field, saying how many rows are above and below, and always leaves the title and Submit their rows', () => {
    const fields = [more('a'), more('b'), more('c'), more('d'), more('e')];
    const laid = formLayout(fields, 'c', 8);
    expect(laid.shown.c).not.toBe('hidden');
    const rows = fields.reduce((total, field) => total + (laid.shown[field.key] === 'whole' ? field.whole : laid.shown[field.key] === 'compact' ? field.core : 0), 0);
    expect(rows + (laid.above > 0 ? 1 : 0) + (laid.below > 0 ? 1 : 0)).toBeLessThanOrEqual(8 - 2);
    expect(laid.above).toBeGreaterThan(0);
    expect(laid.below).toBeGreaterThan(0);
  });

  it('on Submit shows the last fields, above Submit', () => {
    const fields = [more('a'), more('b'), more('c'), more('d')];
    const laid = formLayout(fields, undefined, 7);
    expect(laid.shown.d).toBe('compact');
    expect(laid.below).toBe(0);
    expect(laid.shown.a).toBe('hidden');
  });
});
