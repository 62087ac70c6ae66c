/**
 * What a save changes, field by field (`description: "Old" → "New"`): the review before an edit is
 * sent, from the editor or $EDITOR. An option or choice added or removed whole is named as the editor
 * names it (`removed option "file" (ATTACHMENT): The screenshot`), not shown as its JSON.
 */
import { DialogLine } from './dialog-frame.js';
import type { FieldChange } from '../../discord/diff.js';
import { OPTION_TYPE_NAMES } from '../../discord/model.js';
import { useTheme } from '../theme/theme-context.js';

/** An option (`{type, name}`) or a choice (`{name, value}`) as one phrase; undefined for anything else. */
function itemPhrase(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const item = value as { type?: unknown; name?: unknown; description?: unknown; value?: unknown; options?: unknown; choices?: unknown };
  if (typeof item.name !== 'string') return undefined;
  if (typeof item.type === 'number') {
    const inner = [Array.isArray(item.options) && item.options.length > 0 ? `${item.options.length} options` : '', Array.isArray(item.choices) && item.choices.length > 0 ? `${item.choices.length} choices` : ''].filter(Boolean);
    const description = typeof item.description === 'string' && item.description ? `: ${item.description}` : '';
    return `option "${item.name}" (${OPTION_TYPE_NAMES[item.type] ?? `type ${item.type}`}${inner.length > 0 ? `, ${inner.join(', ')}` : ''})${description}`;
  }
  if ('value' in item) return `choice "${item.name}" = ${JSON.stringify(item.value)}`;
  return undefined;
}

function shown(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

/** `removed option "file" (ATTACHMENT)`, `added choice "Rock" = "rock"`, else `before → after`. */
export function changeText(change: FieldChange): string {
  const removed = change.after === undefined ? itemPhrase(change.before) : undefined;
  if (removed) return `removed ${removed}`;
  const added = change.before === undefined ? itemPhrase(change.after) : undefined;
  if (added) return `added ${added}`;
  return `${shown(change.before)} → ${shown(change.after)}`;
}

export function FieldChanges({ changes }: { changes: readonly FieldChange[] }) {
  const theme = useTheme();
  return (
    <>
      {changes.map((change) => (
        <DialogLine key={change.path} text={[{ text: change.path, color: theme.text.accent }, `: ${changeText(change)}`]} />
      ))}
    </>
  );
}
