/**
 * A long one-line value edited wrapped on rows (the editor's whole-text view): the same keys as the
 * one-line field (use-text-input.ts, text-editing.ts), plus ↑/↓ over the wrapped rows at the column
 * aimed for and pgup/pgdn a page of them; the rows scroll so the cursor is always in view.
 */
import { Box } from 'ink';
import { useRef } from 'react';
import type { Chord } from '../input/chord.js';
import { Priority } from '../input/dispatcher.js';
import { actionFor } from '../input/key-bindings.js';
import { useTheme } from '../theme/theme-context.js';
import { graphemeAt } from './text-editing.js';
import { moveByRows, rowOf, textRows } from './text-rows.js';
import { Text } from './text.js';
import { useTextInput } from './use-text-input.js';

export interface TextAreaProps {
  value: string;
  onChange: (value: string, typing: boolean) => void;
  focused: boolean;
  width: number;
  /** Rows the text may take; the last one says where the rows shown are when they are not all. */
  height: number;
  /** Several lines (a form's paragraph): enter starts a new one. */
  multiline?: boolean;
  /** The field sits in an overlay: it takes text before the overlay's keys do. */
  inOverlay?: boolean;
  /** Shown after the cursor while the text is empty. */
  placeholder?: string;
}

const ROW_MOVES: Partial<Record<string, (page: number) => number>> = {
  rowUp: () => -1,
  rowDown: () => 1,
  pageUp: (page) => -page,
  pageDown: (page) => page,
};

export function TextArea({ value, onChange, focused, width, height, multiline = false, inOverlay = false, placeholder }: TextAreaProps) {
  const theme = useTheme();
  // Every row when they all fit; else one row says which of them are shown.
  const rowsShown = textRows(value, width).length <= height ? height : Math.max(1, height - 1);
  // The column ↑/↓ aim for, while the cursor stays where the last of them left it.
  const aim = useRef<{ cursor: number; goal: number } | undefined>(undefined);
  const move = (chord: Chord, state: { value: string; cursor: number }): number | undefined => {
    const action = actionFor(chord, 'whole-text');
    const delta = action ? ROW_MOVES[action]?.(rowsShown) : undefined;
    if (delta === undefined) return undefined;
    const goal = aim.current?.cursor === state.cursor ? aim.current.goal : undefined;
    aim.current = moveByRows(state.value, width, state.cursor, delta, goal);
    return aim.current.cursor;
  };
  const cursor = useTextInput({ value, onChange, focused, priority: inOverlay ? Priority.overlayField : Priority.textField, move, multiline });
  const rows = textRows(value, width);
  const at = rowOf(rows, cursor);
  // The first row shown moves only as far as keeps the cursor's row in view.
  const top = useRef(0);
  top.current = Math.min(Math.max(top.current, at - rowsShown + 1), at, Math.max(0, rows.length - rowsShown));
  const shown = rows.slice(top.current, top.current + rowsShown);
  const under = graphemeAt(value, cursor);
  return (
    <Box flexDirection="column" height={height}>
      {shown.map((row, index) =>
        top.current + index === at && focused ? (
          <Text key={row.start} wrap="truncate">
            {value.slice(row.start, cursor)}
            <Text inverse>{under && cursor < row.end ? under : ' '}</Text>
            {value.slice(cursor + (cursor < row.end ? under.length : 0), row.end)}
            {value === '' && placeholder ? <Text color={theme.text.secondary}>{placeholder}</Text> : null}
          </Text>
        ) : (
          <Text key={row.start} wrap="truncate">
            {value.slice(row.start, row.end) || ' '}
          </Text>
        ),
      )}
      {rows.length > rowsShown ? (
        <Text color={theme.text.secondary}>
          lines {top.current + 1}–{top.current + shown.length} of {rows.length}
        </Text>
      ) : null}
    </Box>
  );
}
