/**
 * Fits text into a fixed number of terminal cells: padded when short, cut with `…` when long (at the
 * end, or in the middle so that names sharing a long start are still told apart by their ends).
 * Lets a table row be one string (one Ink node) instead of a box per cell, which is what keeps
 * drawing and scrolling a long list cheap. Wide (CJK, emoji) and zero-width (combining) characters
 * are measured like Ink measures them. The TUI's lists and the CLI's tables both use it. A cell is one
 * line as the terminal shows it, so text from outside is made safe first (its escapes are what takes room).
 */
import { GraphemeSegmenter } from './graphemes.js';
import { sanitizeLine } from './sanitize.js';
import { textWidth } from './text-width.js';

const segmenter = new GraphemeSegmenter();

/** How many graphemes from the start of `graphemes` fit in `room` cells, and their width. */
function keep(graphemes: readonly string[], room: number): { count: number; width: number } {
  let count = 0;
  let width = 0;
  for (const char of graphemes) {
    const charWidth = textWidth(char);
    if (width + charWidth > room) break;
    count += 1;
    width += charWidth;
  }
  return { count, width };
}

export function fitCell(raw: string, width: number, cut: 'end' | 'middle' = 'end'): string {
  if (width <= 0) return '';
  const text = sanitizeLine(raw);
  const used = textWidth(text);
  if (used <= width) return text + ' '.repeat(width - used);
  // By grapheme, so a cut never splits a flag, an emoji sequence or a letter from its accent.
  const graphemes = [...segmenter.segment(text)].map((segment) => segment.segment);
  // The end keeps a third of the cell (at least 4), when the start still keeps more than it.
  const endRoom = cut === 'middle' && width >= 10 ? Math.max(4, Math.floor((width - 1) / 3)) : 0;
  const tail = keep([...graphemes].reverse(), endRoom);
  const head = keep(graphemes, width - 1 - tail.width);
  const shown = [...graphemes.slice(0, head.count), '…', ...graphemes.slice(graphemes.length - tail.count)].join('');
  return shown + ' '.repeat(width - 1 - head.width - tail.width);
}
