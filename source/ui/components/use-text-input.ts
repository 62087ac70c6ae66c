/**
 * The keys of a text being edited, for the one-line field and the whole-text view alike: printable
 * input and a paste insert (a paste whole, as one edit), readline's keys edit (text-editing.ts), and a
 * view may add moves of its own (↑/↓ over wrapped rows). Other chords are left to the screen. The
 * value lives with the owner; the cursor lives here.
 */
import type { Key } from 'ink';
import { useRef, useState } from 'react';
import { insertableText, pastedText, PASTE, type Chord } from '../input/chord.js';
import { useKeyHandler, type PriorityLevel } from '../input/dispatcher.js';
import { actionFor, type Action } from '../input/key-bindings.js';
import { editText, graphemeBoundaries, type TextEdit, type TextState } from './text-editing.js';

/** What each text action of the key table does to the text. */
const EDITS: Partial<Record<Action, TextEdit>> = {
  charLeft: { kind: 'left' },
  charRight: { kind: 'right' },
  wordLeft: { kind: 'wordLeft' },
  wordRight: { kind: 'wordRight' },
  lineStart: { kind: 'home' },
  lineEnd: { kind: 'end' },
  deleteBack: { kind: 'backspace' },
  deleteForward: { kind: 'delete' },
  deleteWordBefore: { kind: 'deleteWordBefore' },
  deleteToStart: { kind: 'deleteToStart' },
  deleteToEnd: { kind: 'deleteToEnd' },
};

export interface TextInputOptions {
  value: string;
  /** `typing`: a character typed or deleted, which an undo history may take as part of one step with the keys before it (a paste, ctrl+w or ctrl+u is a step of its own). */
  onChange: (value: string, typing: boolean) => void;
  focused: boolean;
  priority: PriorityLevel;
  /** A cursor move of the view's own for a chord no text key takes; undefined leaves the chord to the screen. */
  move?: (chord: Chord, state: TextState) => number | undefined;
  /** A key its owner acts on before the text does (enter submits, a copy key while the field is empty); true: taken. */
  command?: (chord: Chord) => boolean;
  /** Text on several lines (a form's paragraph): enter starts a line, and a paste keeps its line breaks. */
  multiline?: boolean;
}

/** A paste into a text on several lines: its line breaks kept (as `\n`), tabs as spaces, other control characters dropped. */
export function pastedLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');
}

export function useTextInput({ value, onChange, focused, priority, move, command, multiline = false }: TextInputOptions): number {
  const [cursor, setCursor] = useState(value.length);
  // The latest text, even before the owner re-renders with it: two keys handled back to back
  // must both land (the second must not start from the value the first one replaced).
  const live = useRef({ value, cursor });
  const reported = useRef(value);
  if (value !== reported.current) {
    // Changed by the owner (reset, normalized number, undo): start from the owner's text, the cursor
    // where the change ends, as editors put it after an undo (a cursor kept by offset could land
    // inside a grapheme of the new text).
    const moved = changeEnd(live.current.value, value);
    live.current = { value, cursor: moved };
    reported.current = value;
    if (moved !== cursor) setCursor(moved);
  }
  useKeyHandler(
    priority,
    (chord: Chord, input: string, key: Key) => {
      if (command?.(chord)) return true;
      const text = chord === PASTE ? (multiline ? pastedLines(input) : pastedText(input)) : multiline && chord === 'enter' ? '\n' : insertableText(input, key);
      const action = actionFor(chord, 'text');
      const edit: TextEdit | undefined = text ? { kind: 'insert', text } : action && EDITS[action];
      const current = live.current;
      if (!edit) {
        const moved = move?.(chord, current);
        if (moved === undefined) return false;
        live.current = { value: current.value, cursor: moved };
        setCursor(moved);
        return true;
      }
      const next = editText(current, edit);
      live.current = next;
      reported.current = next.value;
      setCursor(next.cursor);
      if (next.value !== current.value) onChange(next.value, chord !== PASTE && (edit.kind === 'insert' || edit.kind === 'backspace' || edit.kind === 'delete'));
      return true;
    },
    focused,
    true,
  );
  return live.current.cursor;
}

/** Where the text that differs between `before` and `after` ends in `after`, at a grapheme boundary. */
function changeEnd(before: string, after: string): number {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix += 1;
  let suffix = 0;
  const most = Math.min(before.length, after.length) - prefix;
  while (suffix < most && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix += 1;
  const end = after.length - suffix;
  return graphemeBoundaries(after).find((boundary) => boundary >= end) ?? after.length;
}
