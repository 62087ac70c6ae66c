/**
 * A single-line text field that inserts only printable, unmodified input. Ctrl/meta chords, esc, tab,
 * enter and ↑↓ are left to the screen (they are commands, never text). Controlled: the value lives with
 * the owner; the cursor lives here.
 */
import { Text } from './text.js';
import { useRef, useState } from 'react';
import { insertableText } from '../input/chord.js';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { useTheme } from '../theme/theme-context.js';
import { editText, graphemeAt, graphemeBoundaries, type TextEdit } from './text-editing.js';

export interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  focused: boolean;
  placeholder?: string;
  /** Hide the value (tokens, secrets). */
  mask?: boolean;
  /** The field sits in an overlay: it takes text before the overlay's keys do. */
  inOverlay?: boolean;
}

const EDIT_KEYS: Record<string, TextEdit> = {
  backspace: { kind: 'backspace' },
  delete: { kind: 'delete' },
  left: { kind: 'left' },
  right: { kind: 'right' },
  home: { kind: 'home' },
  end: { kind: 'end' },
};

export function TextField({ value, onChange, focused, placeholder, mask, inOverlay }: TextFieldProps) {
  const theme = useTheme();
  const [cursor, setCursor] = useState(value.length);
  // The latest text, even before the owner re-renders with it: two keys handled back to back
  // must both land (the second must not start from the value the first one replaced).
  const live = useRef({ value, cursor });
  const reported = useRef(value);
  if (value !== reported.current) {
    // Changed by the owner (reset, normalized number): start from the owner's text.
    live.current = { value, cursor: Math.min(cursor, value.length) };
    reported.current = value;
  }
  useKeyHandler(
    inOverlay ? Priority.overlayField : Priority.textField,
    (chord, input, key) => {
      const text = insertableText(input, key);
      const edit: TextEdit | undefined = text ? { kind: 'insert', text } : EDIT_KEYS[chord];
      if (!edit) return false;
      const current = live.current;
      const next = editText(current, edit);
      live.current = next;
      reported.current = next.value;
      setCursor(next.cursor);
      if (next.value !== current.value) onChange(next.value);
      return true;
    },
    focused,
  );
  // A masked value shows one dot per character (grapheme), with the cursor on the same character.
  const boundaries = graphemeBoundaries(value);
  const shown = mask ? '•'.repeat(boundaries.length - 1) : value;
  if (!focused) {
    return shown ? <Text>{shown}</Text> : <Text color={theme.text.secondary}>{placeholder ?? ''}</Text>;
  }
  const atValue = Math.min(cursor, value.length);
  const at = mask ? boundaries.filter((boundary) => boundary < atValue).length : atValue;
  const under = graphemeAt(shown, at);
  return (
    <Text>
      {shown.slice(0, at)}
      <Text inverse>{under || ' '}</Text>
      {shown.slice(at + under.length)}
      {!shown && placeholder ? <Text color={theme.text.secondary}>{placeholder}</Text> : null}
    </Text>
  );
}
