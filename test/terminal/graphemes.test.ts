import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GraphemeSegmenter, STANDALONE_EACH } from '../../source/terminal/graphemes.js';

/** The ranges graphemes.ts splits without ICU, as [first, last] code points. */
const STANDALONE_RANGES: [number, number][] = [
  [0x0, 0xc],
  [0xe, 0x2ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2190, 0x2bff],
];
const standalone = STANDALONE_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)));

const icu = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const icuGraphemes = (text: string) => Array.from(icu.segment(text), ({ segment, index }) => ({ segment, index }));
const ours = new GraphemeSegmenter(undefined, { granularity: 'grapheme' });
const ourGraphemes = (text: string) => Array.from(ours.segment(text), ({ segment, index }) => ({ segment, index }));
const splitsBetween = (left: string, right: string) => icuGraphemes(left + right).length === 2;

/** Neighbours that a code point joins if it is of a grapheme-break class that joins (UAX #29). */
const PROBES = {
  hangulL: '\u1100',
  hangulV: '\u1161',
  hangulT: '\u11a8',
  lineFeed: '\n',
  letter: 'a',
};

/** Text with what a terminal UI meets: the standalone set, CJK, emoji (with joiners and skin tones), combining marks, CR LF, escapes. */
const anyPiece = fc.oneof(
  fc.constantFrom(...standalone),
  fc.constantFrom('日', '한', '😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', 'é', '\u0301', '\u200d', '\ufe0f', '\r', '\r\n', '\u001b[31m', '\u001b]8;;x\u0007', '각'),
  fc.string({ unit: 'grapheme', maxLength: 2 }),
  fc.string({ unit: 'binary', maxLength: 2 }),
);
const anyText = fc.array(anyPiece, { maxLength: 30 }).map((pieces) => pieces.join(''));
const standaloneText = fc.array(fc.constantFrom(...standalone), { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('grapheme segmentation without ICU for simple text', () => {
  it('splits by itself exactly the code points checked here', () => {
    const inRanges = (code: number) => STANDALONE_RANGES.some(([first, last]) => code >= first && code <= last);
    const differing = Array.from({ length: 0x10000 }, (_, code) => code).filter((code) => STANDALONE_EACH.test(String.fromCharCode(code)) !== inRanges(code));
    expect(differing.map((code) => code.toString(16))).toEqual([]);
  });

  it('has only code points that ICU never joins to a neighbour: each breaks from letters, line feeds, Hangul jamo and itself', () => {
    // Breaking after a letter rules out marks and joiners, before one rules out prepended marks, with
    // itself regional indicators, and the rest CR and Hangul jamo. That leaves the Control, LF and Other
    // classes, whose strings break at every code point (no joiner or linker is in the set to make an
    // emoji sequence or conjunct).
    const joining = standalone.filter(
      (char) =>
        !splitsBetween(PROBES.letter, char) ||
        !splitsBetween(char, PROBES.letter) ||
        !splitsBetween(char, char) ||
        !splitsBetween(char, PROBES.lineFeed) ||
        !splitsBetween(char, PROBES.hangulV) ||
        !splitsBetween(char, PROBES.hangulT) ||
        !splitsBetween(char, PROBES.hangulL),
    );
    expect(joining.map((char) => char.codePointAt(0)!.toString(16))).toEqual([]);
    expect(standalone).not.toContain('\r');
  });

  it('splits any text exactly as Intl.Segmenter does', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, standaloneText), (text) => {
        expect(ourGraphemes(text)).toEqual(icuGraphemes(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds the grapheme containing an index as Intl.Segmenter does, out of range included', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, standaloneText), fc.integer({ min: -2, max: 45 }), (text, index) => {
        const expected = icu.segment(text).containing(index);
        const actual = ours.segment(text).containing(index);
        expect(actual && { segment: actual.segment, index: actual.index, input: actual.input }).toEqual(expected && { segment: expected.segment, index: expected.index, input: expected.input });
      }),
      { numRuns: 2000 },
    );
    expect(ours.segment('abc').containing()).toMatchObject({ segment: 'a', index: 0 });
  });

  it('can be iterated again, and by hand as Ink’s line updates do', () => {
    const segments = ours.segment('─ ok');
    expect([...segments].map((s) => s.segment)).toEqual(['─', ' ', 'o', 'k']);
    const iterator = segments[Symbol.iterator]();
    expect(iterator.next().value).toMatchObject({ segment: '─', index: 0, input: '─ ok' });
    expect([...segments]).toHaveLength(4);
  });

  it('leaves word and sentence splitting to Intl.Segmenter', () => {
    for (const granularity of ['word', 'sentence'] as const) {
      const text = 'Run a quick poll. Then close it.';
      const segments = (segmenter: { segment(text: string): Iterable<{ segment: string }> }) => Array.from(segmenter.segment(text), (s) => s.segment);
      expect(segments(new GraphemeSegmenter('en', { granularity }))).toEqual(segments(new Intl.Segmenter('en', { granularity })));
    }
  });
});
