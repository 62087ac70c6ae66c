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
  // One row, however narrow (the footer counts one): what ctrl+c does stays; the label keeps at least half of the rest, a rate-limit wait's note the other.
  const room = useWindowSize().columns - 1 - 2 - (cancellable ? CANCELS.length + 1 : 0);
  const labelRoom = waiting ? Math.max(room - textWidth(waiting) - 1, Math.min(textWidth(label) + 1, Math.floor(room / 2))) : room;
  const shown = textWidth(`${label}…`) <= labelRoom ? `${label}…` : fitCell(label, Math.max(1, labelRoom)).trimEnd();
  const note = waiting && textWidth(waiting) > room - labelRoom - 1 ? fitCell(waiting, Math.max(1, room - labelRoom - 1)).trimEnd() : waiting;
  return (
    <Text color={theme.text.accent} wrap="truncate-middle">
      {FRAMES[frame % FRAMES.length]} {shown}
      {note ? <Text color={theme.status.warning}> {note}</Text> : null}
      {cancellable ? <Text color={theme.text.secondary}> {CANCELS}</Text> : null}
    </Text>
  );
}
