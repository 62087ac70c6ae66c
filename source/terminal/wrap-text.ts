/**
 * Wraps text to a width in terminal cells, at spaces where it can and inside a word only when the
 * word alone is wider than the line (a long route or path), never inside a grapheme. Screens that
 * place lines themselves (the editor's window, a dialog's body, the status line) count rows with it,
 * so a wrapped message takes the rows it needs instead of being cut with `…`. Text from outside is
 * made safe first: its control characters take the room of their visible escapes.
 */
import { GraphemeSegmenter } from './graphemes.js';
import { sanitizeText } from './sanitize.js';
import { textWidth } from './text-width.js';

const segmenter = new GraphemeSegmenter();

/** The lines of `text` (newlines kept) at most `width` cells wide; continuation lines start with `indent`. */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  for (const paragraph of sanitizeText(text).split('\n')) lines.push(...wrapParagraph(paragraph, Math.max(1, width), indent));
  return lines;
}

function wrapParagraph(paragraph: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const room = () => width - (lines.length > 0 ? textWidth(indent) : 0);
  const flush = () => {
    lines.push((lines.length > 0 ? indent : '') + line.trimEnd());
    line = '';
    used = 0;
  };
  for (const word of paragraph.split(/(?<= )/)) {
    const wordWidth = textWidth(word.trimEnd());
    if (used > 0 && used + wordWidth > room()) flush();
    // A run of spaces where a line broke belongs to neither line: a continuation never starts with one.
    if (used === 0 && lines.length > 0 && word.trim() === '') continue;
    if (wordWidth <= room()) {
      line += word;
      used += textWidth(word);
      continue;
    }
    // A word wider than a whole line is cut by grapheme.
    for (const { segment } of segmenter.segment(word)) {
      const charWidth = textWidth(segment);
      if (used + charWidth > room() && used > 0) flush();
      line += segment;
      used += charWidth;
    }
  }
  if (line !== '' || lines.length === 0) flush();
  return lines;
}
