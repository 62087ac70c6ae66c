/** Text fields edit by grapheme: never half a surrogate pair or half a cluster, whatever is typed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editText, graphemeAt, type TextEdit, type TextState } from '../../source/ui/components/text-editing.js';

const apply = (edits: TextEdit[], start: TextState = { value: '', cursor: 0 }) => edits.reduce(editText, start);
const type = (text: string): TextEdit => ({ kind: 'insert', text });

describe('editing by grapheme', () => {
  it.each([
    ['an emoji (a surrogate pair)', '🏓'],
    ['a flag (two regional indicators)', '🇯🇵'],
    ['e + U+0301 (a combining accent)', 'e\u0301'],
    ['a Devanagari cluster', 'क्षि'],
    ['a family (ZWJ sequence)', '👨‍👩‍👧'],
    ['a CJK character', '天'],
  ])('backspace after %s removes it whole', (_name, character) => {
    const typed = apply([type('a'), type(character)]);
    expect(typed).toEqual({ value: `a${character}`, cursor: 1 + character.length });
    expect(apply([{ kind: 'backspace' }], typed)).toEqual({ value: 'a', cursor: 1 });
    const before = apply([{ kind: 'left' }], typed);
    expect(before.cursor).toBe(1);
    expect(graphemeAt(before.value, before.cursor)).toBe(character);
    expect(apply([{ kind: 'delete' }], before)).toEqual({ value: 'a', cursor: 1 });
  });

  it('a combining mark typed before an accent-less letter joins it, and the cursor stays on a boundary', () => {
    const state = apply([type('ab'), { kind: 'left' }, type('\u0301')]);
    expect(state.value).toBe('a\u0301b');
    expect(state.cursor).toBe(2);
  });

  it('property: any inserts, moves and deletes over any Unicode keep the text well-formed and equal to a grapheme model', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const graphemes = (text: string) => [...segmenter.segment(text)].map((segment) => segment.segment);
    const edit = fc.oneof(
      fc.string({ unit: fc.oneof(fc.constantFrom('🏓', '🇯🇵', 'e\u0301', '\u0301', 'क्षि', '👨‍👩‍👧', '天', 'a', '\u200d'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 3 }).map(type),
      fc.constantFrom<TextEdit>({ kind: 'backspace' }, { kind: 'delete' }, { kind: 'left' }, { kind: 'right' }, { kind: 'home' }, { kind: 'end' }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let state: TextState = { value: '', cursor: 0 };
        for (const step of edits) {
          const before = graphemes(state.value);
          const index = graphemes(state.value.slice(0, state.cursor)).length;
          state = editText(state, step);
          // No lone surrogate: half a pair would be a broken character.
          expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(state.value)).toBe(false);
          // The cursor is always on a grapheme boundary.
          expect(graphemes(state.value.slice(0, state.cursor)).join('')).toBe(state.value.slice(0, state.cursor));
          expect(graphemes(state.value.slice(0, state.cursor)).concat(graphemes(state.value.slice(state.cursor))).join('')).toBe(state.value);
          if (step.kind === 'backspace' && index > 0) expect(graphemes(state.value)).toEqual([...before.slice(0, index - 1), ...before.slice(index)]);
          if (step.kind === 'delete' && index < before.length) expect(graphemes(state.value)).toEqual([...before.slice(0, index), ...before.slice(index + 1)]);
          if (step.kind === 'left') expect(graphemes(state.value.slice(0, state.cursor)).length).toBe(Math.max(0, index - 1));
          if (step.kind === 'right') expect(graphemes(state.value.slice(0, state.cursor)).length).toBe(Math.min(before.length, index + 1));
        }
      }),
      { numRuns: 300 },
    );
  });
});
