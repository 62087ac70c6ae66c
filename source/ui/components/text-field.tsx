/**
 * A single-line text field that inserts only printable, unmodified input, and takes a paste whole (one
 * edit, one change reported). Readline's keys edit (ctrl+a/e, ctrl+u/k, ctrl+w, alt+b/f); other
 * ctrl/meta chords, esc, tab, enter and ↑↓ are left to the screen (they are commands, never text).
 * Given a width, it scrolls sideways around the cursor with a marker where text is hidden. Controlled:
 * the value lives with the owner; the cursor lives here.
 */
import { Text } from './text.js';
import { useRef } from 'react';
import type { Chord } from '../input/chord.js';
import { Priority } from '../input/dispatcher.js';
import { useTheme } from '../theme/theme-context.js';
import { graphemeAt, graphemeBoundaries } from './text-editing.js';
import { HIDDEN_AFTER, HIDDEN_BEFORE, textWindow } from './text-window.js';
import { useTextInput } from './use-text-input.js';

export interface TextFieldProps {
  value: string;
  /** `typing`: a character typed or deleted, which an undo history may take as part of one step with the keys before it (a paste, ctrl+w or ctrl+u is a step of its own). */
  onChange: (value: string, typing: boolean) => void;
  focused: boolean;
  placeholder?: string;
  /** Hide the value (tokens, secrets). */
  mask?: boolean;
  /** The field sits in an overlay: it takes text before the overlay's keys do. */
  inOverlay?: boolean;
  /** Cells the field may take; a longer value scrolls around the cursor. Without it the value is drawn whole. */
  width?: number;
  /** A key the owner acts on before the text does (enter submits); true: taken. */
  command?: (chord: Chord) => boolean;
}

export function TextField({ value, onChange, focused, placeholder, mask, inOverlay, width, command }: TextFieldProps) {
  const theme = useTheme();
  const cursor = useTextInput({ value, onChange, focused, priority: inOverlay ? Priority.overlayField : Priority.textField, ...(command ? { command } : {}) });
  // Where the last window started, so the view scrolls only when the cursor would leave it.
  const windowStart = useRef(0);
  // A masked value shows one dot per character (grapheme), with the cursor on the same character.
  const boundaries = mask ? graphemeBoundaries(value) : [];
  const shown = mask ? '•'.repeat(boundaries.length - 1) : value;
  if (!shown) {
    return focused ? (
      <Text>
        <Text inverse> </Text>
        {placeholder ? <Text color={theme.text.secondary}>{placeholder}</Text> : null}
      </Text>
    ) : (
      <Text color={theme.text.secondary}>{placeholder ?? ''}</Text>
    );
  }
  const atValue = focused ? Math.min(cursor, value.length) : 0;
  const at = mask ? boundaries.filter((boundary) => boundary < atValue).length : atValue;
  const view = width === undefined ? { start: 0, end: shown.length, hiddenBefore: false, hiddenAfter: false } : textWindow(shown, at, width, focused ? windowStart.current : 0);
  if (focused) windowStart.current = view.start;
  const markers = (hidden: boolean, marker: string) => (hidden ? <Text color={theme.text.secondary}>{marker}</Text> : null);
  if (!focused) {
    return (
      <Text>
        {shown.slice(view.start, view.end)}
        {markers(view.hiddenAfter, HIDDEN_AFTER)}
      </Text>
    );
  }
  const under = graphemeAt(shown, at);
  return (
    <Text>
      {markers(view.hiddenBefore, HIDDEN_BEFORE)}
      {shown.slice(view.start, at)}
      <Text inverse>{under || ' '}</Text>
      {shown.slice(at + under.length, Math.max(view.end, at + under.length))}
      {markers(view.hiddenAfter, HIDDEN_AFTER)}
    </Text>
  );
}
