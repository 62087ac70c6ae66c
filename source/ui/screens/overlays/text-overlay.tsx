/**
 * A read-only overlay of lines that scrolls with ↑↓ pgup pgdn and closes with esc, ? or q: `?` help,
 * every key of the screen underneath from the key table, and a status message too long for the status
 * line, shown whole.
 */
import { Box, Text as InkText, useStdout, useWindowSize } from 'ink';
import { fitCell } from '../../../terminal/fit-cell.js';
import { clipboardSequence } from '../../../terminal/osc.js';
import { textWidth } from '../../../terminal/text-width.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { pathIn } from '../../components/status-line.js';
import { useWrappedRows } from '../../components/copyable-url.js';
import { sanitizeLine } from '../../../terminal/sanitize.js';
import { Text } from '../../components/text.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { useState } from 'react';
import { ScrollPane, scrolled, type PaneLine } from '../../components/scroll-pane.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, bindingOf, bindingsFor, keyLabel, type Binding, type DisabledKeys, type KeyScope } from '../../input/key-bindings.js';
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

/** The title's rows: wrapped where `room` (the rows inside the box, the line count included) leaves the pane three lines or more, else one line, cut (the pane's lines come first). */
export function overlayTitleRows(title: string, width: number, room: number): number {
  const wrapped = wrapText(title, width).length;
  return room - 1 - wrapped >= 3 ? wrapped : 1;
}

/** Shorter than this, the overlay has no border: its two rows and four columns go to the text. */
const FRAMED_FROM = 12;

/**
 * The line with each file path in it (a backup) on a line of its own, never broken: whole where it fits
 * `width`, else cut in the middle and kept in `cut`, for the copy key to copy whole.
 */
export function pathsAlone(line: PaneLine, width: number): { lines: PaneLine[]; cut: string[] } {
  const split = pathIn(line.text);
  const plain = wrapped(line, width);
  if (!split || pathsOf(line.text).every((path) => plain.some((row) => row.text.includes(path)))) return { lines: plain, cut: [] };
  const rest = split.after ? pathsAlone({ ...line, text: split.after }, width) : { lines: [], cut: [] };
  const fits = textWidth(split.path) <= width;
  const path = { ...line, text: fits ? split.path : fitCell(split.path, width, 'middle').trimEnd() };
  return { lines: [...(split.before ? wrapped({ ...line, text: split.before }, width) : []), path, ...rest.lines], cut: [...(fits ? [] : [split.bare]), ...rest.cut] };
}

/** Every file path in the text. */
function pathsOf(text: string): string[] {
  const split = pathIn(text);
  return split ? [split.bare, ...pathsOf(split.after)] : [];
}

/** The line wrapped at `width`, its continuation lines indented under its text. */
function wrapped(line: PaneLine, width: number): PaneLine[] {
  return wrapText(line.text, width, continuationIndent(line.text)).map((text) => ({ ...line, text }));
}

/** `keys`: `message` where a path cut to fit can be copied whole (`c`); `help` for the keys of a screen. */
export function TextOverlay({ title, lines: given, height, keys = 'help', onClose }: { title: string; lines: readonly PaneLine[]; height: number; keys?: 'help' | 'message'; onClose: () => void }) {
  const theme = useTheme();
  const { stdout } = useStdout();
  const framed = height >= FRAMED_FROM;
  // Wrapped, never cut (a disabled key's reason runs long): border and padding take four columns, the root's spare one a fifth.
  const width = useWindowSize().columns - (framed ? 5 : 1);
  const laid = given.map((line) => (keys === 'message' ? pathsAlone(line, width) : { lines: wrapped(line, width), cut: [] }));
  const lines = laid.flatMap((item) => item.lines);
  const cutPaths = laid.flatMap((item) => item.cut);
  const [copied, setCopied] = useState(false);
  const copyKey = keyLabel(bindingOf('copyPath', 'message'));
  const closes = cutPaths.length === 0 ? '(esc, ? or q closes)' : copied ? `(the path was sent to the clipboard, OSC 52 · esc closes)` : `(esc closes · ${copyKey} copies the path)`;
  // The first path cut in the box is also written whole under it, as the status line writes one: selecting it copies it.
  const whole = cutPaths[0] === undefined ? undefined : sanitizeLine(cutPaths[0]);
  useWrappedRows(whole === undefined ? 0 : textWidth(whole));
  const inside = height - (whole === undefined ? 0 : 1) - (framed ? 2 : 0);
  const titleRows = overlayTitleRows(`${title} ${closes}`, width, inside);
  // The border's rows, the title's, and the line count under the pane: the pane has the rest, and never more than the box.
  const paneHeight = Math.max(1, inside - 1 - titleRows);
  const [offset, setOffset] = useState(0);
  useKeyHandler(Priority.overlay, (chord) => {
    const action = actionFor(chord, keys);
    if (action === 'back' || action === 'help') onClose();
    else if (action === 'copyPath' && cutPaths[0] !== undefined) {
      // Straight to the terminal, not through the status: the message read here stays the status under it.
      stdout.write(clipboardSequence(cutPaths[0]));
      setCopied(true);
    }
    else if (action) setOffset((current) => scrolled(current, action, lines.length, paneHeight) ?? current);
    return chord !== 'ctrl+c';
  });
  return (
    <Box flexDirection="column" height={height}>
      <Box flexDirection="column" height={height - (whole === undefined ? 0 : 1)} flexShrink={0} {...(framed ? { borderStyle: 'round' as const, borderColor: theme.ui.border, paddingX: 1 } : {})}>
        <Box height={titleRows} flexShrink={0} overflow="hidden">
          {titleRows === 1 ? (
            <Text bold wrap="truncate">
              {title} <Text color={theme.text.secondary}>{closes}</Text>
            </Text>
          ) : (
            <DialogLine bold width={width} text={[`${title} `, { text: closes, color: theme.text.secondary }]} />
          )}
        </Box>
        <ScrollPane lines={lines} offset={offset} height={paneHeight} />
      </Box>
      {whole === undefined ? null : (
        // As wide as the path, wider than the screen: Ink writes it as one line, which the terminal wraps (the app leaves the rows).
        <Box width={textWidth(whole)} flexShrink={0}>
          <InkText color={theme.text.accent}>{whole}</InkText>
        </Box>
      )}
    </Box>
  );
}
