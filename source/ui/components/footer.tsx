/**
 * The bottom of every screen: the status line (spinner while a request is in flight, otherwise the
 * last message) and the keys that work here, generated from the key table.
 */
import { Box, Text } from 'ink';
import { bindingsFor, keyLabel, type KeyScope } from '../input/key-bindings.js';
import { useAppContext } from '../state/app-context.js';
import type { Tone } from '../state/app-state.js';
import { useTheme } from '../theme/theme-context.js';
import type { Theme } from '../theme/theme.js';
import { Spinner } from './spinner.js';

export function toneColor(theme: Theme, tone: Tone): string | undefined {
  if (tone === 'error') return theme.status.error;
  if (tone === 'warning') return theme.status.warning;
  if (tone === 'success') return theme.status.success;
  return theme.text.primary;
}

export function footerHints(scope: KeyScope): string {
  return bindingsFor(scope)
    .filter((b) => b.footer)
    .map((b) => `${keyLabel(b)} ${b.label}`)
    .join(' · ');
}

export function Footer({ scope }: { scope: KeyScope }) {
  const theme = useTheme();
  const { state } = useAppContext();
  return (
    <Box flexDirection="column" flexShrink={0}>
      {state.busy ? (
        <Spinner label={state.busy.label} />
      ) : (
        <Text wrap="truncate" color={state.flash ? toneColor(theme, state.flash.tone) : undefined}>
          {state.flash?.text ?? ' '}
        </Text>
      )}
      <Text color={theme.text.secondary} wrap="wrap">
        {footerHints(scope)}
      </Text>
    </Box>
  );
}
