/**
 * A yes/no question about something that changes the server or throws work away. Focus starts on
 * Cancel (k9s), so a stray enter never confirms. However long the body, the title and both buttons
 * stay on screen and the body scrolls between them (↑↓ pgup pgdn), so what enter presses is always
 * in view.
 */
import { Box, useWindowSize } from 'ink';
import { textWidth } from '../../terminal/text-width.js';
import { Text } from './text.js';
import { useState, type ReactNode } from 'react';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { actionFor, type KeyScope } from '../input/key-bindings.js';
import { useTheme } from '../theme/theme-context.js';
import { DialogFrame } from './dialog-frame.js';
import { useScrollBox } from './scroll-box.js';

export interface ConfirmDialogProps {
  title: string;
  /** What stays in view above the scrolling body (a refusal): DialogFrame's `head`. */
  head?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A key of the dialog's own (e.g. `s` to sign in first); true when handled. */
  onKey?: (chord: string) => boolean;
  /** The key scope, where the dialog has keys of its own (`onKey`), so help and the footer list them. */
  keys?: KeyScope;
  /** Nothing to confirm (a plan refused, nothing to change): one button, `confirmLabel`, which enter and esc press alike. */
  single?: boolean;
}

export function ConfirmDialog({ title, head, children, confirmLabel, cancelLabel = 'Cancel', danger, onConfirm, onCancel, onKey, keys = 'confirm', single = false }: ConfirmDialogProps) {
  const theme = useTheme();
  const [onConfirmButton, setOnConfirmButton] = useState(false);
  const body = useScrollBox();
  // Border, padding and the root's spare column: the buttons go one under the other when both do not fit.
  const inner = useWindowSize().columns - 5;
  const sideBySide = textWidth(cancelLabel) + textWidth(confirmLabel) + 8 <= inner;
  useKeyHandler(Priority.overlay, (chord) => {
    if (onKey?.(chord)) return true;
    const action = actionFor(chord, keys);
    if (action === 'cancel' || action === 'deny') onCancel();
    else if (action === 'toggleButton') setOnConfirmButton((v) => !v && !single);
    else if (action === 'confirm') (onConfirmButton || single ? onConfirm : onCancel)();
    else body.scroll(action);
    return chord !== 'ctrl+c';
  });
  const button = (label: string, focused: boolean) => (
    <Text inverse={focused} bold={focused}>
      {focused ? `▸ ${label} ` : `  ${label} `}
    </Text>
  );
  return (
    <DialogFrame
      title={title}
      borderColor={danger ? theme.status.warning : theme.ui.border}
      body={body}
      head={head}
      footer={keys}
      footerHide={single ? ['toggleButton', 'deny'] : []}
      bottom={
        single ? (
          button(confirmLabel, true)
        ) : (
          <Box columnGap={2} flexDirection={sideBySide ? 'row' : 'column'}>
            {button(cancelLabel, !onConfirmButton)}
            {button(confirmLabel, onConfirmButton)}
          </Box>
        )
      }
    >
      {children}
    </DialogFrame>
  );
}
