/**
 * How far a list's selection moves for a key: one row, a page (the rows on screen less one, so one
 * row stays in view across the jump), or to an end (±Infinity). undefined when the action is no move.
 */
import type { Action } from './key-bindings.js';

export function listMove(action: Action | undefined, pageRows: number): number | undefined {
  const page = Math.max(1, pageRows - 1);
  switch (action) {
    case 'up':
      return -1;
    case 'down':
      return 1;
    case 'pageUp':
      return -page;
    case 'pageDown':
      return page;
    case 'top':
      return -Infinity;
    case 'bottom':
      return Infinity;
    default:
      return undefined;
  }
}

/** The index after a move, kept inside a list of `count`. */
export function movedIndex(index: number, delta: number, count: number): number {
  return Math.max(0, Math.min(count - 1, index + delta));
}
