/**
 * "Check a member": one member's answer in every channel (or one), each with its reason — what
 * `cmd-tui perms who --user` prints and the permissions screen's check-a-member prompt shows.
 * Pure: the caller puts the member (and the guild's owner) in the directory first.
 */
import { accessColumns, evaluateMemberAccess, memberSubject, type AccessDecision, type CommandAccessInput } from './effective-access.js';
import { PermissionType } from './model.js';
import { describeTarget, type OverwriteTarget } from './overwrite-targets.js';

export interface MemberAccessAnswer {
  who: OverwriteTarget;
  /** When the member's running timeout ends; absent when there is none. */
  timedOutUntil?: string;
  answers: { place: OverwriteTarget; decision: AccessDecision }[];
}

export function checkMember(input: CommandAccessInput, userId: string, now: number, channelId?: string): MemberAccessAnswer {
  const { directory } = input;
  const subject = memberSubject(directory, userId, now);
  const places =
    channelId === undefined ? accessColumns(input).map((c) => c.target) : [describeTarget({ id: channelId, type: PermissionType.Channel }, directory)];
  return {
    who: describeTarget({ id: userId, type: PermissionType.User }, directory),
    ...(subject.timedOutUntil ? { timedOutUntil: subject.timedOutUntil } : {}),
    answers: places.map((place) => ({ place, decision: evaluateMemberAccess(input, subject, { channelId: place.id }) })),
  };
}

/**
 * Why this member would not see the command in that channel — Discord's picker hides it there — in the
 * words the emulator's try route and the TUI's Try screen both use; undefined when they would see it.
 */
export function hiddenCommandReason(input: CommandAccessInput, userId: string, channelId: string, now: number): string | undefined {
  const answer = checkMember(input, userId, now, channelId);
  const { place, decision } = answer.answers[0]!;
  return decision.allowed ? undefined : `${answer.who.label} would not see /${input.command.name} in ${place.label}: ${decision.reason}`;
}
