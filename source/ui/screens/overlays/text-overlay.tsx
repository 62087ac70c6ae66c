/**
 * A read-only overlay of lines that scrolls with ↑↓ pgup pgdn and closes with esc, ? or q: `?` help,
 * every key of the screen underneath from the key table, and a status message too long for the status
 * line, shown whole.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useState } from 'react';
import { ScrollPane, scrolled, type PaneLine } from '../../components/scroll-pane.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, bindingsFor, keyLabel, type KeyScope } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';

export function helpLines(scope: KeyScope): PaneLine[] {
  return [
    ...bindingsFor(scope).map((b) => ({ text: `${keyLabel(b).padEnd(16)}${b.label}${b.danger ? (b.label.includes('asks first') ? ' (changes Discord)' : ' (changes Discord; asks first)') : ''}` })),
    { text: '' },
    { text: 'When a text field or the filter has focus, letters and ? are text:', tone: 'secondary' as const },
    { text: 'only ctrl chords, esc, tab, arrows and enter act.', tone: 'secondary' as const },
  ];
}

export function TextOverlay({ title, lines, height, onClose }: { title: string; lines: readonly PaneLine[]; height: number; onClose: () => void }) {
  const theme = useTheme();
  const paneHeight = Math.max(3, height - 4);
  const [offset, setOffset] = useState(0);
  useKeyHandler(Priority.overlay, (chord) => {
    const action = actionFor(chord, 'help');
    if (action === 'back' || action === 'help' || chord === 'q') onClose();
    else if (action) setOffset((current) => scrolled(current, action, lines.length, paneHeight) ?? current);
    return chord !== 'ctrl+c';
  });
  return (
    <Box flexDirection="column" height={height} borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
      <Text bold>
        {title} <Text color={theme.text.secondary}>(esc, ? or q closes)</Text>
      </Text>
      <ScrollPane lines={lines} offset={offset} height={paneHeight} />
    </Box>
  );
}
