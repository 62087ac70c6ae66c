/**
 * What opens over the editor's fields, from its state alone: the review before a save (what changes,
 * its warnings), and the question before discarding unsaved edits (on esc, or quitting on ctrl+c).
 */
import { useApp } from 'ink';
import type { FieldChange } from '../../../discord/diff.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { FieldChanges } from '../../components/field-changes.js';
import { useTheme } from '../../theme/theme-context.js';

export function ConfirmSave({ title, creating, changes, warnings, onConfirm, onCancel }: { title: string; creating: boolean; changes: FieldChange[]; warnings: string[]; onConfirm: () => void; onCancel: () => void }) {
  const theme = useTheme();
  return (
    <ConfirmDialog title={title} confirmLabel={creating ? 'Create' : 'Save'} danger onConfirm={onConfirm} onCancel={onCancel}>
      <FieldChanges changes={changes} />
      {warnings.map((warning) => (
        <DialogLine key={warning} color={theme.status.warning} text={`! ${warning}`} />
      ))}
    </ConfirmDialog>
  );
}

/** `outcomeUnknown`: the last save's answer was lost, so discarding must not claim Discord has none of the changes. */
export function ConfirmDiscard({ then, outcomeUnknown, onLeave, onCancel }: { then: 'back' | 'quit'; outcomeUnknown: boolean; onLeave: () => void; onCancel: () => void }) {
  const { exit } = useApp();
  return (
    <ConfirmDialog
      key={then}
      title={then === 'quit' ? 'Discard unsaved changes and quit?' : 'Discard your unsaved changes?'}
      confirmLabel={then === 'quit' ? 'Discard and quit' : 'Discard'}
      onConfirm={then === 'quit' ? exit : onLeave}
      onCancel={onCancel}
    >
      <DialogLine text={`${outcomeUnknown ? 'Whether your last save reached Discord is unknown (see the message); discarding drops only your edits here.' : 'Discord has none of these changes.'}${then === 'quit' ? ' ctrl+c again quits.' : ''}`} />
    </ConfirmDialog>
  );
}
