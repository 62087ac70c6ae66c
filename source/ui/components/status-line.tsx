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

/** A file path in a message (in a command between backticks or quotes too): absolute (or ~/, or a drive), two segments or more, ending in an extension; trailing punctuation is the sentence's. */
const PATH = /(^|[\s`'"])((?:~|[A-Za-z]:)?[/\\][^\s/\\`'"]+(?:[/\\][^\s/\\`'"]*)+?\.[A-Za-z0-9]+)([.,;:)]*)(?=[\s`'"]|$)/;

/**
 * The message split around the first file path in it, where wrapping at `width` would break that path
 * across lines; undefined otherwise. The sentence's punctuation after the path stays on its line.
 */
export function splitPath(text: string, width: number): ReturnType<typeof pathIn> {
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
  if (max <= 0) return [];
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
  const key = `${width}\u0000${scope}\u0000${text ?? ''}`;
  const known = laidOut.get(key);
  if (known) return known;
  if (laidOut.size >= 4) laidOut.clear();
  const lines = layOutStatus(text, width, scope);
  laidOut.set(key, lines);
  return lines;
}

/** Statuses laid out lately: the frame's row count (app.tsx) and the line itself ask for the same one on every render. */
const laidOut = new Map<string, string[]>();

function layOutStatus(text: string | undefined, width: number, scope: KeyScope): string[] {
  if (!text) return [' '];
  if (!splitPath(text, width)) return cut(wrapText(text, width), MAX_LINES, width, scope);
  const laid = withPaths(text, width, MAX_LINES, undefined);
  if (!laid.cut) return laid.lines;
  // Cut somewhere: the key that shows it all is named once, where the last cut is (a path's label stays whole).
  const cutAt = laid.lines.findLastIndex((line) => !laid.paths.has(line) && line.endsWith('…'));
  const last = cutAt >= 0 ? cutAt : laid.lines.findLastIndex((line) => !laid.paths.has(line));
  const named = cut([...laid.lines.slice(0, last), `${laid.lines[last] ?? ''} `, ''], last + 1, width, scope);
  return [...named, ...laid.lines.slice(last + 1)];
}

/**
 * `text` in `room` lines of text, each path that wrapping would break on a line of its own besides, whole,
 * with its label right above it; the same path again after it (`cmd-tui restore PATH`) is named, not repeated.
 */
function withPaths(given: string, width: number, room: number, above: string | undefined): { lines: string[]; paths: Set<string>; cut: boolean } {
  const text = above === undefined ? given : given.split(above).join('<the path above>');
  const split = splitPath(text, width);
  if (!split) {
    const wrapped = room > 0 ? wrapText(text, width) : [];
    return { lines: cut(wrapped, room, width, 'list', false), paths: new Set(), cut: wrapped.length > room || (room <= 0 && text !== '') };
  }
  const afterRows = split.after ? 1 : 0;
  const wrappedBefore = split.before ? wrapText(split.before, width) : [];
  const before = labelled(split.before, wrappedBefore, room - afterRows, width);
  const rest = split.after ? withPaths(split.after, width, room - before.length, split.bare) : { lines: [], paths: new Set<string>(), cut: false };
  const beforeCut = before.some((line) => line.endsWith('…')) || (wrappedBefore.length > 0 && before.length === 0);
  return { lines: [...before, split.path, ...rest.lines], paths: new Set([split.path, ...rest.paths]), cut: beforeCut || rest.cut };
}

/**
 * The text before a path in `room` lines, its last clause (the path's label: `backup:`, `The state before
 * is saved in`) whole right above the path: on lines of its own where wrapping would split it, and kept
 * where the text is cut (what comes before it is cut instead, when the label leaves it a line).
 */
function labelled(text: string, wrapped: string[], room: number, width: number): string[] {
  const label = text.split(/(?<=[.!?;])\s+/).at(-1) ?? '';
  // Whole and with the label whole on its last line: as it is.
  if (wrapped.length <= room && (wrapped.at(-1) ?? '').endsWith(label)) return wrapped;
  const labelLines = wrapText(label, width);
  if (label === text || labelLines.length >= room) return cut(wrapped, room, width, 'list', false);
  const head = text.slice(0, text.length - label.length).trimEnd();
  return [...cut(wrapText(head, width), room - labelLines.length, width, 'list', false), ...labelLines];
}

/** Rows past the status's own that the terminal's wrapping of the paths in it takes. */
export function statusPathExtraRows(text: string | undefined, columns: number): number {
  if (!text) return 0;
  // The status is as wide as the frame, a column short of the screen (app.tsx); a path as wide as the screen still fits its row.
  return statusLines(text, columns - 1)
    .filter((line) => textWidth(line) >= columns)
    .reduce((rows, line) => rows + wrappedExtraRows(textWidth(line), columns), 0);
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
