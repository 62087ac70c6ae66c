/**
 * The status message, wrapped to the width so the part that says what to do is never cut; at most
 * three lines, and a longer one ends by naming the key that shows it whole (the footer and the editor
 * both draw it).
 */
import { Box } from 'ink';
import { Text } from './text.js';
import { bindingIn, keyLabel, type KeyScope } from '../input/key-bindings.js';
import { wrapText } from '../../terminal/wrap-text.js';
import { fitCell } from '../../terminal/fit-cell.js';

const MAX_LINES = 3;

/** The lines the status takes at `width` cells (one blank line when there is none). */
export function statusLines(text: string | undefined, width: number, scope: KeyScope = 'list'): string[] {
  if (!text) return [' '];
  const lines = wrapText(text, width);
  if (lines.length <= MAX_LINES) return lines;
  // The key is named however narrow the line; what it does, when there is room for it. Where typing has
  // the keys (a filter, a picker's search), there is none to name: the cut says more is there.
  const binding = bindingIn('showMessage', scope);
  const key = binding ? keyLabel(binding) : undefined;
  const more = key === undefined ? '' : width >= 36 ? ` (${key} shows it all)` : ` (${key})`;
  const last = lines[MAX_LINES - 1] ?? '';
  return [...lines.slice(0, MAX_LINES - 1), fitCell(`${last}…`, Math.max(1, width - more.length)).trimEnd() + more];
}

export function StatusLine({ text, color, width, scope }: { text: string | undefined; color?: string; width: number; scope?: KeyScope }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {statusLines(text, width, scope).map((line, index) => (
        <Text key={index} color={color}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
