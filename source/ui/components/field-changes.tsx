/** What a save changes, field by field (`description: "Old" → "New"`): the review before an edit is sent, from the editor or $EDITOR. */
import { Text } from './text.js';
import type { FieldChange } from '../../discord/diff.js';
import { useTheme } from '../theme/theme-context.js';

function shown(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

export function FieldChanges({ changes }: { changes: readonly FieldChange[] }) {
  const theme = useTheme();
  return (
    <>
      {changes.map((change) => (
        <Text key={change.path} wrap="wrap">
          <Text color={theme.text.accent}>{change.path}</Text>: {shown(change.before)} → {shown(change.after)}
        </Text>
      ))}
    </>
  );
}
