/**
 * Editing a command's (or the app-level entry's) overwrite list before the single PUT that replaces it:
 * allow / deny a target (adding it, or flipping an existing entry), remove a target, and Discord's
 * limit of 100 overwrites per command per guild (service-interface "Limits"), refused on the 101st.
 * Pure and order-preserving, so the UI can apply one keypress at a time and the CLI a batch.
 */
import { LIMITS, type PermissionOverwrite } from './model.js';
import { sameTarget, type TargetRef } from './overwrite-targets.js';

/** A target, optionally with the label to use in messages (`@Moderators` reads better than an id). */
export type EditTarget = TargetRef & { label?: string };

export type OverwriteEdit =
  | { action: 'set'; target: EditTarget; permission: boolean }
  | { action: 'remove'; target: EditTarget };

export type EditOutcome =
  | { ok: true; overwrites: PermissionOverwrite[] }
  | { ok: false; reason: 'limit' | 'absent'; message: string; target: TargetRef };

/** Sets a target to allow (`true`) or deny (`false`): replaces an entry in place, or appends one if room is left. */
export function setOverwrite(list: readonly PermissionOverwrite[], target: EditTarget, permission: boolean): EditOutcome {
  const index = list.findIndex((o) => sameTarget(o, target));
  if (index >= 0) {
    return { ok: true, overwrites: list.map((o, i) => (i === index ? { id: o.id, type: o.type, permission } : o)) };
  }
  if (list.length >= LIMITS.overwritesPerCommand) {
    return {
      ok: false,
      reason: 'limit',
      target,
      message:
        `Cannot add ${nameOf(target)}: the list already holds ${list.length} overwrites and Discord allows ` +
        `${LIMITS.overwritesPerCommand} per command in a guild. Remove one first, or use a role that covers several users.`,
    };
  }
  return { ok: true, overwrites: [...list, { id: target.id, type: target.type, permission }] };
}

export function removeOverwrite(list: readonly PermissionOverwrite[], target: EditTarget): EditOutcome {
  if (!list.some((o) => sameTarget(o, target))) {
    return { ok: false, reason: 'absent', target, message: `Nothing to remove: ${nameOf(target)} has no overwrite in this list.` };
  }
  return { ok: true, overwrites: list.filter((o) => !sameTarget(o, target)) };
}

/** Flips allow ↔ deny for a target already in the list (the TUI's toggle key). */
export function toggleOverwrite(list: readonly PermissionOverwrite[], target: EditTarget): EditOutcome {
  const current = list.find((o) => sameTarget(o, target));
  if (!current) return { ok: false, reason: 'absent', target, message: `Nothing to toggle: ${nameOf(target)} has no overwrite in this list.` };
  return setOverwrite(list, target, !current.permission);
}

/**
 * Applies edits in order; removals are applied first so that a batch which frees room can also add.
 * Removing a target that has no overwrite is already done: it is skipped and said (`skipped`), and the
 * rest of the batch goes through.
 */
export function applyOverwriteEdits(list: readonly PermissionOverwrite[], edits: readonly OverwriteEdit[]): EditOutcome & { skipped?: string[] } {
  const ordered = [...edits.filter((e) => e.action === 'remove'), ...edits.filter((e) => e.action === 'set')];
  let current: EditOutcome = { ok: true, overwrites: [...list] };
  const skipped: string[] = [];
  for (const edit of ordered) {
    if (!current.ok) break;
    const before: EditOutcome = current;
    current = edit.action === 'remove' ? removeOverwrite(current.overwrites, edit.target) : setOverwrite(current.overwrites, edit.target, edit.permission);
    if (!current.ok && current.reason === 'absent') {
      skipped.push(current.message);
      current = before;
    }
  }
  return current.ok ? { ...current, skipped } : current;
}

function nameOf(target: EditTarget): string {
  return target.label ?? target.id;
}

/** `n/100` for the counter. */
export function overwriteCount(list: readonly PermissionOverwrite[]): string {
  return `${list.length}/${LIMITS.overwritesPerCommand}`;
}
