/**
 * The longest value a text field of the editor may hold, in characters (code points) as Discord
 * counts them, for the whole-text view's live count: names 32, descriptions, choice names and string
 * choice values 100, a translation as its field. Numbers and lists have none. Pure.
 */
import { LIMITS } from '../../../discord/model.js';
import type { EditorField } from './editor-fields.js';

export function textLimit(field: EditorField, choiceStringMaxLength: number = LIMITS.choiceStringValueLength): number | undefined {
  const kind = field.edit.kind;
  if (kind === 'choice-value') return field.edit.numeric ? undefined : choiceStringMaxLength;
  if (kind !== 'text') return undefined;
  // A translation has its field's limit: `options[0].name_localizations.fr` counts as `options[0].name`.
  const base = field.path.replace(/_localizations\.[^.]+$/, '');
  if (base.endsWith('description')) return LIMITS.descriptionLength.max;
  if (/\.choices\[\d+\]\.name$/.test(base)) return LIMITS.choiceNameLength.max;
  return LIMITS.nameLength.max;
}
