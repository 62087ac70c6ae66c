/**
 * The PATCH body for an edit: only the top-level fields that changed (PATCH replaces each field it is
 * given). A field that was cleared is sent as its "nothing" value so the server drops it.
 */
import { changedFields, diffFields } from './diff.js';
import { toBodyForm } from './normalize.js';
import type { CommandDraft } from './model.js';

const CLEARED: Record<string, unknown> = {
  options: [],
  name_localizations: null,
  description_localizations: null,
  default_member_permissions: null,
  nsfw: false,
};

export function patchFor(original: unknown, draft: CommandDraft): Partial<CommandDraft> {
  const before = toBodyForm(original);
  const after = toBodyForm(draft);
  const patch: Record<string, unknown> = {};
  for (const field of changedFields(diffFields(before, after))) {
    if (field === 'type') continue; // a command's type cannot change
    patch[field] = field in after ? after[field] : CLEARED[field];
  }
  return patch as Partial<CommandDraft>;
}

/** True when the edit renames the command, which permanently drops its permission overwrites. */
export function isRename(original: { name: string }, draft: { name?: unknown }): boolean {
  return typeof draft.name === 'string' && draft.name !== original.name;
}
