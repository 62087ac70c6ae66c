/**
 * What a bot author needs to point a bot at the emulator (its API and gateway URLs, its fake bot token,
 * its public key and the interactions URL), opened from Try with ctrl+b: one value per item, selected
 * with ↑/↓; enter copies the selected one whole to the clipboard (OSC 52), so a value too long for the
 * screen is never copied as the pieces a wrap would leave; on the interactions URL, enter sets it. Each
 * value is shown whole on a line of its own where it fits, else with its middle elided and the copy key named.
 */
import { Box } from 'ink';
import { useState } from 'react';
import { wrapText } from '../../../terminal/wrap-text.js';
import { textWidth } from '../../../terminal/text-width.js';
import { useCopyUrl } from '../../components/copyable-url.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { useListWindow } from '../../components/list-window.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, bindingOf, keyLabel, type DisabledKeys } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';

export interface ConnectionItem {
  label: string;
  /** What is copied. */
  value: string;
  /** What is shown when it is not the value (the interactions URL when none is set). */
  shown?: string;
  /** The emulator's own fake token: shown, not redacted. */
  reveal?: boolean;
  /** enter sets it instead of copying it (the interactions URL). */
  settable?: boolean;
}

/** `value` in `width` cells: whole, or its start and end around an ellipsis (the copy key gives it whole). */
export function elided(value: string, width: number): string {
  if (textWidth(value) <= width) return value;
  const keep = Math.max(2, width - 1);
  const head = Math.ceil(keep / 2);
  return `${value.slice(0, head)}…${value.slice(value.length - (keep - head))}`;
}

export function ConnectionDetails({ title, notes, items, height, width, active, onSet, onClose }: {
  title: string;
  notes: readonly string[];
  items: readonly ConnectionItem[];
  height: number;
  width: number;
  active: boolean;
  /** enter on a settable item. */
  onSet: () => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const copy = useCopyUrl();
  const [selected, setSelected] = useState(0);
  const disabled: DisabledKeys = {
    ...(selected === 0 ? { up: 'the first value is selected.' } : {}),
    ...(selected === items.length - 1 ? { down: 'the last value is selected.' } : {}),
  };
  useDisabledKeys('emulator-details', disabled, active);
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'emulator-details');
      // A key that cannot act goes on to the app's keys, which say why.
      if (action && disabled[action] !== undefined) return false;
      const item = items[selected];
      if (action === 'up' || action === 'down') setSelected((index) => Math.max(0, Math.min(items.length - 1, index + (action === 'up' ? -1 : 1))));
      else if (action === 'copyValue' && item) {
        if (item.settable) onSet();
        else copy(item.value, `the ${item.label.toLowerCase()}`);
      } else if (action === 'back') onClose();
      else return false;
      return true;
    },
    active,
  );
  const copyKey = keyLabel({ ...bindingOf('copyValue', 'emulator-details'), keys: ['enter'] });
  const noteLines = notes.flatMap((note) => wrapText(note, Math.max(20, width)));
  // Each item is two rows (its label, its value) under the title; the notes give way first, then the items scroll.
  const room = Math.max(2, height - useFooterRows() - 1);
  const shownNotes = noteLines.slice(0, Math.max(0, room - items.length * 2));
  const itemRows = Math.max(1, Math.floor((room - shownNotes.length) / 2));
  const start = useListWindow(selected, items.length, itemRows);
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold wrap="truncate">{title}</Text>
      {shownNotes.map((line, index) => (
        <Text key={`note:${index}`} color={theme.text.secondary} wrap="truncate">{line}</Text>
      ))}
      <Box flexDirection="column" flexGrow={1}>
        {items.slice(start, start + itemRows).map((item, offset) => {
          const index = start + offset;
          const focused = index === selected;
          const text = item.shown ?? item.value;
          const fits = textWidth(text) <= width - 2;
          const hint = item.settable ? `${copyKey} sets it` : fits ? `${copyKey} copies it` : `${copyKey} copies it whole`;
          return (
            <Box key={item.label} flexDirection="column" flexShrink={0}>
              <Text wrap="truncate">
                <Text color={theme.ui.selected}>{focused ? '▸ ' : '  '}</Text>
                <Text bold={focused}>{item.label}</Text>
                {focused ? <Text color={theme.text.secondary}>{`  ${hint}`}</Text> : null}
              </Text>
              <Text wrap="truncate" reveal={item.reveal === true} inverse={focused}>{`  ${elided(text, width - 2)}`}</Text>
            </Box>
          );
        })}
      </Box>
      <Footer scope="emulator-details" />
    </Box>
  );
}
