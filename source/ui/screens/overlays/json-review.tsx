/**
 * The review after a $EDITOR edit: what changes, field by field, and the rename warning, before
 * sending. ctrl+c asks before it quits and drops the edit.
 */
import { useApp } from 'ink';
import { DialogLine } from '../../components/dialog-frame.js';
import { useState } from 'react';
import { diffFields } from '../../../discord/diff.js';
import { toBodyForm } from '../../../discord/normalize.js';
import type { Command, CommandDraft } from '../../../discord/model.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { FieldChanges } from '../../components/field-changes.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { isRename } from '../../../discord/command-patch.js';
import { useTheme } from '../../theme/theme-context.js';

export function JsonReview({ command, draft, onSave, onCancel }: { command: Command; draft: CommandDraft; onSave: () => void; onCancel: () => void }) {
  const theme = useTheme();
  const { exit } = useApp();
  const [quitting, setQuitting] = useState(false);
  useUnsavedQuitGuard(true, () => setQuitting(true), !quitting);
  const changes = diffFields(toBodyForm(command), toBodyForm(draft));
  if (quitting) {
    return (
      <ConfirmDialog key="quit" title="Discard unsaved changes and quit?" confirmLabel="Discard and quit" onConfirm={exit} onCancel={() => setQuitting(false)}>
        <DialogLine text={`The edit of ${command.name} from $EDITOR has not been sent to Discord. ctrl+c again quits.`} />
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog title={`Save these changes to ${command.name}?`} confirmLabel="Save" danger onConfirm={onSave} onCancel={onCancel}>
      <FieldChanges changes={changes} />
      {isRename(command, draft) ? (
        <DialogLine color={theme.status.warning} text="Renaming permanently deletes this command's permission overwrites in every guild." />
      ) : null}
    </ConfirmDialog>
  );
}
