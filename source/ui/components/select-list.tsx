/**
 * A pick list drawn by ink-select-input whose keys (↑↓ j k, enter) come through the key dispatcher.
 * ink-select-input reads stdin on its own and handles keys that arrive in one chunk against the state
 * from before the chunk, so ↓ then enter typed quickly (or sent by tmux) picked the first item; the
 * dispatcher hands over one key per render. Here ink-select-input only draws the list.
 */
import { useWindowSize } from 'ink';
import SelectInput from 'ink-select-input';
import { fitCell } from '../../terminal/fit-cell.js';
import { useRef, useState } from 'react';
import { Priority, useKeyHandler, type PriorityLevel } from '../input/dispatcher.js';
import { actionFor } from '../input/key-bindings.js';

export interface Item<V> {
  key?: string;
  label: string;
  value: V;
}

export interface SelectListProps<V> {
  items: Item<V>[];
  initialIndex?: number;
  limit?: number;
  isFocused?: boolean;
  onSelect: (item: Item<V>) => void;
  /** Above the keys of whatever holds the list (an overlay by default). */
  priority?: PriorityLevel;
}

export function SelectList<V>({ items, initialIndex = 0, limit, isFocused = true, onSelect, priority = Priority.overlayField }: SelectListProps<V>) {
  const [index, setIndex] = useState(initialIndex);
  const current = Math.max(0, Math.min(index, items.length - 1));
  // The highlight as the last key left it: a key handled before React drew the one before it still sees it.
  const highlighted = useRef(current);
  highlighted.current = Math.max(0, Math.min(highlighted.current, items.length - 1));
  useKeyHandler(
    priority,
    (chord) => {
      const action = actionFor(chord, 'picker');
      const count = items.length;
      if (action === 'up' || action === 'down') {
        if (count > 0) {
          highlighted.current = (highlighted.current + (action === 'up' ? count - 1 : 1)) % count;
          setIndex(highlighted.current);
        }
      } else if (action === 'select') {
        const item = items[highlighted.current];
        if (item) onSelect(item);
      } else return false;
      return true;
    },
    isFocused,
  );
  // Remounted at each move (and when the items change): ink-select-input keeps its highlight to
  // itself and takes it only at mount.
  const remount = `${current}:${items.map((item) => item.key ?? String(item.value)).join('\n')}`;
  // ink-select-input draws the labels with Ink's own Text: they are made safe here (guild names come from a server),
  // and cut to one line (a dialog's border and padding, its pointer, the root's spare column), so a long one never wraps into the next.
  const room = Math.max(8, useWindowSize().columns - 7);
  const shown = items.map((item) => ({ ...item, label: fitCell(item.label, room).trimEnd() }));
  return <SelectInput key={remount} items={shown} initialIndex={current} limit={limit} isFocused={false} />;
}
