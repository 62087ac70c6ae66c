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

/** The widest key column: a longer key (`meta+b/ctrl+left/meta+left`) has a line of its own, what it does under it. */
const KEY_COLUMN = 18;

/** What a key does, and that it changes Discord (asking first) where it does. */
function helpLabel(binding: Binding): string {
  if (!binding.danger) return binding.label;
  return `${binding.label}${binding.label.includes('asks first') ? ' (changes Discord)' : ' (changes Discord; asks first)'}`;
}

/** Every key of the screen from the key table; one that cannot act now greyed, with why (`disabled`). */
export function helpLines(scope: KeyScope, disabled: DisabledKeys = {}): PaneLine[] {
  const bindings = bindingsFor(scope);
  // As wide as the keys need (two spaces after the widest that fits), so what a key does never runs into it.
  const column = Math.min(KEY_COLUMN, Math.max(0, ...bindings.map((b) => keyLabel(b).length).filter((width) => width <= KEY_COLUMN - 2)) + 2);
  return [
    ...bindings.flatMap((b): PaneLine[] => {
      const reason = disabled[b.action];
      const key = keyLabel(b);
      const what = reason === undefined ? helpLabel(b) : `${helpLabel(b)} — disabled: ${reason}`;
      const tone = reason === undefined ? {} : { tone: 'secondary' as const };
      if (key.length > column - 2) return [{ text: key, ...tone }, { text: `${' '.repeat(column)}${what}`, ...tone }];
      return [{ text: `${key.padEnd(column)}${what}`, ...tone }];
    }),
    { text: '' },
    { text: 'When a text field or the filter has focus, letters and ? are text:', tone: 'secondary' as const },
    { text: 'only ctrl chords, esc, tab, arrows and enter act.', tone: 'secondary' as const },
  ];
}

/** Under the text of a help line (past its key column, or the indent of a key's own line), else two past the line's own indent. */
function continuationIndent(text: string): string {
  const keyColumn = /^\S+ {2,}(?=\S)/.exec(text)?.[0].length ?? 0;
  const indent = /^ */.exec(text)?.[0].length ?? 0;
  return ' '.repeat(keyColumn >= 5 ? keyColumn : indent >= 4 ? indent : indent + 2);
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
