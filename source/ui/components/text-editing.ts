/** Pure editing of a single-line text value with a cursor: the text field's reducer. */
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
  | { kind: 'end' };

export function editText(state: TextState, edit: TextEdit): TextState {
  const { value } = state;
  const cursor = Math.min(state.cursor, value.length);
  switch (edit.kind) {
    case 'insert':
      return { value: value.slice(0, cursor) + edit.text + value.slice(cursor), cursor: cursor + edit.text.length };
    case 'backspace':
      return cursor === 0 ? state : { value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1 };
    case 'delete':
      return { value: value.slice(0, cursor) + value.slice(cursor + 1), cursor };
    case 'left':
      return { value, cursor: Math.max(0, cursor - 1) };
    case 'right':
      return { value, cursor: Math.min(value.length, cursor + 1) };
    case 'home':
      return { value, cursor: 0 };
    case 'end':
      return { value, cursor: value.length };
  }
}
