/**
 * A yes/no question about something that changes the server or throws work away. Focus starts on
 * Cancel (k9s), so a stray enter never confirms.
 */
import { Box } from 'ink';
import { Text } from './text.js';
import { useState, type ReactNode } from 'react';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { actionFor } from '../input/key-bindings.js';
import { useTheme } from '../theme/theme-context.js';
import { Footer } from './footer.js';

export interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A key of the dialog's own (e.g. `s` to sign in first); true when handled. */
  onKey?: (chord: string) => boolean;
}

export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', danger, onConfirm, onCancel, onKey }: ConfirmDialogProps) {
  const theme = useTheme();
  const [onConfirmButton, setOnConfirmButton] = useState(false);
  useKeyHandler(Priority.overlay, (chord) => {
    if (onKey?.(chord)) return true;
    const action = actionFor(chord, 'confirm');
    if (action === 'cancel' || action === 'deny') onCancel();
    else if (action === 'toggleButton') setOnConfirmButton((v) => !v);
    else if (action === 'confirm') (onConfirmButton ? onConfirm : onCancel)();
    return chord !== 'ctrl+c';
  });
  const button = (label: string, focused: boolean) => (
    <Text inverse={focused} bold={focused}>
      {focused ? `▸ ${label} ` : `  ${label} `}
    </Text>
  );
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" borderStyle="round" borderColor={danger ? theme.status.warning : theme.ui.border} paddingX={1} overflow="hidden" flexShrink={1}>
        <Text bold>{title}</Text>
        {children}
        <Box marginTop={1} gap={2}>
          {button(cancelLabel, !onConfirmButton)}
          {button(confirmLabel, onConfirmButton)}
        </Box>
      </Box>
      <Footer scope="confirm" />
    </Box>
  );
}
