/**
 * What a PUT of a new overwrite list would change compared with the current one, for the preview
 * shown before anything is sent: targets added, removed, and flipped between allow and deny.
 * Order of the list does not matter to Discord, so a reordering alone is no change.
 */
import type { PermissionOverwrite } from './model.js';
import { describeTarget, sameTarget, targetPhrase, type GuildDirectory, type OverwriteTarget } from './overwrite-targets.js';

export type OverwriteChange =
  | { kind: 'added'; target: OverwriteTarget; permission: boolean }
  | { kind: 'removed'; target: OverwriteTarget; permission: boolean }
  | { kind: 'flipped'; target: OverwriteTarget; from: boolean; to: boolean };

export function diffOverwrites(
  before: readonly PermissionOverwrite[],
  after: readonly PermissionOverwrite[],
  directory: GuildDirectory,
): OverwriteChange[] {
  const changes: OverwriteChange[] = [];
  for (const old of before) {
    const next = after.find((o) => sameTarget(o, old));
    if (!next) changes.push({ kind: 'removed', target: describeTarget(old, directory), permission: old.permission });
    else if (next.permission !== old.permission) {
      changes.push({ kind: 'flipped', target: describeTarget(old, directory), from: old.permission, to: next.permission });
    }
  }
  for (const next of after) {
    if (!before.some((o) => sameTarget(o, next))) {
      changes.push({ kind: 'added', target: describeTarget(next, directory), permission: next.permission });
    }
  }
  return changes;
}

/**
 * Those of `changes` (what a save meant to do) that the list as read back no longer shows: what a
 * writer elsewhere undid with a save of its own. That writer's other edits are its own, not a loss.
 */
export function changesUndone(changes: readonly OverwriteChange[], now: readonly PermissionOverwrite[]): OverwriteChange[] {
  return changes.filter((change) => {
    const current = now.find((overwrite) => sameTarget(overwrite, change.target));
    if (change.kind === 'removed') return current !== undefined;
    return current?.permission !== (change.kind === 'added' ? change.permission : change.to);
  });
}

export function allowDeny(permission: boolean): 'allow' | 'deny' {
  return permission ? 'allow' : 'deny';
}

/** One line per change: `+ allow role @Moderators`, `- deny channel #reports`, `~ @everyone: allow → deny`. */
export function describeChange(change: OverwriteChange): string {
  const what = targetPhrase(change.target);
  switch (change.kind) {
    case 'added':
      return `+ ${allowDeny(change.permission)} ${what}`;
    case 'removed':
      return `- ${allowDeny(change.permission)} ${what}`;
    case 'flipped':
      return `~ ${what}: ${allowDeny(change.from)} → ${allowDeny(change.to)}`;
  }
}

/** `2 added, 1 removed, 1 flipped` or `no change`. */
export function summarizeChanges(changes: readonly OverwriteChange[]): string {
  const count = (kind: OverwriteChange['kind']) => changes.filter((c) => c.kind === kind).length;
  const parts = (['added', 'removed', 'flipped'] as const).filter((k) => count(k) > 0).map((k) => `${count(k)} ${k}`);
  return parts.length === 0 ? 'no change' : parts.join(', ');
}
