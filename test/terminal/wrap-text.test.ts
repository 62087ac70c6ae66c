/** Wrapping to a width in cells: at spaces, inside a word only when it is wider than a line, never inside a grapheme. */
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../source/terminal/text-width.js';
import { wrapText } from '../../source/terminal/wrap-text.js';

describe('wrapText', () => {
  it.each([
    ['short', 10, '', ['short']],
    ['', 10, '', ['']],
    ['aaaa bbbb cccc', 9, '', ['aaaa bbbb', 'cccc']],
    ['one two three', 7, '  ', ['one two', '  three']],
    ['a/very/long/route/without/spaces', 10, '', ['a/very/lon', 'g/route/wi', 'thout/spac', 'es']],
    ['first\nsecond line', 6, '', ['first', 'second', 'line']],
    // Two spaces where the line breaks: the next line starts with its word, not a space.
    ['abcdefghi.  Next', 10, '', ['abcdefghi.', 'Next']],
    ['abcdefghi.  Next', 10, '  ', ['abcdefghi.', '  Next']],
  ])('%j at %i', (text, width, indent, expected) => {
    expect(wrapText(text, width, indent)).toEqual(expected);
  });

  it('counts wide characters as two cells and keeps graphemes whole', () => {
    const lines = wrapText('名前は小文字のみ 👩‍👩‍👧 🇯🇵🇯🇵🇯🇵', 5);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(5);
    expect(lines.join('')).toContain('👩‍👩‍👧');
    expect(lines.join('').replace(/ /g, '')).toBe('名前は小文字のみ👩‍👩‍👧🇯🇵🇯🇵🇯🇵');
  });
});

describe('text from outside', () => {
  it('is wrapped as it is shown: each line holds the escapes of its control characters within the width', () => {
    const lines = wrapText('Discord said \u001b]0;pwned\u0007\u001b[2J and more words after it', 16);
    expect(lines.join('\n')).toContain('\\x1b');
    for (const line of lines) {
      expect(textWidth(line)).toBeLessThanOrEqual(16);
      expect(line).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    }
  });
});
