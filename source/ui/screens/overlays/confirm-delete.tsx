/**
 * Deleting a command: confirmed by typing its name. Says what goes with it (its permission
 * overwrites, permanently) and that a backup of the scope is written first.
 */
import { DialogLine } from '../../components/dialog-frame.js';
import type { Command } from '../../../discord/model.js';
import { TypeToConfirm } from '../../components/type-to-confirm.js';
import { useTheme } from '../../theme/theme-context.js';
import { plural } from '../../../terminal/plural.js';

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
  const overwrites =
    overwriteCount === undefined
      ? 'Its permission overwrites in every guild are deleted with it, permanently.'
      : `Its ${plural(overwriteCount, 'permission overwrite')} in this guild ${overwriteCount === 1 ? 'is' : 'are'} deleted with it, permanently.`;
  return (
    <TypeToConfirm title={`Delete ${command.name} from ${scopeLabel}?`} expected={command.name} mismatch="That is not the name" action="delete" onConfirm={onConfirm} onCancel={onCancel}>
      <DialogLine text={overwrites} />
      <DialogLine color={theme.text.secondary} text="The scope's commands and overwrites are saved to a backup file first." />
    </TypeToConfirm>
  );
}
