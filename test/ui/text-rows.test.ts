/**
 * The whole-text view's rows (issue 29): a long value wraps after spaces, a word wider than a row is
 * cut by grapheme, the end of the text always has a cell for the cursor, and ↑/↓ keep the column.
 */
import { describe, expect, it } from 'vitest';
import { columnOf, moveByRows, rowOf, textRows } from '../../source/ui/components/text-rows.js';
import { recordText, startHistory, stepHistory } from '../../source/ui/components/text-history.js';
import { textLimit } from '../../source/ui/screens/command-editor/text-limits.js';
import { pastedLines } from '../../source/ui/components/use-text-input.js';

const texts = (value: string, width: number) => textRows(value, width).map((row) => value.slice(row.start, row.end));

describe('textRows', () => {
  it('wraps after the last space that fits and keeps every character exactly once', () => {
    const value = 'the quick brown fox jumps';
    expect(texts(value, 10)).toEqual(['the quick ', 'brown fox ', 'jumps']);
    expect(texts(value, 10).join('')).toBe(value);
  });

  it('hangs a space that does not fit at the end of its full row instead of giving it a row', () => {
    // The last row is full, so the cursor at the end has a row of its own.
    expect(texts('hello world', 5)).toEqual(['hello ', 'world', '']);
    expect(texts('hello world!', 6)).toEqual(['hello ', 'world!', '']);
    expect(texts('hi hello world', 5)).toEqual(['hi ', 'hello ', 'world', '']);
    expect(texts('hello ', 5)).toEqual(['hello ', '']);
  });

  it('cuts a word wider than a row by grapheme, never inside a cluster or a wide character', () => {
    expect(texts('d'.repeat(25), 10)).toEqual(['d'.repeat(10), 'd'.repeat(10), 'd'.repeat(5)]);
    expect(texts('ab🏓🏓🏓', 4)).toEqual(['ab🏓', '🏓🏓', '']);
    expect(texts('e\u0301e\u0301e\u0301', 2)).toEqual(['e\u0301e\u0301', 'e\u0301']);
  });

  it('gives the cursor at the end of a full last row a row of its own', () => {
    const rows = textRows('abcdef', 3);
    expect(rows).toEqual([{ start: 0, end: 3 }, { start: 3, end: 6 }, { start: 6, end: 6 }]);
    expect(rowOf(rows, 6)).toBe(2);
    expect(rowOf(rows, 3)).toBe(1);
    expect(textRows('', 5)).toEqual([{ start: 0, end: 0 }]);
  });
});

describe('moveByRows', () => {
  const value = 'alpha beta gamma delta epsilon';
  // Rows at 12: 'alpha beta ', 'gamma delta ', 'epsilon'
  it('moves to the same column on the row below and above', () => {
    const down = moveByRows(value, 12, 2, 1);
    expect(value.slice(down.cursor)).toBe('mma delta epsilon');
    expect(moveByRows(value, 12, down.cursor, -1).cursor).toBe(2);
  });

  it('keeps the column aimed for across a shorter row, and stops before the next row starts', () => {
    const start = value.indexOf('delta') + 5; // column 11 on row 2
    expect(columnOf(value, textRows(value, 12), start)).toBe(11);
    const down = moveByRows(value, 12, start, 1);
    expect(down.cursor).toBe(value.length);
    const up = moveByRows(value, 12, down.cursor, -1, down.goal);
    expect(up.cursor).toBe(start);
    const top = moveByRows(value, 12, up.cursor, -1, up.goal);
    // Row 1 is 'alpha beta ' (11 cells): the cursor lands on its last cell, not on the next row.
    expect(top.cursor).toBe(10);
  });

  it('goes to the start or the end past the first or the last row', () => {
    expect(moveByRows(value, 12, 4, -1).cursor).toBe(0);
    expect(moveByRows(value, 12, 25, 5).cursor).toBe(value.length);
  });
});

describe('the view history', () => {
  it('takes typing as one step, a paste as its own, and brings each back', () => {
    let history = startHistory('a');
    history = recordText(history, 'ab', true);
    history = recordText(history, 'abc', true);
    history = recordText(history, 'abc PASTED', false);
    expect(history.past).toEqual(['a', 'abc']);
    const once = stepHistory(history, 'undo')!;
    expect(once.present).toBe('abc');
    expect(stepHistory(once, 'undo')!.present).toBe('a');
    expect(stepHistory(once, 'redo')!.present).toBe('abc PASTED');
    expect(stepHistory(startHistory('x'), 'undo')).toBeUndefined();
  });
});

describe('textLimit', () => {
  const text = (path: string) => ({ path, label: path, indent: 0, edit: { kind: 'text' as const } });
  it('is Discord’s limit for the field and its translations', () => {
    expect(textLimit(text('description'))).toBe(100);
    expect(textLimit(text('description_localizations.fr'))).toBe(100);
    expect(textLimit(text('name'))).toBe(32);
    expect(textLimit(text('options[0].name_localizations.de'))).toBe(32);
    expect(textLimit(text('options[0].choices[1].name'))).toBe(100);
    expect(textLimit({ path: 'options[0].choices[1].value', label: '', indent: 0, edit: { kind: 'choice-value', numeric: false } }, 6000)).toBe(6000);
    expect(textLimit({ path: 'options[0].choices[1].value', label: '', indent: 0, edit: { kind: 'choice-value', numeric: true } })).toBeUndefined();
    expect(textLimit({ path: 'options[0].min_value', label: '', indent: 0, edit: { kind: 'number' } })).toBeUndefined();
  });
});

describe('a paragraph typed on several lines', () => {
  it('ends a row at each line break, and ↑/↓ keep the column across them', () => {
    const value = 'line one\nsecond\n\nlast';
    const rows = textRows(value, 20);
    expect(rows.map((row) => value.slice(row.start, row.end))).toEqual(['line one', 'second', '', 'last']);
    expect(rows.slice(0, 3).every((row) => row.hard)).toBe(true);
    // The end of the first line (before its break) is a place the cursor can stand.
    expect(moveByRows(value, 20, value.indexOf('second') + 6, -1).cursor).toBe(6);
    expect(moveByRows(value, 20, 8, 1).cursor).toBe(value.indexOf('second') + 6);
    expect(rowOf(rows, value.indexOf('\n'))).toBe(0);
  });

  it('keeps line breaks in a paste, as a paragraph takes them', () => {
    expect(pastedLines('one\r\ntwo\tthree\u0007')).toBe('one\ntwo three');
  });
});
