/** A small spinner for in-flight requests; animates without blocking input. */
import { useAnimation } from 'ink';
import { Text } from './text.js';
import { useTheme } from '../theme/theme-context.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** `cancellable` false: a write already sent, which no key can recall. */
export function Spinner({ label, cancellable = true }: { label: string; cancellable?: boolean }) {
  const theme = useTheme();
  const { frame } = useAnimation({ interval: 80 });
  return (
    <Text color={theme.text.accent}>
      {FRAMES[frame % FRAMES.length]} {label}… {cancellable ? <Text color={theme.text.secondary}>(ctrl+c cancels)</Text> : null}
    </Text>
  );
}
