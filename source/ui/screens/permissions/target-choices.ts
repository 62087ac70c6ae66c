/**
 * What the add-overwrite picker offers for what was typed: the targets filterTargets matches (names,
 * kinds, id prefixes, a bare user id), led by an exact `role:ID` / `channel:ID` / `user:ID` /
 * `everyone` / `all-channels` spelling when the text is one, and followed by the members Discord's
 * member search found for it (they match by username or nickname, which the label may not show).
 * Targets already in the list are marked.
 */
import { PermissionType, type Member, type PermissionOverwrite } from '../../../discord/model.js';
import {
  describeTarget,
  filterTargets,
  parseTargetSpec,
  pickerTargets,
  sameTarget,
  withMembers,
  type GuildDirectory,
  type OverwriteTarget,
  type TargetRef,
} from '../../../discord/overwrite-targets.js';

export interface TargetChoice {
  target: OverwriteTarget;
  inList: boolean;
  /** The member behind a user target, when the search found them (so picking names them at once). */
  member?: Member;
}

export function targetChoices(directory: GuildDirectory, query: string, list: readonly PermissionOverwrite[], found: readonly Member[] = []): TargetChoice[] {
  const known = withMembers(directory, found);
  const spelled = parseTargetSpec(query, directory.guildId);
  const typed = spelled.ok ? [describeTarget(spelled.target, known)] : [];
  const searched = found.flatMap((m) => (m.user ? [describeTarget({ id: m.user.id, type: PermissionType.User }, known)] : []));
  const matched = [...filterTargets(pickerTargets(known), query), ...searched];
  const targets = [...typed, ...matched].filter((t, index, all) => all.findIndex((other) => sameTarget(other, t)) === index);
  return targets.map((target) => {
    const member = target.kind === 'user' ? found.find((m) => m.user?.id === target.id) : undefined;
    return { target, inList: list.some((o) => sameTarget(o, target)), ...(member ? { member } : {}) };
  });
}

/** Stable key of a target for lists and pickers. */
export function targetKey(target: TargetRef): string {
  return `${target.type}:${target.id}`;
}
