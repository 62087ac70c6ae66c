/** A small spinner for in-flight requests; animates without blocking input. */
import { useAnimation } from 'ink';
import { Text } from './text.js';
import { useTheme } from '../theme/theme-context.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function Spinner({ label }: { label: string }) {
  const theme = useTheme();
  const { frame } = useAnimation({ interval: 80 });
  return (
    <Text color={theme.text.accent}>
      {FRAMES[frame % FRAMES.length]} {label}… <Text color={theme.text.secondary}>(ctrl+c cancels)</Text>
    </Text>
  );
}
