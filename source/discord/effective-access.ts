/**
 * "Who can use this?": whether a member may run a command in a channel, and why, following the
 * permissions-v2 logic Discord published (changelog 2022-11-17 "Upcoming Application Command
 * Permission Changes" and its flowchart; docs/permissions-precedence.md restates it with references):
 *   0. the guild owner and members with ADMINISTRATOR can always use commands; a timed-out member
 *      (communication_disabled_until in the future) cannot use any (topics/permissions
 *      "Permissions For Timed Out Members": they keep only VIEW_CHANNEL and READ_MESSAGE_HISTORY);
 *   1. anyone else needs VIEW_CHANNEL and USE_APPLICATION_COMMANDS in the channel;
 *   2. channels: the command's overwrite for this channel (a thread uses its parent's), else its
 *      `All channels` overwrite, else the same two on the app-level entry; a deny stops here;
 *   3. members: the command's user overwrite, else its role overwrites (any allow wins), else its
 *      @everyone overwrite; an answer here is final, even against default_member_permissions;
 *   4. without one, the same three on the app-level entry: a deny is final, an allow still needs
 *      step 5;
 *   5. default_member_permissions: null lets everyone in, "0" nobody, otherwise every listed bit
 *      must be held in the channel.
 * In a channel the bot cannot view, the channel's own permission overwrites are unknown: an answer
 * that depends on the member's permissions there is marked uncertain, with the reason.
 * Pure; also builds the role (and user overwrite) × channel matrix for the permissions screen.
 */
import { activeTimeout, channelPermissions, type MemberIdentity } from './member-permissions.js';
import { allChannelsId, everyoneId, PermissionType, type Channel, type PermissionOverwrite } from './model.js';
import { hasPermission, PERMISSION_FLAGS, permissionNames } from './permission-flags.js';
import { describeTarget, targetPhrase, type GuildDirectory, type OverwriteTarget } from './overwrite-targets.js';

export interface CommandAccessInput {
  applicationId: string;
  command: { id: string; name: string; default_member_permissions: string | null };
  /** The command's own overwrites in this guild ([] when it has none: GET answers 10066). */
  commandOverwrites: readonly PermissionOverwrite[];
  /** The app-level entry's overwrites (the entry whose id is the application id; [] when absent). */
  appOverwrites: readonly PermissionOverwrite[];
  /** Names roles, channels and users in the reasons; its guildId gives the two constants. */
  directory: GuildDirectory;
}

export interface AccessSubject extends MemberIdentity {
  /** The member's permissions in the channel (see member-permissions.ts). */
  permissions: bigint;
  isOwner?: boolean;
  /** Set while the member is timed out: when it ends (see activeTimeout). */
  timedOutUntil?: string;
  /** Why the member's roles are not known (they could not be read), if so: every answer but the owner's is then uncertain. */
  rolesUnknown?: string;
}

export interface AccessPlace {
  channelId: string;
  /** Set when channelId is a thread: channel overwrites on the parent apply to it. */
  parentId?: string;
}

export type AccessLevel = 'command' | 'app';
export type AccessStage = 'owner' | 'administrator' | 'timed-out' | 'channel-access' | 'channel' | 'member' | 'default-member-permissions';

export interface DecidingOverwrite {
  level: AccessLevel;
  target: OverwriteTarget;
  permission: boolean;
}

export interface AccessDecision {
  allowed: boolean;
  /** One line for a person: `denied: channel #reports overwrite on the command`. */
  reason: string;
  /** Why the answer may be wrong (the bot cannot see the channel); absent when it is certain. */
  uncertain?: string;
  /** Which step of the precedence decided. */
  stage: AccessStage;
  /** The overwrites that decided (several when role overwrites combine). */
  decidedBy: DecidingOverwrite[];
  /** Every step taken, in order, for an "explain" view. */
  trail: string[];
}

const LEVEL_WORDS: Record<AccessLevel, string> = { command: 'on the command', app: 'on the app' };

export function evaluateAccess(input: CommandAccessInput, subject: AccessSubject, place: AccessPlace): AccessDecision {
  const trail: string[] = [];
  const unseen = unseenChannel(input, place);
  const decide = (allowed: boolean, stage: AccessStage, reason: string, decidedBy: DecidingOverwrite[] = []): AccessDecision => {
    const doubts = [
      unseen !== undefined && !certainWithoutChannel(allowed, stage) ? unseen : undefined,
      // Unknown roles may hold ADMINISTRATOR, or allow what a deny seemed to settle.
      stage !== 'owner' ? subject.rolesUnknown : undefined,
    ].filter((doubt) => doubt !== undefined);
    const uncertain = doubts.length > 0 ? doubts.join('; ') : undefined;
    const line = `${allowed ? 'allowed' : 'denied'}${uncertain ? ' (uncertain)' : ''}: ${reason}${uncertain ? `; ${uncertain}` : ''}`;
    trail.push(line);
    return { allowed, reason: line, stage, decidedBy, trail, ...(uncertain ? { uncertain } : {}) };
  };

  if (subject.isOwner) return decide(true, 'owner', 'server owner (can always use commands)');
  if (hasPermission(subject.permissions, 'ADMINISTRATOR')) {
    return decide(true, 'administrator', 'has ADMINISTRATOR (administrators can always use commands)');
  }
  if (subject.timedOutUntil !== undefined) {
    return decide(false, 'timed-out', `timed out until ${subject.timedOutUntil} (a timed-out member cannot use commands; only the owner and administrators are exempt)`);
  }
  const lacking = CHANNEL_ACCESS & ~subject.permissions;
  if (lacking !== 0n) {
    return decide(false, 'channel-access', `lacks ${permissionNames(lacking).join(' + ')} in this channel (a role or channel permission, not a command overwrite)`);
  }

  const channelRule = channelOverwrite(input, place);
  if (channelRule) {
    if (!channelRule.permission) return decide(false, 'channel', `${phrase([channelRule])} overwrite ${LEVEL_WORDS[channelRule.level]}`, [channelRule]);
    trail.push(`channel step passed: ${phrase([channelRule])} allowed ${LEVEL_WORDS[channelRule.level]}`);
  } else {
    trail.push('channel step passed: no channel or All channels overwrite on the command or the app');
  }

  const commandRule = memberOverwrites(input.commandOverwrites, 'command', input, subject);
  if (commandRule) {
    return decide(commandRule.allowed, 'member', `${phrase(commandRule.by)} overwrite on the command`, commandRule.by);
  }
  trail.push('no user, role or @everyone overwrite on the command applies');

  const appRule = memberOverwrites(input.appOverwrites, 'app', input, subject);
  if (appRule && !appRule.allowed) return decide(false, 'member', `${phrase(appRule.by)} overwrite on the app`, appRule.by);
  if (appRule) trail.push(`${phrase(appRule.by)} allowed on the app; default_member_permissions still applies`);
  else trail.push('no user, role or @everyone overwrite on the app applies');

  const granted = appRule ? `${phrase(appRule.by)} overwrite on the app, and ` : '';
  const withheld = appRule ? `${phrase(appRule.by)} allowed on the app, but ` : '';
  const dmp = input.command.default_member_permissions;
  const by = appRule?.by ?? [];
  if (dmp === null) return decide(true, 'default-member-permissions', `${granted}no default_member_permissions restricts it`, by);
  const required = BigInt(dmp);
  if (required === 0n) {
    return decide(false, 'default-member-permissions', `${withheld}default_member_permissions is "0" (administrators only) and no overwrite grants it`, by);
  }
  const missing = required & ~subject.permissions;
  if (missing === 0n) return decide(true, 'default-member-permissions', `${granted}has ${permissionNames(required).join(' + ')} (default_member_permissions)`, by);
  return decide(
    false,
    'default-member-permissions',
    `${withheld}needs ${permissionNames(missing).join(' + ')} (default_member_permissions) and no overwrite grants it`,
    by,
  );
}

/**
 * Why the channel's own permission overwrites are unknown, if they are: the bot cannot view the
 * channel (the list omits it), or the channel list could not be read at all.
 */
function unseenChannel(input: CommandAccessInput, place: AccessPlace): string | undefined {
  const { directory } = input;
  if (directory.channels.some((c) => c.id === (place.parentId ?? place.channelId))) return undefined;
  const why = directory.unread?.includes('channels') ? 'the channels could not be read (that needs a bot token)' : 'the bot cannot see this channel';
  return `${why}, so its permission overwrites are unknown and this answer rests on server-wide permissions`;
}

/** Answers that hold whatever the channel's own permission overwrites say. */
function certainWithoutChannel(allowed: boolean, stage: AccessStage): boolean {
  if (stage === 'owner' || stage === 'administrator' || stage === 'timed-out') return true;
  // A command overwrite's deny stands even if the channel's permissions are generous.
  return !allowed && (stage === 'channel' || stage === 'member');
}

/** Without these in the channel a member cannot use any app's commands there (topics/permissions). */
const CHANNEL_ACCESS = PERMISSION_FLAGS.VIEW_CHANNEL | PERMISSION_FLAGS.USE_APPLICATION_COMMANDS;

/**
 * The same answer for a real member: their permissions in the channel are computed from the
 * directory's roles and the channel's (or, for a thread, its parent's) permission overwrites.
 */
export function evaluateMemberAccess(input: CommandAccessInput, member: MemberSubject, place: AccessPlace): AccessDecision {
  const { directory } = input;
  const channel = directory.channels.find((c) => c.id === (place.parentId ?? place.channelId));
  const permissions = channelPermissions(member, directory.roles, directory.guildId, channel);
  return evaluateAccess(input, { ...member, permissions }, place);
}

/** Step 2: the first channel configuration found, command level before app level. */
function channelOverwrite(input: CommandAccessInput, place: AccessPlace): DecidingOverwrite | undefined {
  const { guildId } = input.directory;
  const places = [place.channelId, ...(place.parentId ? [place.parentId] : []), allChannelsId(guildId)];
  for (const [level, list] of levels(input)) {
    for (const id of places) {
      const found = list.find((o) => o.type === PermissionType.Channel && o.id === id);
      if (found) return deciding(level, found, input.directory);
    }
  }
  return undefined;
}

/** Steps 3 and 4, at one level: user, else roles (any allow wins), else @everyone. */
function memberOverwrites(
  list: readonly PermissionOverwrite[],
  level: AccessLevel,
  input: CommandAccessInput,
  subject: AccessSubject,
): { allowed: boolean; by: DecidingOverwrite[] } | undefined {
  const { guildId } = input.directory;
  const user = subject.userId === undefined ? undefined : list.find((o) => o.type === PermissionType.User && o.id === subject.userId);
  if (user) return { allowed: user.permission, by: [deciding(level, user, input.directory)] };
  const roles = list.filter((o) => o.type === PermissionType.Role && o.id !== everyoneId(guildId) && subject.roleIds.includes(o.id));
  if (roles.length > 0) {
    const allowing = roles.filter((o) => o.permission);
    const deciders = allowing.length > 0 ? allowing.slice(0, 1) : roles;
    return { allowed: allowing.length > 0, by: deciders.map((o) => deciding(level, o, input.directory)) };
  }
  const everyone = list.find((o) => o.type === PermissionType.Role && o.id === everyoneId(guildId));
  if (everyone) return { allowed: everyone.permission, by: [deciding(level, everyone, input.directory)] };
  return undefined;
}

function levels(input: CommandAccessInput): [AccessLevel, readonly PermissionOverwrite[]][] {
  return [
    ['command', input.commandOverwrites],
    ['app', input.appOverwrites],
  ];
}

function deciding(level: AccessLevel, overwrite: PermissionOverwrite, directory: GuildDirectory): DecidingOverwrite {
  return { level, target: describeTarget(overwrite, directory), permission: overwrite.permission };
}

/** `channel #reports`, `role @Mods`, `roles @A, @B`, `@everyone`, `All channels`. */
function phrase(by: readonly DecidingOverwrite[]): string {
  const [first, ...others] = by;
  if (!first) return '';
  if (others.length === 0) return targetPhrase(first.target);
  return `${first.target.kind}s ${by.map((o) => o.target.label).join(', ')}`;
}

// ---------------------------------------------------------------------------------------------
// The matrix for the permissions screen: one row per role (a member holding only that role), then
// one per user an overwrite names (that member as they are), one column per channel; channels that
// only appear in overwrites are shown as hidden columns.

export interface AccessMatrix {
  rows: OverwriteTarget[];
  columns: OverwriteTarget[];
  /** cells[row][column] */
  cells: AccessDecision[][];
}

/** The channels a command can be run in, by position, then channels that only appear in overwrites (hidden from the bot). */
export function accessColumns(input: CommandAccessInput): { target: OverwriteTarget; channel: Channel | undefined }[] {
  const { directory } = input;
  const { guildId } = directory;
  const usable = directory.channels.filter((c) => c.type !== CATEGORY_CHANNEL);
  const hiddenIds = [...input.commandOverwrites, ...input.appOverwrites]
    .filter((o) => o.type === PermissionType.Channel && o.id !== allChannelsId(guildId) && !directory.channels.some((c) => c.id === o.id))
    .map((o) => o.id)
    .filter((id, index, all) => all.indexOf(id) === index);
  const columns: { id: string; channel: Channel | undefined }[] = [
    ...[...usable].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((channel) => ({ id: channel.id, channel })),
    ...hiddenIds.map((id) => ({ id, channel: undefined })),
  ];
  return columns.map(({ id, channel }) => ({ target: describeTarget({ id, type: PermissionType.Channel }, directory), channel }));
}

/** `now` judges timeouts (communication_disabled_until) of the members in user rows. */
export function accessMatrix(input: CommandAccessInput, now: number): AccessMatrix {
  const { directory } = input;
  const { guildId } = directory;
  const columns = accessColumns(input);
  const roleRows = [
    { target: { id: everyoneId(guildId), type: PermissionType.Role }, subject: { roleIds: [] as string[] } },
    ...[...directory.roles]
      .filter((r) => r.id !== guildId)
      .sort((a, b) => b.position - a.position)
      .map((r) => ({ target: { id: r.id, type: PermissionType.Role }, subject: { roleIds: [r.id] } })),
  ];
  const userIds = [...input.commandOverwrites, ...input.appOverwrites].filter((o) => o.type === PermissionType.User).map((o) => o.id);
  const userRows = [...new Set(userIds)].map((id) => ({ target: { id, type: PermissionType.User }, subject: memberSubject(directory, id, now) }));
  const rows = [...roleRows, ...userRows];
  return {
    rows: rows.map((row) => describeTarget(row.target, directory)),
    columns: columns.map((c) => c.target),
    cells: rows.map((row) =>
      columns.map((column) =>
        evaluateAccess(
          input,
          { ...row.subject, permissions: channelPermissions(row.subject, directory.roles, guildId, column.channel) },
          { channelId: column.target.id },
        ),
      ),
    ),
  };
}

/** A member as evaluateMemberAccess takes them: who, their roles, and what else decides for them. */
export type MemberSubject = MemberIdentity & Pick<AccessSubject, 'isOwner' | 'timedOutUntil' | 'rolesUnknown'>;

/**
 * A user as the directory knows them: their roles, whether they own the guild, and a running
 * timeout. A user the directory lacks (not looked up, or not a member) is taken to hold no roles,
 * and the answers say that they may be wrong.
 */
export function memberSubject(directory: GuildDirectory, userId: string, now: number): MemberSubject {
  const member = directory.members?.find((m) => m.user?.id === userId);
  const timedOutUntil = member ? activeTimeout(member, now) : undefined;
  return {
    userId,
    roleIds: member?.roles ?? [],
    ...(directory.ownerId === userId ? { isOwner: true } : {}),
    ...(timedOutUntil ? { timedOutUntil } : {}),
    ...(member ? {} : { rolesUnknown: 'their roles could not be read, so this answer assumes they hold none' }),
  };
}

/** GUILD_CATEGORY: holds channels, nobody runs a command "in" it. */
const CATEGORY_CHANNEL = 4;
