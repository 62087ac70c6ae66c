/** A small spinner for in-flight requests; animates without blocking input, and names a rate-limit wait under way. */
import { useAnimation, useWindowSize } from 'ink';
import { fitCell } from '../../terminal/fit-cell.js';
import { textWidth } from '../../terminal/text-width.js';
import { Text } from './text.js';
import { useTheme } from '../theme/theme-context.js';
import { useContext } from 'react';
import { AppContext } from '../state/app-context.js';
import { waitNote } from '../session/rate-limit-waits.js';

const CANCELS = '(ctrl+c cancels)';
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** `cancellable` false: a write already sent, which no key can recall. */
export function Spinner({ label, cancellable = true }: { label: string; cancellable?: boolean }) {
  const theme = useTheme();
  const { frame } = useAnimation({ interval: 80 });
  // Redrawn with each frame, so the seconds left count down.
  const waiting = waitNote(useContext(AppContext)?.state.rateLimited, Date.now());
  // One row, however narrow (the footer counts one): the label's end gives way, what ctrl+c does stays.
  const room = useWindowSize().columns - 1 - 2 - (waiting ? textWidth(waiting) + 1 : 0) - (cancellable ? CANCELS.length + 1 : 0);
  const shown = textWidth(`${label}…`) <= room ? `${label}…` : fitCell(label, Math.max(1, room)).trimEnd();
  return (
    <Text color={theme.text.accent} wrap="truncate-middle">
      {FRAMES[frame % FRAMES.length]} {shown}
      {waiting ? <Text color={theme.status.warning}> {waiting}</Text> : null}
      {cancellable ? <Text color={theme.text.secondary}> {CANCELS}</Text> : null}
    </Text>
  );
}
