/**
 * A filterable pick list (add-overwrite targets, guilds): letters go to the filter field, ↑/↓ move,
 * enter picks, esc closes. Not ink-select-input, which would also read typed j/k as moves. As a home
 * screen (`browse`) letters are that screen's keys instead, `/` focuses the filter, and keys it does not
 * use reach the app's (? help, q, ctrl+r).
 */
import { Box, useWindowSize } from 'ink';
import { Text } from '../../components/text.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { useState } from 'react';
import { Footer, useFooterRows } from '../../components/footer.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { TextField } from '../../components/text-field.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type Action, type DisabledKeys, type KeyScope } from '../../input/key-bindings.js';
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
  /** A screen of its own rather than a prompt: its key scope, what it does with the keys the list does not use, and its keys that cannot act now. */
  browse?: { scope: KeyScope; onAction: (action: Action) => boolean; disabled: DisabledKeys };
}

export function FilterPicker({ title, hint, query, onQueryChange, items, emptyText, status, onPick, onClose, height, active, browse }: FilterPickerProps) {
  const theme = useTheme();
  // The selection starts again at the top whenever the filter text changes.
  const [selection, setSelection] = useState({ query, index: 0 });
  const index = selection.query === query ? Math.max(0, Math.min(selection.index, items.length - 1)) : 0;
  // A prompt types into its filter at once; a home screen after `/`.
  const [filtering, setFiltering] = useState(browse === undefined);
  const move = (delta: number) => setSelection({ query, index: Math.max(0, Math.min(items.length - 1, index + delta)) });
  const pick = () => {
    const item = items[index];
    if (item) onPick(item.key);
  };
  useKeyHandler(browse ? Priority.screen : Priority.overlay, (chord) => {
    if (chord === 'up' || chord === 'down') {
      move(chord === 'up' ? -1 : 1);
      return true;
    }
    if (!browse) {
      const action = actionFor(chord, 'search');
      if (action === 'select') pick();
      else if (action === 'cancel') onClose();
      return chord !== 'ctrl+c';
    }
    if (filtering) {
      const action = actionFor(chord, 'filter');
      if (action === 'filterDone') setFiltering(false);
      else if (action === 'filterClear') {
        onQueryChange('');
        setFiltering(false);
      }
      return chord !== 'ctrl+c';
    }
    const action = actionFor(chord, browse.scope);
    // A disabled key goes on to the app's keys, which say why it cannot act.
    if (!action || browse.disabled[action] !== undefined) return false;
    if (action === 'open') pick();
    else if (action === 'filter') setFiltering(true);
    else if (action === 'back') onClose();
    else if (action === 'up' || action === 'down') move(action === 'up' ? -1 : 1);
    else return browse.onAction(action);
    return true;
  }, active);
  // Rows for the items: what the footer, the border, the wrapped title and status and the filter leave.
  const inner = useWindowSize().columns - 1 - 4;
  const room = Math.max(1, height - useFooterRows() - wrapText(title, inner).length - (status ? wrapText(status, inner).length : 0) - 3);
  // A list longer than the box says which part of it is shown (one row of the box for that, where there are two).
  const scrolls = items.length > room && room >= 2;
  const rows = scrolls ? room - 1 : room;
  const start = useListWindow(index, items.length, rows);
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" borderStyle="round" borderColor={theme.ui.border} paddingX={1} flexShrink={1} overflow="hidden">
        {/* Its lines kept whole (Ink would squeeze a wrapped Text and draw the next over it); the box cuts what does not fit from the bottom. */}
        <Box flexDirection="column" flexShrink={0}>
          <DialogLine bold text={title} width={inner} />
          <Text wrap="truncate">
            <Text color={theme.text.secondary}>filter </Text>
            <TextField value={query} onChange={onQueryChange} focused={active && filtering} inOverlay={!browse} placeholder={browse && !filtering ? `/ filters: ${hint ?? 'type to filter'}` : (hint ?? 'type to filter')} />
          </Text>
          {status ? <DialogLine color={theme.text.secondary} text={status} width={inner} /> : null}
          {items.length === 0 ? <DialogLine color={theme.text.secondary} text={emptyText} width={inner} /> : null}
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
      </Box>
      <Footer scope={!browse ? 'search' : filtering ? 'filter' : browse.scope} {...(browse && !filtering ? { hide: Object.keys(browse.disabled) as Action[] } : {})} />
    </Box>
  );
}
