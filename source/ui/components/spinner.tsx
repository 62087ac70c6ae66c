/** A small spinner for in-flight requests; animates without blocking input, and names a rate-limit wait under way. */
import { useAnimation } from 'ink';
import { Text } from './text.js';
import { useTheme } from '../theme/theme-context.js';
import { useContext } from 'react';
import { AppContext } from '../state/app-context.js';
import { waitNote } from '../session/rate-limit-waits.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** `cancellable` false: a write already sent, which no key can recall. */
export function Spinner({ label, cancellable = true }: { label: string; cancellable?: boolean }) {
  const theme = useTheme();
  const { frame } = useAnimation({ interval: 80 });
  // Redrawn with each frame, so the seconds left count down.
  const waiting = waitNote(useContext(AppContext)?.state.rateLimited, Date.now());
  return (
    <Text color={theme.text.accent}>
      {FRAMES[frame % FRAMES.length]} {label}… {waiting ? <Text color={theme.status.warning}>{waiting} </Text> : null}
      {cancellable ? <Text color={theme.text.secondary}>(ctrl+c cancels)</Text> : null}
    </Text>
  );
}
