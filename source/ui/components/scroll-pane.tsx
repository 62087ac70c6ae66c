/** A read-only pane of lines with a scroll offset (detail, raw JSON, overwrites, help). */
import { Box } from 'ink';
import { Text } from './text.js';
import { useTheme } from '../theme/theme-context.js';
import type { Tone } from '../state/app-state.js';
import { toneColor } from './footer.js';

export interface PaneLine {
  text: string;
  tone?: Tone | 'secondary' | 'heading';
}

export function ScrollPane({ lines, offset, height }: { lines: readonly PaneLine[]; offset: number; height: number }) {
  const theme = useTheme();
  const start = clampOffset(offset, lines.length, height);
  const shown = lines.slice(start, start + height);
  return (
    <Box flexDirection="column" flexGrow={1} overflow="hidden">
      {shown.map((line, index) => (
        <Text
          key={start + index}
          wrap="truncate"
          bold={line.tone === 'heading'}
          color={line.tone === 'secondary' ? theme.text.secondary : line.tone && line.tone !== 'heading' ? toneColor(theme, line.tone) : undefined}
        >
          {line.text || ' '}
        </Text>
      ))}
      {lines.length > height ? (
        <Text color={theme.text.secondary}>{linesMarker(start, height, lines.length)}</Text>
      ) : null}
    </Box>
  );
}

/** Which lines a scrolled view shows, and the keys that move it. */
export function linesMarker(offset: number, visible: number, total: number): string {
  return `lines ${offset + 1}–${Math.min(total, offset + visible)} of ${total} (↑↓ pgup pgdn)`;
}

export function clampOffset(offset: number, total: number, height: number): number {
  return Math.max(0, Math.min(offset, total - height));
}

/** Scroll actions shared by every pane. */
export function scrolled(offset: number, action: string, total: number, height: number): number | undefined {
  const page = Math.max(1, height - 1);
  const next =
    action === 'up' ? offset - 1 : action === 'down' ? offset + 1 : action === 'pageUp' ? offset - page : action === 'pageDown' ? offset + page : action === 'top' ? 0 : action === 'bottom' ? total : undefined;
  return next === undefined ? undefined : clampOffset(next, total, height);
}
