/**
 * A filterable pick list (add-overwrite targets, guilds): letters go to the filter field, ↑/↓ move,
 * enter picks, esc closes. Not ink-select-input, which would also read typed j/k as moves.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useState } from 'react';
import { Footer } from '../../components/footer.js';
import { TextField } from '../../components/text-field.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';
import { useListWindow } from '../../components/list-window.js';

export interface PickItem {
  key: string;
  label: string;
  /** Shown dimmed after the label: kind, id, "already in the list". */
  note?: string;
}

export interface FilterPickerProps {
  title: string;
  hint?: string;
  query: string;
  onQueryChange: (query: string) => void;
  items: readonly PickItem[];
  /** What an empty result means and what to do. */
  emptyText: string;
  /** A line under the filter about the list itself: still searching, or why it is partial. */
  status?: string;
  onPick: (key: string) => void;
  onClose: () => void;
  height: number;
  /** False while something covers the picker (help): it then takes no keys. */
  active: boolean;
}

export function FilterPicker({ title, hint, query, onQueryChange, items, emptyText, status, onPick, onClose, height, active }: FilterPickerProps) {
  const theme = useTheme();
  // The selection starts again at the top whenever the filter text changes.
  const [selection, setSelection] = useState({ query, index: 0 });
  const index = selection.query === query ? Math.max(0, Math.min(selection.index, items.length - 1)) : 0;
  useKeyHandler(Priority.overlay, (chord) => {
    const action = actionFor(chord, 'picker');
    if (chord === 'up' || chord === 'down') setSelection({ query, index: Math.max(0, Math.min(items.length - 1, index + (chord === 'up' ? -1 : 1))) });
    else if (action === 'select') {
      const item = items[index];
      if (item) onPick(item.key);
    } else if (action === 'cancel') onClose();
    return chord !== 'ctrl+c';
  }, active);
  const room = Math.max(3, height - 7 - (status ? 2 : 0));
  // A list longer than the box says which part of it is shown (one row of the box for that).
  const scrolls = items.length > room;
  const rows = scrolls ? Math.max(2, room - 1) : room;
  const start = useListWindow(index, items.length, rows);
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" borderStyle="round" borderColor={theme.ui.border} paddingX={1} flexShrink={1} overflow="hidden">
        <Text bold>{title}</Text>
        <Text wrap="truncate">
          <Text color={theme.text.secondary}>filter </Text>
          <TextField value={query} onChange={onQueryChange} focused={active} inOverlay placeholder={hint ?? 'type to filter'} />
        </Text>
        {status ? <Text color={theme.text.secondary} wrap="wrap">{status}</Text> : null}
        {items.length === 0 ? <Text color={theme.text.secondary}>{emptyText}</Text> : null}
        {items.slice(start, start + rows).map((item, offset) => {
          const selected = start + offset === index;
          return (
            <Text key={item.key} wrap="truncate">
              <Text color={theme.ui.selected}>{selected ? '▸ ' : '  '}</Text>
              <Text inverse={selected}>{item.label}</Text>
              {item.note ? <Text color={theme.text.secondary}>  {item.note}</Text> : null}
            </Text>
          );
        })}
        {scrolls ? (
          <Text color={theme.text.secondary}>
            {start + 1}–{Math.min(items.length, start + rows)} of {items.length} (↑↓ moves)
          </Text>
        ) : null}
      </Box>
      <Footer scope="picker" />
    </Box>
  );
}
