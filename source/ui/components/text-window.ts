/**
 * Which part of a one-line text a field of a given width shows: all of it when it fits, else a window
 * that keeps the cursor in view and scrolls only when the cursor would leave it (as a shell's line
 * editor does), with a marker on each side where text is hidden. Pure; widths are terminal cells.
 */
import { textWidth } from '../../terminal/text-width.js';
import { graphemeBoundaries } from './text-editing.js';

/** Drawn where the field hides text before or after what it shows. */
export const HIDDEN_BEFORE = '‹';
export const HIDDEN_AFTER = '›';

export interface TextWindow {
  /** Code-unit offsets of the shown part. */
  start: number;
  end: number;
  hiddenBefore: boolean;
  hiddenAfter: boolean;
}

/**
 * The window of `value` for a cursor at `cursor` (a grapheme boundary) in `width` cells, starting as
 * close to `from` (the previous window's start) as keeps the cursor visible. The cursor at the end of
 * the text takes a cell of its own.
 */
export function textWindow(value: string, cursor: number, width: number, from = 0): TextWindow {
  const boundaries = graphemeBoundaries(value);
  const count = boundaries.length - 1;
  const cells = boundaries.slice(0, -1).map((offset, index) => textWidth(value.slice(offset, boundaries[index + 1])));
  const total = cells.reduce((sum, cell) => sum + cell, 0);
  if (total + 1 <= width) return { start: 0, end: value.length, hiddenBefore: false, hiddenAfter: false };

  // The index of the first grapheme past the window that starts at grapheme `first`; one cell stays
  // free for the marker after it or, at the end of the text, for the cursor.
  const endFrom = (first: number): number => {
    let room = Math.max(1, width - (first > 0 ? 1 : 0) - 1);
    let index = first;
    while (index < count && (cells[index] ?? 1) <= room) {
      room -= cells[index] ?? 1;
      index += 1;
    }
    // Never an empty window: a grapheme wider than the field is still shown (and cut by the row).
    return index === first && index < count ? index + 1 : index;
  };
  const at = Math.max(0, boundaries.findLastIndex((offset) => offset <= cursor));
  const shows = (first: number): boolean => at >= first && (at < endFrom(first) || (at === count && endFrom(first) === count));

  let first = Math.min(at, Math.max(0, boundaries.findLastIndex((offset) => offset <= from)));
  if (!shows(first)) {
    // Scrolled forward: the cursor becomes the window's last cell.
    first = at;
    while (first > 0 && shows(first - 1)) first -= 1;
  }
  // Text deleted at the end: the window fills back from the left.
  while (first > 0 && endFrom(first) === count && endFrom(first - 1) === count && shows(first - 1)) first -= 1;
  const last = endFrom(first);
  return { start: boundaries[first] ?? 0, end: boundaries[last] ?? value.length, hiddenBefore: first > 0, hiddenAfter: last < count };
}
