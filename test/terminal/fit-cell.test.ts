import { describe, expect, it } from 'vitest';
import { fitCell } from '../../source/terminal/fit-cell.js';
import { textWidth } from '../../source/terminal/text-width.js';

describe('table cells of a fixed width', () => {
  it.each([
    ['ban', 6, 'ban   '],
    ['birthday', 6, 'birth…'],
    ['exactly', 7, 'exactly'],
    ['', 3, '   '],
    ['日本語の名前', 7, '日本語…'],
  ])('%s in %i cells', (text, width, expected) => {
    const cell = fitCell(text, width);
    expect(cell).toBe(expected);
    expect(textWidth(cell)).toBe(width);
  });

  it('keeps combining marks (Devanagari) with their letters and still fills exactly the width', () => {
    for (const width of [2, 3, 4, 8]) expect(textWidth(fitCell('नमस्ते', width))).toBe(width);
    expect(fitCell('नमस्ते', 8).trimEnd()).toBe('नमस्ते');
  });

  it('never overflows a wide character into the next cell', () => {
    expect(fitCell('ab日本', 4)).toBe('ab… ');
    expect(textWidth(fitCell('ab日本', 4))).toBe(4);
  });
});
