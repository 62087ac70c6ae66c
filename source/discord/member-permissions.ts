/**
 * A member's Discord permissions in the guild and in one channel, computed the platform's way
 * (topics/permissions "Permission Overwrites"): @everyone role | the member's roles; ADMINISTRATOR
 * means everything; then the channel's @everyone overwrite, the member's role overwrites combined
 * (all denies, then all allows), and finally the member's own overwrite. default_member_permissions
 * is checked against this "current channel context" value (see docs/permissions-precedence.md).
 */
import { LIMITS, type Channel, type Role } from './model.js';
import { hasPermission } from './permission-flags.js';

/** Channel permission-overwrite types (not the command-permission types): 0 role, 1 member. */
const CHANNEL_OVERWRITE_ROLE = 0;
const CHANNEL_OVERWRITE_MEMBER = 1;

export const ALL_PERMISSIONS = LIMITS.maxPermissionBits;

export interface MemberIdentity {
  /** Absent for a hypothetical member who holds only the given roles (matrix rows). */
  userId?: string;
  /** Role ids the member holds, without the @everyone role (the guild id). */
  roleIds: readonly string[];
}

export function guildPermissions(member: MemberIdentity, roles: readonly Role[], guildId: string): bigint {
  let bits = 0n;
  for (const role of roles) {
    if (role.id === guildId || member.roleIds.includes(role.id)) bits |= BigInt(role.permissions);
  }
  return hasPermission(bits, 'ADMINISTRATOR') ? ALL_PERMISSIONS : bits;
}

/** Permissions in a channel; for a thread pass its parent channel, whose overwrites threads inherit. */
export function channelPermissions(
  member: MemberIdentity,
  roles: readonly Role[],
  guildId: string,
  channel: Channel | undefined,
): bigint {
  let bits = guildPermissions(member, roles, guildId);
  // Administrators are not subject to channel overwrites.
  if (hasPermission(bits, 'ADMINISTRATOR') || !channel?.permission_overwrites) return bits;
  const overwrites = channel.permission_overwrites;
  const everyone = overwrites.find((o) => o.type === CHANNEL_OVERWRITE_ROLE && o.id === guildId);
  if (everyone) bits = (bits & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
  let deny = 0n;
  let allow = 0n;
  for (const o of overwrites) {
    if (o.type === CHANNEL_OVERWRITE_ROLE && member.roleIds.includes(o.id)) {
      deny |= BigInt(o.deny);
      allow |= BigInt(o.allow);
    }
  }
  bits = (bits & ~deny) | allow;
  const own = overwrites.find((o) => o.type === CHANNEL_OVERWRITE_MEMBER && o.id === member.userId);
  if (own) bits = (bits & ~BigInt(own.deny)) | BigInt(own.allow);
  return bits;
}

/**
 * When a member's timeout ends, if it is still running at `now`: `communication_disabled_until` in
 * the future (null, absent, a past or an unreadable time mean no timeout).
 */
export function activeTimeout(member: { communication_disabled_until?: string | null }, now: number): string | undefined {
  const until = member.communication_disabled_until;
  if (!until) return undefined;
  const ends = Date.parse(until);
  // The time as parsed, not the server's text (Date.parse takes comments in parentheses).
  return Number.isFinite(ends) && ends > now ? new Date(ends).toISOString() : undefined;
}
