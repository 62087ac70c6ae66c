/**
 * The status message, wrapped to the width so the part that says what to do is never cut; at most
 * three lines, and a longer one ends by naming the key that shows it whole (the footer and the editor
 * both draw it). A file path in it (a backup, an export) gets a line of its own besides, with its label
 * right above it however the text is cut, and is never broken by the app: written whole, the terminal
 * wraps it, so selecting it copies one path (as copyable-url.tsx does for an address; the app leaves the
 * rows that wrapping takes, app.tsx).
 */
import { Box, Text as InkText } from 'ink';
import { Text } from './text.js';
import { bindingIn, keyLabel, type KeyScope } from '../input/key-bindings.js';
import { wrapText } from '../../terminal/wrap-text.js';
import { fitCell } from '../../terminal/fit-cell.js';
import { sanitizeLine } from '../../terminal/sanitize.js';
import { textWidth } from '../../terminal/text-width.js';
import { wrappedExtraRows } from './copyable-url.js';

const MAX_LINES = 3;

/** A file path in a message: absolute (or ~/, or a drive), two segments or more, ending in an extension; trailing punctuation is the sentence's. */
const PATH = /(^|\s)((?:~|[A-Za-z]:)?[/\\][^\s/\\]+(?:[/\\][^\s/\\]*)+?\.[A-Za-z0-9]+)([.,;:)]*)(?=\s|$)/;

/**
 * The message split around the first file path in it, where wrapping at `width` would break that path
 * across lines; undefined otherwise. The sentence's punctuation after the path stays on its line.
 */
export function splitPath(text: string, width: number): { before: string; path: string; after: string } | undefined {
  const split = pathIn(text);
  if (!split) return undefined;
  const wrapped = wrapText(text, width);
  if (wrapped.some((line) => line.includes(split.bare))) return undefined;
  return split;
}

/** The message split around the first file path in it (`bare`: the path without the sentence's punctuation after it). */
export function pathIn(text: string): { before: string; path: string; bare: string; after: string } | undefined {
  const match = PATH.exec(text);
  if (!match?.[2]) return undefined;
  const path = sanitizeLine(match[2]);
  const start = match.index + (match[1]?.length ?? 0);
  const end = start + match[2].length + (match[3]?.length ?? 0);
  return { before: text.slice(0, start).trimEnd(), path: `${path}${match[3] ?? ''}`, bare: path, after: text.slice(end).trim() };
}

/** At most `max` lines; a longer text ends with the key that shows it whole, where there is one (`named: false`: a `…` alone, the key named further on). */
function cut(lines: string[], max: number, width: number, scope: KeyScope, named = true): string[] {
  if (lines.length <= max) return lines;
  if (!named) return [...lines.slice(0, max - 1), fitCell(`${lines[max - 1] ?? ''}…`, width).trimEnd()];
  // The key is named however narrow the line; what it does, when there is room for it. Where typing has
  // the keys (a filter, a picker's search), there is none to name: the cut says more is there.
  const binding = bindingIn('showMessage', scope);
  const key = binding ? keyLabel(binding) : undefined;
  const more = key === undefined ? '' : width >= 36 ? ` (${key} shows it all)` : ` (${key})`;
  const last = lines[max - 1] ?? '';
  return [...lines.slice(0, max - 1), fitCell(`${last}…`, Math.max(1, width - more.length)).trimEnd() + more];
}

/**
 * The lines the status takes at `width` cells (one blank line when there is none). A path is one of
 * them, whole, even when wider than `width`: the terminal's wrapping of it is the app's to leave room for.
 */
export function statusLines(text: string | undefined, width: number, scope: KeyScope = 'list'): string[] {
  if (!text) return [' '];
  const split = splitPath(text, width);
  if (!split) return cut(wrapText(text, width), MAX_LINES, width, scope);
  const after = split.after ? wrapText(split.after, width) : [];
  // The path's line is one more than the text's three: its label is kept with it (labelled).
  const beforeRoom = MAX_LINES - Math.min(1, after.length);
  const wrappedBefore = split.before ? wrapText(split.before, width) : [];
  // The key that shows it all is named once: after the path when the text after it is cut too, else where the cut is.
  const afterCut = after.length > MAX_LINES - Math.min(beforeRoom, wrappedBefore.length);
  const before = labelled(split.before, wrappedBefore, beforeRoom, width, scope, !afterCut);
  return [...before, split.path, ...cut(after, MAX_LINES - before.length, width, scope)];
}

/**
 * The text before a path in `room` lines, its last clause (the path's label: `backup:`, `The state before
 * is saved in`) whole right above the path: on lines of its own where wrapping would split it, and kept
 * where the text is cut (what comes before it is cut instead, when the label leaves it a line).
 */
function labelled(text: string, wrapped: string[], room: number, width: number, scope: KeyScope, named: boolean): string[] {
  const label = text.split(/(?<=[.!?;])\s+/).at(-1) ?? '';
  // Whole and with the label whole on its last line: as it is.
  if (wrapped.length <= room && (wrapped.at(-1) ?? '').endsWith(label)) return wrapped;
  const labelLines = wrapText(label, width);
  if (label === text || labelLines.length >= room) return cut(wrapped, room, width, scope, named);
  const head = text.slice(0, text.length - label.length).trimEnd();
  return [...cut(wrapText(head, width), room - labelLines.length, width, scope, named), ...labelLines];
}

/** Rows past the status's own that the terminal's wrapping of a path in it takes. */
export function statusPathExtraRows(text: string | undefined, columns: number): number {
  // The status is as wide as the frame, a column short of the screen (app.tsx).
  const path = text ? splitPath(text, columns - 1)?.path : undefined;
  if (path !== undefined && textWidth(path) < columns) return 0;
  return path === undefined ? 0 : wrappedExtraRows(textWidth(path), columns);
}

export function StatusLine({ text, color, width, scope }: { text: string | undefined; color?: string; width: number; scope?: KeyScope }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {statusLines(text, width, scope).map((line, index) =>
        textWidth(line) > width ? (
          // Wider than the screen: Ink writes it as one line, which the terminal wraps.
          <Box key={index} width={textWidth(line)} flexShrink={0}>
            <InkText color={color}>{line}</InkText>
          </Box>
        ) : (
          <Text key={index} color={color}>
            {line}
          </Text>
        ),
      )}
    </Box>
  );
}
