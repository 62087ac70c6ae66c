/**
 * Deleting a command: confirmed by typing its name. Says what goes with it (its permission
 * overwrites, permanently) and that a backup of the scope is written first.
 */
import { Text } from '../../components/text.js';
import { useState } from 'react';
import type { Command } from '../../../discord/model.js';
import { DialogFrame } from '../../components/dialog-frame.js';
import { useScrollBox } from '../../components/scroll-box.js';
import { TextField } from '../../components/text-field.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';

export interface ConfirmDeleteProps {
  command: Command;
  scopeLabel: string;
  /** Number of overwrites known in this guild; undefined outside a guild. */
  overwriteCount?: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDelete({ command, scopeLabel, overwriteCount, onConfirm, onCancel }: ConfirmDeleteProps) {
  const theme = useTheme();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const body = useScrollBox();
  useKeyHandler(Priority.overlay, (chord) => {
    const action = actionFor(chord, 'type-to-confirm');
    if (action === 'cancel') onCancel();
    else if (action === 'confirm') {
      if (typed === command.name) onConfirm();
      else setMismatch(true);
    }
    // The field takes letters (j, k, g are the name being typed), so only arrows and page keys get here to scroll.
    else body.scroll(actionFor(chord, 'confirm'));
    return chord !== 'ctrl+c';
  });
  const overwrites =
    overwriteCount === undefined
      ? 'Its permission overwrites in every guild are deleted with it, permanently.'
      : `Its ${overwriteCount} permission overwrite${overwriteCount === 1 ? '' : 's'} in this guild ${overwriteCount === 1 ? 'is' : 'are'} deleted with it, permanently.`;
  return (
    <DialogFrame
      title={`Delete ${command.name} from ${scopeLabel}?`}
      borderColor={theme.status.error}
      body={body}
      footer="type-to-confirm"
      bottom={
        <>
          <Text>
            {'> '}
            <TextField
              value={typed}
              onChange={(value) => {
                setTyped(value);
                setMismatch(false);
              }}
              focused
              inOverlay
            />
          </Text>
          {mismatch ? <Text color={theme.status.error}>That is not the name: type “{command.name}” exactly (or esc to keep it).</Text> : null}
        </>
      }
    >
      <Text>{overwrites}</Text>
      <Text color={theme.text.secondary}>The scope's commands and overwrites are saved to a backup file first.</Text>
      <Text>
        Type <Text bold>{command.name}</Text> and press enter to delete; esc cancels.
      </Text>
    </DialogFrame>
  );
}
