/**
 * What a user or the bot may do in a seeded guild, using the shared permission arithmetic
 * (source/discord/member-permissions.ts); the guild owner holds every permission.
 */
import type { Channel } from '../discord/model.js';
import { ALL_PERMISSIONS, channelPermissions, guildPermissions } from '../discord/member-permissions.js';
import { hasPermission } from '../discord/permission-flags.js';
import type { ChannelRecord, GuildRecord } from './state.js';

export function memberGuildPermissions(guild: GuildRecord, userId: string): bigint {
  const member = guild.members[userId];
  if (!member) return 0n;
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  return guildPermissions({ userId, roleIds: member.roles }, guild.roles, guild.id);
}

export function canViewChannel(guild: GuildRecord, userId: string, channel: ChannelRecord): boolean {
  const member = guild.members[userId];
  if (!member) return false;
  if (guild.ownerId === userId) return true;
  const bits = channelPermissions({ userId, roleIds: member.roles }, guild.roles, guild.id, channel as Channel);
  return hasPermission(bits, 'VIEW_CHANNEL');
}

/** Editing command permissions needs MANAGE_GUILD and MANAGE_ROLES (facts §3). */
export function canManageCommandPermissions(guild: GuildRecord, userId: string): boolean {
  const bits = memberGuildPermissions(guild, userId);
  return hasPermission(bits, 'MANAGE_GUILD') && hasPermission(bits, 'MANAGE_ROLES');
}

/**
 * Whether the user may manage a role: below their highest role, as Discord's role hierarchy has it
 * (DOCS/PERM "Permission Hierarchy"); the owner manages every role. Command permission PUTs need this
 * for each role whose overwrite they change (DOCS/AC "Permissions": the user must be able to manage
 * the affected roles).
 */
export function canManageRole(guild: GuildRecord, userId: string, roleId: string): boolean {
  if (guild.ownerId === userId) return true;
  const role = guild.roles.find((candidate) => candidate.id === roleId);
  if (!role) return true;
  const held = guild.members[userId]?.roles ?? [];
  const highest = Math.max(0, ...guild.roles.filter((candidate) => held.includes(candidate.id)).map((candidate) => candidate.position));
  return role.position < highest;
}
