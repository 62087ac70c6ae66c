import { describe, expect, it } from 'vitest';
import { fitCell } from '../../source/terminal/fit-cell.js';
import { textWidth } from '../../source/terminal/text-width.js';
import { renderTable } from '../../source/commands/text-table.js';

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

describe('text from outside in a cell or a table', () => {
  const hostile = 'x\u001b]0;pwned\u0007\u009b31m\u202egnp';
  it('takes the width its visible escapes take, never more', () => {
    for (const width of [1, 5, 8, 30, 60]) {
      const cell = fitCell(hostile, width);
      expect(textWidth(cell)).toBe(width);
      expect(cell).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
    }
    expect(fitCell(hostile, 60).trimEnd()).toBe('x\\x1b]0;pwned\\x07\\x9b31m\\u202egnp');
  });

  it('keeps a table\'s columns aligned', () => {
    const lines = renderTable(['NAME', 'DESCRIPTION', 'OPTS'], [['ping', hostile, '1'], ['pong', 'plain', '2']]).trimEnd().split('\n');
    const optsAt = lines[0]!.indexOf('OPTS');
    expect(lines.map((line) => line.length - 1)).toEqual([optsAt + 3, optsAt, optsAt]);
  });
});

describe('a cut in the middle', () => {
  it('keeps the ends of names that share a long start, so they are told apart', () => {
    const names = [1, 2, 3, 4, 5].map((n) => fitCell(`the-quite-long-command-name-${n}`, 20, 'middle'));
    expect(new Set(names).size).toBe(5);
    expect(names[0]).toBe('the-quite-lon…name-1');
    for (const name of names) expect(textWidth(name)).toBe(20);
  });

  it('measures wide characters by their cells', () => {
    expect(textWidth(fitCell('天'.repeat(20), 15, 'middle'))).toBe(15);
  });
});
