/**
 * Fits text into a fixed number of terminal cells: padded when short, cut with `…` when long.
 * Lets a table row be one string (one Ink node) instead of a box per cell, which is what keeps
 * drawing and scrolling a long list cheap. Wide (CJK, emoji) and zero-width (combining) characters
 * are measured like Ink measures them. The TUI's lists and the CLI's tables both use it. A cell is one
 * line as the terminal shows it, so text from outside is made safe first (its escapes are what takes room).
 */
import { GraphemeSegmenter } from './graphemes.js';
import { sanitizeLine } from './sanitize.js';
import { textWidth } from './text-width.js';

const segmenter = new GraphemeSegmenter();

export function fitCell(raw: string, width: number): string {
  if (width <= 0) return '';
  const text = sanitizeLine(raw);
  const used = textWidth(text);
  if (used <= width) return text + ' '.repeat(width - used);
  let kept = '';
  let keptWidth = 0;
  // By grapheme, so a cut never splits a flag, an emoji sequence or a letter from its accent.
  for (const { segment: char } of segmenter.segment(text)) {
    const charWidth = textWidth(char);
    if (keptWidth + charWidth > width - 1) break;
    kept += char;
    keptWidth += charWidth;
  }
  return `${kept}…${' '.repeat(width - 1 - keptWidth)}`;
}
