/**
 * A value laid out on rows of a given width, for the view that shows a long value whole (and a
 * paragraph typed on several lines): wrapped after a space where it can, inside a word only when the
 * word is wider than a row, never inside a grapheme; a space that does not fit hangs at the end of its
 * full row; a line break ends its row (`hard`: the break itself sits at `end`). Each row keeps its
 * code-unit offsets, so a cursor maps to a row and a column and back (↑/↓ keep the column). Pure;
 * widths are terminal cells.
 */
import { textWidth } from '../../terminal/text-width.js';
import { graphemeBoundaries } from './text-editing.js';

/** Code-unit offsets of one row: `start` inclusive, `end` exclusive. */
export interface TextRow {
  start: number;
  end: number;
  /** Ends at a line break (at `end`, not shown): the cursor may stand at `end`, before it. */
  hard?: boolean;
}

/**
 * The rows of `value` at `width` cells. A cursor at a row's `end` belongs to the next row, so when
 * the last row is full a row of its own (empty) holds the cursor at the end of the text.
 */
export function textRows(value: string, width: number): TextRow[] {
  const room = Math.max(1, width);
  const boundaries = graphemeBoundaries(value);
  const rows: TextRow[] = [];
  let start = 0;
  let used = 0;
  // Where the row could end after its last space, and the cells up to there.
  let breakAt = -1;
  let usedAtBreak = 0;
  for (let index = 0; index < boundaries.length - 1; index += 1) {
    const offset = boundaries[index] ?? 0;
    const next = boundaries[index + 1] ?? value.length;
    const grapheme = value.slice(offset, next);
    if (grapheme === '\n') {
      rows.push({ start, end: offset, hard: true });
      start = next;
      used = 0;
      breakAt = -1;
      continue;
    }
    const cells = textWidth(grapheme);
    // A space just past a full row hangs at its end, in the cell kept for the cursor, rather than
    // starting a row of its own. Otherwise wrap, twice at most: after a wrap at the last space the
    // word carried over may still not fit.
    const hangs = grapheme === ' ' && used === room;
    while (!hangs && used + cells > room && used > 0) {
      const wrapAtSpace = breakAt > start;
      const end = wrapAtSpace ? breakAt : offset;
      rows.push({ start, end });
      used = wrapAtSpace ? used - usedAtBreak : 0;
      start = end;
      breakAt = -1;
    }
    used += cells;
    if (grapheme === ' ') {
      breakAt = next;
      usedAtBreak = used;
    }
  }
  rows.push({ start, end: value.length });
  if (used >= room) rows.push({ start: value.length, end: value.length });
  return rows;
}

/** The row the cursor is on. */
export function rowOf(rows: readonly TextRow[], cursor: number): number {
  return Math.max(0, rows.findLastIndex((row) => row.start <= cursor));
}

/** The cursor's column (cells from its row's start). */
export function columnOf(value: string, rows: readonly TextRow[], cursor: number): number {
  const row = rows[rowOf(rows, cursor)];
  return row ? textWidth(value.slice(row.start, cursor)) : 0;
}

/**
 * The offset on row `index` nearest to `column` without passing it; on any row but the last it stays
 * before the row's end, which is the next row's start.
 */
export function offsetAtColumn(value: string, rows: readonly TextRow[], index: number, column: number): number {
  const row = rows[index];
  if (!row) return value.length;
  const last = index === rows.length - 1;
  const boundaries = graphemeBoundaries(value.slice(row.start, row.end)).map((offset) => row.start + offset);
  let found = row.start;
  let cells = 0;
  for (let at = 0; at < boundaries.length; at += 1) {
    const offset = boundaries[at] ?? row.end;
    if (cells > column || (offset === row.end && !last && !row.hard)) break;
    found = offset;
    cells += textWidth(value.slice(offset, boundaries[at + 1] ?? offset));
  }
  return found;
}

/**
 * The cursor `delta` rows up (negative) or down, at the column it was aiming for (`goal`, kept while
 * ↑/↓ pass over shorter rows). Past the first or last row it goes to the start or end of the text.
 */
export function moveByRows(value: string, width: number, cursor: number, delta: number, goal?: number): { cursor: number; goal: number } {
  const rows = textRows(value, width);
  const column = goal ?? columnOf(value, rows, cursor);
  const target = rowOf(rows, cursor) + delta;
  if (target < 0) return { cursor: 0, goal: column };
  if (target >= rows.length) return { cursor: value.length, goal: column };
  return { cursor: offsetAtColumn(value, rows, target, column), goal: column };
}
