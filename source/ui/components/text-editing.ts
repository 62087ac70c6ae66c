/**
 * Pure editing of a single-line text value with a cursor: the text field's reducer. The cursor moves
 * and deletes by grapheme (what a person sees as one character: 🏓, a flag, e + U+0301, a Devanagari
 * cluster), so an edit never splits a surrogate pair or a cluster. The cursor is a code-unit offset
 * that always sits on a grapheme boundary.
 */
import { GraphemeSegmenter } from '../../terminal/graphemes.js';

export interface TextState {
  value: string;
  cursor: number;
}

export type TextEdit =
  | { kind: 'insert'; text: string }
  | { kind: 'backspace' }
  | { kind: 'delete' }
  | { kind: 'left' }
  | { kind: 'right' }
  | { kind: 'home' }
  | { kind: 'end' }
  /** Readline's keys: a word back/forward (alt+b/f), delete to the start/end (ctrl+u/k), the word before the cursor (ctrl+w). */
  | { kind: 'wordLeft' }
  | { kind: 'wordRight' }
  | { kind: 'deleteToStart' }
  | { kind: 'deleteToEnd' }
  | { kind: 'deleteWordBefore' };

const segmenter = new GraphemeSegmenter();

/** The code-unit offsets where graphemes start, plus the end of the text. */
export function graphemeBoundaries(value: string): number[] {
  const boundaries = [...segmenter.segment(value)].map((segment) => segment.index);
  boundaries.push(value.length);
  return boundaries;
}

/** The last boundary at or before `offset`. */
function boundaryAtOrBefore(boundaries: readonly number[], offset: number): number {
  let found = 0;
  for (const boundary of boundaries) {
    if (boundary > offset) break;
    found = boundary;
  }
  return found;
}

/** Letters and digits make the words alt+b/f move over (readline's forward-word). */
const isWordChar = (char: string) => /[\p{L}\p{N}\p{M}_]/u.test(char);
/** ctrl+w deletes back to whitespace, as readline's unix-word-rubout does. */
const isNotSpace = (char: string) => !/\s/u.test(char);

/** Where a run of `inRun` characters before `from` starts, after skipping the characters that are not. */
function runStartBefore(value: string, from: number, inRun: (char: string) => boolean): number {
  let at = from;
  while (at > 0 && !inRun(value[at - 1] ?? '')) at -= 1;
  while (at > 0 && inRun(value[at - 1] ?? '')) at -= 1;
  return at;
}

function runEndAfter(value: string, from: number, inRun: (char: string) => boolean): number {
  let at = from;
  while (at < value.length && !inRun(value[at] ?? '')) at += 1;
  while (at < value.length && inRun(value[at] ?? '')) at += 1;
  return at;
}

function boundaryAtOrAfter(boundaries: readonly number[], offset: number): number {
  return boundaries.find((boundary) => boundary >= offset) ?? boundaries[boundaries.length - 1] ?? 0;
}

export function editText(state: TextState, edit: TextEdit): TextState {
  const { value } = state;
  const boundaries = graphemeBoundaries(value);
  const cursor = boundaryAtOrBefore(boundaries, Math.min(state.cursor, value.length));
  const position = boundaries.indexOf(cursor);
  const previous = boundaries[position - 1];
  const next = boundaries[position + 1];
  switch (edit.kind) {
    case 'insert': {
      const text = value.slice(0, cursor) + edit.text + value.slice(cursor);
      // The insert may join what follows (a combining mark typed before one): the cursor lands after the whole cluster.
      const after = graphemeBoundaries(text).find((boundary) => boundary >= cursor + edit.text.length) ?? text.length;
      return { value: text, cursor: after };
    }
    case 'backspace':
      return previous === undefined ? { value, cursor } : { value: value.slice(0, previous) + value.slice(cursor), cursor: previous };
    case 'delete':
      return next === undefined ? { value, cursor } : { value: value.slice(0, cursor) + value.slice(next), cursor };
    case 'left':
      return { value, cursor: previous ?? cursor };
    case 'right':
      return { value, cursor: next ?? cursor };
    case 'home':
      return { value, cursor: 0 };
    case 'end':
      return { value, cursor: value.length };
    case 'wordLeft':
      return { value, cursor: boundaryAtOrBefore(boundaries, runStartBefore(value, cursor, isWordChar)) };
    case 'wordRight':
      return { value, cursor: boundaryAtOrAfter(boundaries, runEndAfter(value, cursor, isWordChar)) };
    case 'deleteToStart':
      return { value: value.slice(cursor), cursor: 0 };
    case 'deleteToEnd':
      return { value: value.slice(0, cursor), cursor };
    case 'deleteWordBefore': {
      const start = boundaryAtOrBefore(boundaries, runStartBefore(value, cursor, isNotSpace));
      return { value: value.slice(0, start) + value.slice(cursor), cursor: start };
    }
  }
}

/** The grapheme under the cursor (for drawing it inverted), or '' at the end. */
export function graphemeAt(value: string, cursor: number): string {
  const boundaries = graphemeBoundaries(value);
  const start = boundaryAtOrBefore(boundaries, cursor);
  const end = boundaries.find((boundary) => boundary > start) ?? start;
  return value.slice(start, end);
}
