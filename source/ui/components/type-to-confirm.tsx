/**
 * The question for the worst writes (k9s, lazygit: type the name): a dialog whose answer is typed — a
 * command's name before it is deleted, `delete 9` before a plan that deletes most of a scope goes ahead.
 * Enter goes on only when the text is exactly `expected`; esc keeps everything as it is.
 */
import { useState, type ReactNode } from 'react';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { actionFor } from '../input/key-bindings.js';
import { useTheme } from '../theme/theme-context.js';
import { DialogFrame, DialogLine } from './dialog-frame.js';
import { useScrollBox } from './scroll-box.js';
import { Text } from './text.js';
import { TextField } from './text-field.js';

export interface TypeToConfirmProps {
  title: string;
  /** What must be typed. */
  expected: string;
  /** What a wrong answer is called: `That is not the name`. */
  mismatch: string;
  /** What the typed answer does, said after "Type X and press enter to": `delete`. */
  action: string;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

export function TypeToConfirm({ title, expected, mismatch, action, children, onConfirm, onCancel }: TypeToConfirmProps) {
  const theme = useTheme();
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState(false);
  const body = useScrollBox();
  useKeyHandler(Priority.overlay, (chord) => {
    const pressed = actionFor(chord, 'type-to-confirm');
    if (pressed === 'cancel') onCancel();
    else if (pressed === 'confirm') {
      if (typed === expected) onConfirm();
      else setWrong(true);
    }
    // The field takes letters (j, k, g may be what is typed), so only arrows and page keys get here to scroll.
    else body.scroll(actionFor(chord, 'confirm'));
    return chord !== 'ctrl+c';
  });
  return (
    <DialogFrame
      title={title}
      borderColor={theme.status.error}
      body={body}
      footer="type-to-confirm"
      // What to type and the field stay in view; what the answer overrides scrolls above them.
      bottom={
        <>
          <DialogLine text={['Type ', { text: expected, bold: true }, ` and press enter to ${action}; esc cancels.`]} />
          <Text>
            {'> '}
            <TextField
              value={typed}
              onChange={(value) => {
                setTyped(value);
                setWrong(false);
              }}
              focused
              inOverlay
            />
          </Text>
          {wrong ? <DialogLine color={theme.status.error} text={`${mismatch}: type “${expected}” exactly (or esc to keep it).`} /> : null}
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
