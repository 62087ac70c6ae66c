/**
 * A single-line text field that inserts only printable, unmodified input. Ctrl/meta chords, esc, tab,
 * enter and ↑↓ are left to the screen (they are commands, never text). Controlled: the value lives with
 * the owner; the cursor lives here.
 */
import { Text } from 'ink';
import { useState } from 'react';
import { insertableText } from '../input/chord.js';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { useTheme } from '../theme/theme-context.js';
import { editText, type TextEdit } from './text-editing.js';

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
  useKeyHandler(
    inOverlay ? Priority.overlayField : Priority.textField,
    (chord, input, key) => {
      const text = insertableText(input, key);
      const edit: TextEdit | undefined = text ? { kind: 'insert', text } : EDIT_KEYS[chord];
      if (!edit) return false;
      const next = editText({ value, cursor }, edit);
      setCursor(next.cursor);
      if (next.value !== value) onChange(next.value);
      return true;
    },
    focused,
  );
  const shown = mask ? '•'.repeat(value.length) : value;
  if (!focused) {
    return shown ? <Text>{shown}</Text> : <Text color={theme.text.secondary}>{placeholder ?? ''}</Text>;
  }
  const at = Math.min(cursor, shown.length);
  return (
    <Text>
      {shown.slice(0, at)}
      <Text inverse>{shown[at] ?? ' '}</Text>
      {shown.slice(at + 1)}
      {!shown && placeholder ? <Text color={theme.text.secondary}>{placeholder}</Text> : null}
    </Text>
  );
}
