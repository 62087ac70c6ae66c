/**
 * A read-only overlay of lines that scrolls with ↑↓ pgup pgdn and closes with esc, ? or q: `?` help,
 * every key of the screen underneath from the key table, and a status message too long for the status
 * line, shown whole.
 */
import { Box, useWindowSize } from 'ink';
import { wrapText } from '../../../terminal/wrap-text.js';
import { Text } from '../../components/text.js';
import { useState } from 'react';
import { ScrollPane, scrolled, type PaneLine } from '../../components/scroll-pane.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, bindingsFor, keyLabel, type Binding, type DisabledKeys, type KeyScope } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';

const KEY_COLUMN = 16;

/** What a key does, and that it changes Discord (asking first) where it does. */
function helpLabel(binding: Binding): string {
  if (!binding.danger) return binding.label;
  return `${binding.label}${binding.label.includes('asks first') ? ' (changes Discord)' : ' (changes Discord; asks first)'}`;
}

/** Every key of the screen from the key table; one that cannot act now greyed, with why (`disabled`). */
export function helpLines(scope: KeyScope, disabled: DisabledKeys = {}): PaneLine[] {
  return [
    ...bindingsFor(scope).map((b): PaneLine => {
      const reason = disabled[b.action];
      const line = `${keyLabel(b).padEnd(KEY_COLUMN)}${helpLabel(b)}`;
      return reason === undefined ? { text: line } : { text: `${line} — disabled: ${reason}`, tone: 'secondary' };
    }),
    { text: '' },
    { text: 'When a text field or the filter has focus, letters and ? are text:', tone: 'secondary' as const },
    { text: 'only ctrl chords, esc, tab, arrows and enter act.', tone: 'secondary' as const },
  ];
}

/** Under the text of a help line (past its key column), else two past the line's own indent. */
function continuationIndent(text: string): string {
  const keyColumn = /^\S+ {2,}(?=\S)/.exec(text)?.[0].length ?? 0;
  return ' '.repeat(keyColumn >= KEY_COLUMN ? keyColumn : (/^ */.exec(text)?.[0].length ?? 0) + 2);
}

export function TextOverlay({ title, lines: given, height, onClose }: { title: string; lines: readonly PaneLine[]; height: number; onClose: () => void }) {
  const theme = useTheme();
  // Wrapped, never cut (a disabled key's reason runs long): border and padding take four columns, the root's spare one a fifth.
  const width = useWindowSize().columns - 5;
  const lines = given.flatMap((line) => wrapText(line.text, width, continuationIndent(line.text)).map((text) => ({ ...line, text })));
  const closes = '(esc, ? or q closes)';
  // The border's two rows, the pane's line count and the title's rows, which wrap in a narrow terminal (the pane would be drawn past the box).
  const paneHeight = Math.max(3, height - 3 - wrapText(`${title} ${closes}`, width).length);
  const [offset, setOffset] = useState(0);
  useKeyHandler(Priority.overlay, (chord) => {
    const action = actionFor(chord, 'help');
    if (action === 'back' || action === 'help') onClose();
    else if (action) setOffset((current) => scrolled(current, action, lines.length, paneHeight) ?? current);
    return chord !== 'ctrl+c';
  });
  return (
    <Box flexDirection="column" height={height} borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
      <Text bold>
        {title} <Text color={theme.text.secondary}>{closes}</Text>
      </Text>
      <ScrollPane lines={lines} offset={offset} height={paneHeight} />
    </Box>
  );
}
