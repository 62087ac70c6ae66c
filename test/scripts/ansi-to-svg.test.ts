import { describe, expect, it } from 'vitest';
import { ansiToSvg, parseAnsi } from '../../scripts/media/ansi-to-svg.js';

describe('media screenshots from captured terminal output', () => {
  it('keeps colours, bold and inverse from SGR sequences, one cell per character', () => {
    const [row] = parseAnsi('\x1b[1;32mok\x1b[0m \x1b[38;5;208mx\x1b[7my\x1b[0m\n');
    expect(row?.map((cell) => cell.char).join('')).toBe('ok xy');
    expect(row?.[0]?.style).toMatchObject({ bold: true, fg: '#a6e3a1' });
    expect(row?.[2]?.style).toEqual({});
    expect(row?.[3]?.style.fg).toBe('#ff8700');
    expect(row?.[4]?.style).toMatchObject({ inverse: true, fg: '#ff8700' });
  });

  it('escapes markup and keeps every column of spaces', () => {
    const svg = ansiToSvg('a  <b>&\n', { columns: 10 });
    expect(svg).toContain('a\u00a0\u00a0&lt;b&gt;&amp;');
    expect(svg).not.toContain('<b>');
  });
});
