import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../source/terminal/text-width.js';

/** The ranges text-width.ts answers without string-width, as [first, last] code points. */
const ONE_CELL_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0x2ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2190, 0x22ff],
  [0x23ce, 0x23ce],
  [0x2500, 0x25fc],
  [0x2713, 0x2713],
  [0x2717, 0x2717],
  [0x2800, 0x28ff],
];
const oneCellCharacters = ONE_CELL_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)));

/** Text with what a terminal UI meets: the one-cell set, CJK, emoji (with joiners and skin tones), combining marks, tabs, escapes. */
const anyCharacter = fc.oneof(
  fc.constantFrom(...oneCellCharacters),
  fc.constantFrom('日', '本', '한', 'ｱ', '😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', 'é', '\u0301', '\u200d', '\ufe0f', '\u00ad', '\t', '\u001b[31m', '\u001b[0m', '\u001b]8;;x\u0007', '\u25fd', '⌚'),
  fc.string({ unit: 'grapheme', maxLength: 2 }),
  fc.string({ unit: 'binary', maxLength: 2 }),
);
const anyText = fc.array(anyCharacter, { maxLength: 30 }).map((parts) => parts.join(''));

describe('terminal width of text, as string-width measures it', () => {
  it('counts every character of the fast set as one cell, like string-width', () => {
    const differing = oneCellCharacters.filter((char) => stringWidth(char) !== 1);
    expect(differing.map((char) => char.codePointAt(0)!.toString(16))).toEqual([]);
    for (const char of oneCellCharacters) expect(textWidth(char)).toBe(1);
  });

  it('has no character in the fast set that joins its neighbour into one grapheme or is an emoji by default', () => {
    const joining = /\p{Grapheme_Extend}|\p{Mark}|\p{Emoji_Presentation}|\p{Regional_Indicator}|\p{Default_Ignorable_Code_Point}|\p{Control}/u;
    expect(oneCellCharacters.filter((char) => joining.test(char))).toEqual([]);
  });

  it('agrees with string-width on any text, with default and explicit options', () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), fc.boolean(), (text, ambiguousIsNarrow, countAnsiEscapeCodes) => {
        expect(textWidth(text)).toBe(stringWidth(text));
        expect(textWidth(text, { ambiguousIsNarrow, countAnsiEscapeCodes })).toBe(stringWidth(text, { ambiguousIsNarrow, countAnsiEscapeCodes }));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on the UI’s own lines, colour codes included', () => {
    for (const line of ['▸slash   admin-12   admin command numb… 0   —   guild,bot-dm', '\u001b[36m─── ⠋ Loading · ctrl+c stops\u001b[39m', '✓ saved → backup', '']) {
      expect(textWidth(line)).toBe(stringWidth(line));
    }
  });

  it('answers the same text the same way when asked again (the remembered widths)', () => {
    for (const text of ['日本語', '👨‍👩‍👧 family', 'é\u0301']) {
      const first = textWidth(text);
      expect(textWidth(text)).toBe(first);
      expect(first).toBe(stringWidth(text));
    }
  });
});
