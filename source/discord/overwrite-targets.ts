/**
 * Who or what a command-permission overwrite points at, in words: `@Moderators`, `#reports`, `@alice`,
 * the constants `@everyone` (id = guild id) and `All channels` (id = guild id − 1), and the honest
 * fallbacks `hidden channel <id>` (the bot cannot view it, so the channel list omits it) and
 * `deleted role <id>`. Also the picker's list of targets and the `role:ID`-style CLI spelling.
 * Pure: callers fetch roles, channels and members and pass them in.
 */
import {
  allChannelsId,
  everyoneId,
  PermissionType,
  type Channel,
  type Member,
  type PermissionOverwrite,
  type PermissionTypeValue,
  type Role,
} from './model.js';

/** What the guild looks like to the app: enough to name every overwrite target. */
export interface GuildDirectory {
  guildId: string;
  roles: readonly Role[];
  /** As listed by the API: channels the bot cannot view are absent. */
  channels: readonly Channel[];
  /** Members we know about (the signed-in user, members fetched by id); users not here are shown by id. */
  members?: readonly Member[];
  /** The guild's owner (from GET /guilds/{id}), who can always use commands; absent when it could not be read. */
  ownerId?: string;
  /** The guild's name (from the same read), for headings beside its id; absent when it could not be read. */
  guildName?: string;
  /**
   * Lists that could not be read (they need a bot token): their targets are shown by id as
   * `role <id>` / `channel <id>` instead of being called deleted or hidden.
   */
  unread?: ReadonlyArray<'roles' | 'channels'>;
}

export type TargetKind = 'everyone' | 'all-channels' | 'role' | 'user' | 'channel';

/** Why a target could not be named from the directory. */
export type TargetStatus = 'known' | 'hidden-channel' | 'deleted-role' | 'unknown-user' | 'unresolved';

export interface OverwriteTarget {
  id: string;
  type: PermissionTypeValue;
  kind: TargetKind;
  /** What a person reads: `@Moderators`, `#reports`, `All channels`, `hidden channel 123`. */
  label: string;
  status: TargetStatus;
}

export const PERMISSION_TYPE_NAMES: Record<PermissionTypeValue, 'role' | 'user' | 'channel'> = {
  [PermissionType.Role]: 'role',
  [PermissionType.User]: 'user',
  [PermissionType.Channel]: 'channel',
};

/** The id/type pair that identifies an overwrite's target (the `permission` flag aside). */
export type TargetRef = Pick<PermissionOverwrite, 'id' | 'type'>;

export function sameTarget(a: TargetRef, b: TargetRef): boolean {
  return a.id === b.id && a.type === b.type;
}

export function describeTarget(ref: TargetRef, directory: GuildDirectory): OverwriteTarget {
  const type = ref.type as PermissionTypeValue;
  const base = { id: ref.id, type };
  if (type === PermissionType.Role) {
    if (ref.id === everyoneId(directory.guildId)) return { ...base, kind: 'everyone', label: '@everyone', status: 'known' };
    const role = directory.roles.find((r) => r.id === ref.id);
    if (!role && directory.unread?.includes('roles')) return { ...base, kind: 'role', label: `role ${ref.id}`, status: 'unresolved' };
    return role
      ? { ...base, kind: 'role', label: `@${role.name}`, status: 'known' }
      : { ...base, kind: 'role', label: `deleted role ${ref.id}`, status: 'deleted-role' };
  }
  if (type === PermissionType.Channel) {
    if (ref.id === allChannelsId(directory.guildId)) return { ...base, kind: 'all-channels', label: 'All channels', status: 'known' };
    const channel = directory.channels.find((c) => c.id === ref.id);
    if (!channel && directory.unread?.includes('channels')) return { ...base, kind: 'channel', label: `channel ${ref.id}`, status: 'unresolved' };
    // Absent from the list means the bot lacks VIEW_CHANNEL there (service-interface "Other resource facts").
    return channel
      ? { ...base, kind: 'channel', label: `#${channel.name ?? ref.id}`, status: 'known' }
      : { ...base, kind: 'channel', label: `hidden channel ${ref.id}`, status: 'hidden-channel' };
  }
  const member = directory.members?.find((m) => m.user?.id === ref.id);
  return member?.user
    ? { ...base, kind: 'user', label: `@${memberDisplayName(member)}`, status: 'known' }
    : { ...base, kind: 'user', label: `user ${ref.id}`, status: 'unknown-user' };
}

/** The directory with these members known too (a member already there is replaced by the fresher copy). */
export function withMembers(directory: GuildDirectory, members: readonly Member[]): GuildDirectory {
  if (members.length === 0) return directory;
  const ids = new Set(members.map((m) => m.user?.id));
  return { ...directory, members: [...(directory.members ?? []).filter((m) => !ids.has(m.user?.id)), ...members] };
}

/**
 * Why a new overwrite should not be added for this target, if there is a reason: a role id the guild
 * does not have is a typo (an existing overwrite for it is a deleted role, and removing it is fine).
 * Channels absent from the list may be hidden from the bot, and users are added by id, so both pass.
 */
export function newTargetProblem(ref: TargetRef, directory: GuildDirectory): string | undefined {
  if (describeTarget(ref, directory).status !== 'deleted-role') return undefined;
  return `${ref.id} is not a role of this guild: check the id (roles are named in \`cmd-tui perms who\` and the TUI's picker).`;
}

/**
 * The target in a sentence: `role @Moderators`, `channel #reports`, `user @alice`; the constants and
 * unnamed targets (`@everyone`, `All channels`, `hidden channel 123`, `user 456`) say what they are already.
 */
export function targetPhrase(target: OverwriteTarget): string {
  if (target.kind === 'everyone' || target.kind === 'all-channels' || target.status !== 'known') return target.label;
  return `${target.kind} ${target.label}`;
}

function memberDisplayName(member: Member): string {
  return member.nick ?? member.user?.global_name ?? member.user?.username ?? 'unknown';
}

/**
 * Everything the picker can offer, constants first, then roles (highest first), channels, known users.
 * `@everyone` appears once, as the constant, not again as a role.
 */
export function pickerTargets(directory: GuildDirectory): OverwriteTarget[] {
  const { guildId } = directory;
  const refs: TargetRef[] = [
    { id: everyoneId(guildId), type: PermissionType.Role },
    { id: allChannelsId(guildId), type: PermissionType.Channel },
    ...[...directory.roles]
      .filter((role) => role.id !== everyoneId(guildId))
      .sort((a, b) => b.position - a.position)
      .map((role) => ({ id: role.id, type: PermissionType.Role })),
    ...[...directory.channels]
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((channel) => ({ id: channel.id, type: PermissionType.Channel })),
    ...(directory.members ?? [])
      .flatMap((member) => (member.user ? [{ id: member.user.id, type: PermissionType.User }] : [])),
  ];
  return refs.map((ref) => describeTarget(ref, directory));
}

/**
 * The picker's filter: case-insensitive match on the label or the kind, or an id prefix, so typing
 * `mod`, `#rep`, `channel` or `1234` narrows the list. A bare snowflake that matches nothing is still
 * offered as a user id, because members are not listed and users are added by id.
 */
export function filterTargets(targets: readonly OverwriteTarget[], query: string): OverwriteTarget[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...targets];
  const matches = targets.filter(
    (t) => t.label.toLowerCase().includes(needle) || t.kind.startsWith(needle) || t.id.startsWith(needle),
  );
  if (matches.length === 0 && /^\d{15,20}$/.test(needle)) {
    matches.push({ id: needle, type: PermissionType.User, kind: 'user', label: `user ${needle}`, status: 'unknown-user' });
  }
  return matches;
}

/** The CLI spelling of a target: `role:ID`, `user:ID`, `channel:ID`, `everyone`, `all-channels`. */
export const TARGET_SPEC_HELP = 'role:ID, user:ID, channel:ID, everyone or all-channels';

export type ParsedTarget = { ok: true; target: TargetRef } | { ok: false; message: string };

export function parseTargetSpec(spec: string, guildId: string): ParsedTarget {
  const text = spec.trim().toLowerCase();
  if (text === 'everyone' || text === '@everyone') return { ok: true, target: { id: everyoneId(guildId), type: PermissionType.Role } };
  if (text === 'all-channels') return { ok: true, target: { id: allChannelsId(guildId), type: PermissionType.Channel } };
  const match = /^(role|user|channel):(\d{1,20})$/.exec(text);
  if (!match) return { ok: false, message: `"${spec}" is not a target; write ${TARGET_SPEC_HELP}.` };
  const [, kind, id] = match as unknown as [string, 'role' | 'user' | 'channel', string];
  const type = kind === 'role' ? PermissionType.Role : kind === 'user' ? PermissionType.User : PermissionType.Channel;
  return { ok: true, target: { id, type } };
}
