/**
 * Which slice of a long list is on screen. The window stays put while the selection moves inside it
 * and moves only as far as needed when the selection leaves it (as k9s and lazygit scroll), so the
 * rows do not slide under the cursor and ↓ changes two rows instead of every row on screen.
 */
import { useState } from 'react';

/** The first shown index of `count` items, `rows` at a time, keeping `selected` in view; pure. */
export function windowStart(previous: number, selected: number, count: number, rows: number): number {
  const last = Math.max(0, count - rows);
  const start = selected < previous ? selected : selected >= previous + rows ? selected - rows + 1 : previous;
  return Math.max(0, Math.min(start, last));
}

/** windowStart, remembered between renders (adjusted while rendering, the way React suggests for derived state). */
export function useListWindow(selected: number, count: number, rows: number): number {
  const [start, setStart] = useState(0);
  const next = windowStart(start, selected, count, rows);
  if (next !== start) setStart(next);
  return next;
}
