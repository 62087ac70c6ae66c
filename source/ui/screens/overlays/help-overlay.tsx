/** `?`: every key of the screen underneath, from the key table (closes with ?, esc or q). */
import { Box, Text } from 'ink';
import { bindingsFor, keyLabel, type KeyScope } from '../../input/key-bindings.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';

export function HelpOverlay({ scope, onClose }: { scope: KeyScope; onClose: () => void }) {
  const theme = useTheme();
  useKeyHandler(Priority.overlay, (chord) => {
    const action = actionFor(chord, 'help');
    if (action === 'back' || action === 'help' || chord === 'q') onClose();
    return chord !== 'ctrl+c';
  });
  const bindings = bindingsFor(scope);
  return (
    <Box flexDirection="column" flexGrow={1} borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
      <Text bold>Keys on this screen</Text>
      {bindings.map((b) => (
        <Text key={b.action} wrap="truncate">
          <Text color={theme.text.accent}>{keyLabel(b).padEnd(16)}</Text>
          {b.label}
          {b.danger ? <Text color={theme.text.secondary}> (changes the server; asks first)</Text> : null}
        </Text>
      ))}
      <Text color={theme.text.secondary}>When a text field or the filter has focus, letters are text: only ctrl chords, esc, tab, arrows and enter act.</Text>
      <Text color={theme.text.secondary}>esc, ? or q closes this help.</Text>
    </Box>
  );
}
