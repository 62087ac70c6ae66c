/**
 * What the add-overwrite picker offers for what was typed: the targets filterTargets matches (names,
 * kinds, id prefixes, a bare user id), led by an exact `role:ID` / `channel:ID` / `user:ID` /
 * `everyone` / `all-channels` spelling when the text is one. Targets already in the list are marked.
 */
import type { PermissionOverwrite } from '../../../discord/model.js';
import { describeTarget, filterTargets, parseTargetSpec, pickerTargets, sameTarget, type GuildDirectory, type OverwriteTarget, type TargetRef } from '../../../discord/overwrite-targets.js';

export interface TargetChoice {
  target: OverwriteTarget;
  inList: boolean;
}

export function targetChoices(directory: GuildDirectory, query: string, list: readonly PermissionOverwrite[]): TargetChoice[] {
  const spelled = parseTargetSpec(query, directory.guildId);
  const typed = spelled.ok ? [describeTarget(spelled.target, directory)] : [];
  const matched = filterTargets(pickerTargets(directory), query).filter((t) => !typed.some((s) => sameTarget(s, t)));
  return [...typed, ...matched].map((target) => ({ target, inList: list.some((o) => sameTarget(o, target)) }));
}

/** Stable key of a target for lists and pickers. */
export function targetKey(target: TargetRef): string {
  return `${target.type}:${target.id}`;
}
