import { describe, expect, it } from 'vitest';
import {
  accessMatrix,
  evaluateAccess,
  evaluateMemberAccess,
  type AccessPlace,
  type AccessStage,
  type CommandAccessInput,
} from '../../source/discord/effective-access.js';
import { checkMember } from '../../source/discord/member-access.js';
import { activeTimeout, channelPermissions, guildPermissions } from '../../source/discord/member-permissions.js';
import { PermissionType, type PermissionOverwrite } from '../../source/discord/model.js';
import { PERMISSION_FLAGS } from '../../source/discord/permission-flags.js';
import type { GuildDirectory } from '../../source/discord/overwrite-targets.js';

const GUILD = '100000000000000000';
const ALL_CHANNELS = '99999999999999999';
const APP = '200000000000000000';
const MODS = '300000000000000001';
const HELPERS = '300000000000000002';
const MUTED = '300000000000000003';
const ADMINS = '300000000000000004';
const GENERAL = '400000000000000001';
const REPORTS = '400000000000000002';
const THREAD = '400000000000000099';
const HIDDEN = '400000000000000777';
const ALICE = '500000000000000001';
const BOB = '500000000000000002';

const BAN = String(PERMISSION_FLAGS.BAN_MEMBERS);
const SEND = String(PERMISSION_FLAGS.VIEW_CHANNEL | PERMISSION_FLAGS.SEND_MESSAGES | PERMISSION_FLAGS.USE_APPLICATION_COMMANDS);
const NO_COMMANDS = String(PERMISSION_FLAGS.USE_APPLICATION_COMMANDS);
const QUIET = '400000000000000003';
const NOW = Date.parse('2026-11-25T12:00:00Z');

const directory: GuildDirectory = {
  guildId: GUILD,
  roles: [
    { id: GUILD, name: '@everyone', position: 0, permissions: SEND },
    { id: MODS, name: 'Moderators', position: 3, permissions: BAN },
    { id: HELPERS, name: 'Helpers', position: 2, permissions: '0' },
    { id: MUTED, name: 'Muted', position: 1, permissions: '0' },
    { id: ADMINS, name: 'Admins', position: 4, permissions: String(PERMISSION_FLAGS.ADMINISTRATOR) },
  ],
  channels: [
    { id: GENERAL, type: 0, name: 'general', position: 0 },
    {
      id: REPORTS,
      type: 0,
      name: 'reports',
      position: 1,
      // Moderators lose BAN_MEMBERS in #reports through an ordinary channel overwrite.
      permission_overwrites: [{ id: MODS, type: 0, allow: '0', deny: BAN }],
    },
    {
      id: QUIET,
      type: 0,
      name: 'quiet',
      position: 2,
      // Nobody but Helpers may use app commands here (an ordinary channel permission, not a command overwrite).
      permission_overwrites: [
        { id: GUILD, type: 0, allow: '0', deny: NO_COMMANDS },
        { id: HELPERS, type: 0, allow: NO_COMMANDS, deny: '0' },
      ],
    },
    { id: '400000000000000050', type: 4, name: 'Text Channels', position: 0 },
  ],
  members: [{ user: { id: ALICE, username: 'alice' }, roles: [MODS] }],
};

const role = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: PermissionType.Role, permission });
const user = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: PermissionType.User, permission });
const channel = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: PermissionType.Channel, permission });

interface Case {
  name: string;
  command?: PermissionOverwrite[];
  app?: PermissionOverwrite[];
  dmp?: string | null;
  userId?: string;
  roles?: string[];
  /** Permissions in the channel; defaults to what the roles give in #general. */
  permissions?: bigint;
  owner?: boolean;
  place?: AccessPlace;
  allowed: boolean;
  stage: AccessStage;
  reason: string;
}

const IN_GENERAL: AccessPlace = { channelId: GENERAL };
const IN_REPORTS: AccessPlace = { channelId: REPORTS };

const cases: Case[] = [
  // 0. owner and administrators; 1. using commands in the channel at all
  { name: 'the guild owner always can, even against a channel deny', owner: true, command: [channel(GENERAL, false)], allowed: true, stage: 'owner', reason: 'allowed: server owner' },
  { name: 'ADMINISTRATOR always can, even against user and channel denies', roles: [ADMINS], userId: ALICE, command: [user(ALICE, false), channel(GENERAL, false)], dmp: '0', allowed: true, stage: 'administrator', reason: 'allowed: has ADMINISTRATOR' },
  { name: 'without USE_APPLICATION_COMMANDS in the channel, no overwrite helps', roles: [MODS], command: [role(MODS, true), channel(QUIET, true)], place: { channelId: QUIET }, allowed: false, stage: 'channel-access', reason: 'denied: lacks USE_APPLICATION_COMMANDS in this channel (a role or channel permission, not a command overwrite)' },
  { name: 'a channel permission can give USE_APPLICATION_COMMANDS back', roles: [HELPERS], place: { channelId: QUIET }, allowed: true, stage: 'default-member-permissions', reason: 'allowed' },
  { name: 'administrators need no channel permission', roles: [ADMINS], place: { channelId: QUIET }, allowed: true, stage: 'administrator', reason: 'allowed: has ADMINISTRATOR' },
  { name: 'without VIEW_CHANNEL the member is not in the channel at all', permissions: PERMISSION_FLAGS.USE_APPLICATION_COMMANDS, allowed: false, stage: 'channel-access', reason: 'denied: lacks VIEW_CHANNEL in this channel' },
  // 2. channel overwrites
  { name: 'a channel deny on the command blocks', command: [channel(REPORTS, false), role(MODS, true)], roles: [MODS], place: IN_REPORTS, allowed: false, stage: 'channel', reason: 'denied: channel #reports overwrite on the command' },
  { name: 'a channel deny for another channel does not apply', command: [channel(REPORTS, false)], allowed: true, stage: 'default-member-permissions', reason: 'allowed: no default_member_permissions restricts it' },
  { name: 'All channels deny on the command blocks every channel', command: [channel(ALL_CHANNELS, false)], allowed: false, stage: 'channel', reason: 'denied: All channels overwrite on the command' },
  { name: 'the channel overwrite beats All channels on the same level', command: [channel(ALL_CHANNELS, false), channel(GENERAL, true)], allowed: true, stage: 'default-member-permissions', reason: 'allowed: no default_member_permissions' },
  { name: 'an app-level channel deny applies to a command without channel overwrites', app: [channel(REPORTS, false)], place: IN_REPORTS, allowed: false, stage: 'channel', reason: 'denied: channel #reports overwrite on the app' },
  { name: 'an app-level All channels deny applies too', app: [channel(ALL_CHANNELS, false)], allowed: false, stage: 'channel', reason: 'denied: All channels overwrite on the app' },
  { name: 'a command-level channel allow beats an app-level channel deny', command: [channel(GENERAL, true)], app: [channel(GENERAL, false)], allowed: true, stage: 'default-member-permissions', reason: 'allowed' },
  { name: 'command-level All channels deny beats an app-level allow for the channel', command: [channel(ALL_CHANNELS, false)], app: [channel(GENERAL, true)], allowed: false, stage: 'channel', reason: 'denied: All channels overwrite on the command' },
  { name: 'a thread follows its parent channel overwrite', command: [channel(REPORTS, false)], place: { channelId: THREAD, parentId: REPORTS }, allowed: false, stage: 'channel', reason: 'denied: channel #reports overwrite on the command' },
  { name: 'a channel overwrite on a channel the bot cannot view is named as hidden', command: [channel(HIDDEN, false)], place: { channelId: HIDDEN }, allowed: false, stage: 'channel', reason: `denied: hidden channel ${HIDDEN} overwrite on the command` },
  { name: 'a channel allow does not grant past a member deny', command: [channel(GENERAL, true), role(GUILD, false)], allowed: false, stage: 'member', reason: 'denied: @everyone overwrite on the command' },
  // 3. member overwrites on the command
  { name: 'a user overwrite beats role overwrites (deny)', userId: ALICE, roles: [MODS], command: [role(MODS, true), user(ALICE, false)], allowed: false, stage: 'member', reason: 'denied: user @alice overwrite on the command' },
  { name: 'a user overwrite beats role overwrites (allow)', userId: ALICE, roles: [MUTED], command: [role(MUTED, false), user(ALICE, true)], dmp: '0', allowed: true, stage: 'member', reason: 'allowed: user @alice overwrite on the command' },
  { name: 'an unknown user is named by id', userId: BOB, command: [user(BOB, false)], allowed: false, stage: 'member', reason: `denied: user ${BOB} overwrite on the command` },
  { name: 'among roles, any allow wins over denies', roles: [MUTED, HELPERS], command: [role(MUTED, false), role(HELPERS, true)], allowed: true, stage: 'member', reason: 'allowed: role @Helpers overwrite on the command' },
  { name: 'all role overwrites deny: denied, naming every one', roles: [MUTED, HELPERS], command: [role(MUTED, false), role(HELPERS, false)], allowed: false, stage: 'member', reason: 'denied: roles @Muted, @Helpers overwrite on the command' },
  { name: 'a role overwrite beats @everyone', roles: [HELPERS], command: [role(GUILD, false), role(HELPERS, true)], allowed: true, stage: 'member', reason: 'allowed: role @Helpers overwrite on the command' },
  { name: 'overwrites for roles the member lacks do not apply', roles: [HELPERS], command: [role(MUTED, false)], allowed: true, stage: 'default-member-permissions', reason: 'allowed' },
  { name: '@everyone on the command decides when no user or role overwrite applies', command: [role(GUILD, false)], allowed: false, stage: 'member', reason: 'denied: @everyone overwrite on the command' },
  { name: 'a command-level allow overrides default_member_permissions "0"', roles: [HELPERS], command: [role(HELPERS, true)], dmp: '0', allowed: true, stage: 'member', reason: 'allowed: role @Helpers overwrite on the command' },
  { name: 'a command-level allow overrides a missing default permission', roles: [HELPERS], command: [role(HELPERS, true)], dmp: BAN, allowed: true, stage: 'member', reason: 'allowed: role @Helpers overwrite on the command' },
  { name: 'a command-level allow overrides an app-level deny', roles: [HELPERS], command: [role(HELPERS, true)], app: [role(GUILD, false)], allowed: true, stage: 'member', reason: 'allowed: role @Helpers overwrite on the command' },
  { name: 'a command-level deny overrides an app-level allow', userId: ALICE, roles: [MODS], command: [role(GUILD, false)], app: [user(ALICE, true)], allowed: false, stage: 'member', reason: 'denied: @everyone overwrite on the command' },
  // 4. member overwrites on the app
  { name: 'an app-level deny applies to a command without its own', roles: [MUTED], app: [role(MUTED, false)], allowed: false, stage: 'member', reason: 'denied: role @Muted overwrite on the app' },
  { name: 'an app-level user overwrite beats app-level roles', userId: ALICE, roles: [MUTED], app: [role(MUTED, false), user(ALICE, true)], allowed: true, stage: 'default-member-permissions', reason: 'allowed: user @alice overwrite on the app, and no default_member_permissions' },
  { name: 'an app-level allow still needs default_member_permissions', roles: [HELPERS], app: [role(HELPERS, true)], dmp: BAN, allowed: false, stage: 'default-member-permissions', reason: 'denied: role @Helpers allowed on the app, but needs BAN_MEMBERS (default_member_permissions)' },
  { name: 'an app-level allow plus the default permission: allowed', roles: [MODS], app: [role(MODS, true)], dmp: BAN, allowed: true, stage: 'default-member-permissions', reason: 'allowed: role @Moderators overwrite on the app, and has BAN_MEMBERS (default_member_permissions)' },
  { name: 'an app-level allow cannot lift default_member_permissions "0"', app: [role(GUILD, true)], dmp: '0', allowed: false, stage: 'default-member-permissions', reason: 'denied: @everyone allowed on the app, but default_member_permissions is "0"' },
  { name: 'app-level @everyone deny applies when nothing more specific does', app: [role(GUILD, false)], allowed: false, stage: 'member', reason: 'denied: @everyone overwrite on the app' },
  // 5. default_member_permissions
  { name: 'no overwrites and no default permissions: everyone can', allowed: true, stage: 'default-member-permissions', reason: 'allowed: no default_member_permissions restricts it' },
  { name: 'default_member_permissions "0": administrators only', dmp: '0', allowed: false, stage: 'default-member-permissions', reason: 'denied: default_member_permissions is "0" (administrators only) and no overwrite grants it' },
  { name: 'default_member_permissions held: allowed', roles: [MODS], dmp: BAN, allowed: true, stage: 'default-member-permissions', reason: 'allowed: has BAN_MEMBERS (default_member_permissions)' },
  { name: 'default_member_permissions missing: denied, naming the bit', roles: [HELPERS], dmp: BAN, allowed: false, stage: 'default-member-permissions', reason: 'denied: needs BAN_MEMBERS (default_member_permissions) and no overwrite grants it' },
  { name: 'default_member_permissions is checked in the channel context', roles: [MODS], dmp: BAN, place: IN_REPORTS, allowed: false, stage: 'default-member-permissions', reason: 'denied: needs BAN_MEMBERS' },
  { name: 'every listed bit is needed, and only the missing ones are named', roles: [MODS], dmp: String(PERMISSION_FLAGS.BAN_MEMBERS | PERMISSION_FLAGS.KICK_MEMBERS), allowed: false, stage: 'default-member-permissions', reason: 'denied: needs KICK_MEMBERS (default_member_permissions)' },
];

function inputFor(c: Case): CommandAccessInput {
  return {
    applicationId: APP,
    command: { id: '600000000000000001', name: 'ban', default_member_permissions: c.dmp === undefined ? null : c.dmp },
    commandOverwrites: c.command ?? [],
    appOverwrites: c.app ?? [],
    directory,
  };
}

describe('evaluateAccess: the precedence, rule by rule', () => {
  it.each(cases)('$name', (c) => {
    const place = c.place ?? IN_GENERAL;
    const member = { ...(c.userId ? { userId: c.userId } : {}), roleIds: c.roles ?? [], ...(c.owner ? { isOwner: true } : {}) };
    const decision = c.permissions === undefined ? evaluateMemberAccess(inputFor(c), member, place) : evaluateAccess(inputFor(c), { ...member, permissions: c.permissions }, place);
    expect(decision.reason).toContain(c.reason);
    expect(decision.allowed).toBe(c.allowed);
    expect(decision.stage).toBe(c.stage);
    expect(decision.trail.at(-1)).toBe(decision.reason);
  });

  it('names the overwrite that decided, with its level', () => {
    const decision = evaluateMemberAccess(inputFor({ ...cases[0]!, owner: false, app: [channel(REPORTS, false)] }), { roleIds: [] }, IN_REPORTS);
    expect(decision.decidedBy).toEqual([
      { level: 'app', permission: false, target: { id: REPORTS, type: PermissionType.Channel, kind: 'channel', label: '#reports', status: 'known' } },
    ]);
  });

  it('keeps a trail of the steps that passed', () => {
    const decision = evaluateMemberAccess(
      inputFor({ name: '', allowed: true, stage: 'member', reason: '', command: [channel(GENERAL, true)], app: [role(HELPERS, true)], dmp: BAN }),
      { roleIds: [HELPERS] },
      IN_GENERAL,
    );
    expect(decision.trail).toEqual([
      'channel step passed: channel #general allowed on the command',
      'no user, role or @everyone overwrite on the command applies',
      'role @Helpers allowed on the app; default_member_permissions still applies',
      'denied: role @Helpers allowed on the app, but needs BAN_MEMBERS (default_member_permissions) and no overwrite grants it',
    ]);
  });
});

describe('member permissions in a channel', () => {
  it('adds @everyone and held roles; ADMINISTRATOR means everything', () => {
    expect(guildPermissions({ roleIds: [MODS] }, directory.roles, GUILD)).toBe(BigInt(SEND) | PERMISSION_FLAGS.BAN_MEMBERS);
    expect(guildPermissions({ roleIds: [ADMINS] }, directory.roles, GUILD) & PERMISSION_FLAGS.MANAGE_GUILD).toBe(PERMISSION_FLAGS.MANAGE_GUILD);
  });

  it('applies @everyone, then combined role, then member channel overwrites', () => {
    const ch = {
      id: GENERAL,
      type: 0,
      permission_overwrites: [
        { id: GUILD, type: 0, allow: '0', deny: SEND },
        { id: MUTED, type: 0, allow: '0', deny: BAN },
        { id: HELPERS, type: 0, allow: BAN, deny: '0' },
        { id: ALICE, type: 1, allow: '0', deny: BAN },
      ],
    };
    expect(channelPermissions({ roleIds: [MUTED, HELPERS] }, directory.roles, GUILD, ch)).toBe(PERMISSION_FLAGS.BAN_MEMBERS);
    expect(channelPermissions({ userId: ALICE, roleIds: [MUTED, HELPERS] }, directory.roles, GUILD, ch)).toBe(0n);
    expect(channelPermissions({ roleIds: [ADMINS] }, directory.roles, GUILD, ch) & PERMISSION_FLAGS.BAN_MEMBERS).toBe(PERMISSION_FLAGS.BAN_MEMBERS);
  });
});

describe('accessMatrix', () => {
  const matrix = accessMatrix(
    inputFor({ name: '', allowed: true, stage: 'member', reason: '', dmp: BAN, command: [channel(REPORTS, false), role(HELPERS, true), channel(HIDDEN, true)] }),
    NOW,
  );
  const cell = (row: string, column: string) => {
    const r = matrix.rows.findIndex((t) => t.label === row);
    const c = matrix.columns.findIndex((t) => t.label === column);
    return matrix.cells[r]?.[c];
  };

  it('has @everyone then roles by position as rows, channels (not categories) then hidden ones as columns', () => {
    expect(matrix.rows.map((r) => r.label)).toEqual(['@everyone', '@Admins', '@Moderators', '@Helpers', '@Muted']);
    expect(matrix.columns.map((c) => c.label)).toEqual(['#general', '#reports', '#quiet', `hidden channel ${HIDDEN}`]);
  });

  it('answers each role × channel with its reason', () => {
    expect(cell('@everyone', '#general')).toMatchObject({ allowed: false, reason: expect.stringContaining('needs BAN_MEMBERS') });
    expect(cell('@Moderators', '#general')).toMatchObject({ allowed: true, stage: 'default-member-permissions' });
    expect(cell('@Moderators', '#reports')).toMatchObject({ allowed: false, reason: 'denied: channel #reports overwrite on the command' });
    expect(cell('@Helpers', '#general')).toMatchObject({ allowed: true, reason: 'allowed: role @Helpers overwrite on the command' });
    expect(cell('@Admins', '#reports')).toMatchObject({ allowed: true, stage: 'administrator' });
    expect(cell('@Helpers', `hidden channel ${HIDDEN}`)).toMatchObject({ allowed: true, reason: expect.stringContaining('allowed (uncertain)') });
    expect(cell('@Moderators', '#quiet')).toMatchObject({ allowed: false, stage: 'channel-access' });
    expect(cell('@Helpers', '#quiet')).toMatchObject({ allowed: true });
  });
});

describe('timed-out members (topics/permissions "Permissions For Timed Out Members")', () => {
  const LATER = '2026-11-25T13:00:00.000Z';
  const EARLIER = '2026-11-25T11:00:00.000Z';
  it.each([
    { until: LATER, expected: LATER },
    { until: EARLIER, expected: undefined },
    { until: null, expected: undefined },
    { until: 'not a time', expected: undefined },
    // Date.parse takes a comment in parentheses: the answer carries the time, never the server's text.
    { until: 'Wed Nov 25 2026 13:00:00 GMT (\u001b[2J)', expected: LATER },
  ])('a timeout until $until is running: $expected', ({ until, expected }) => {
    expect(activeTimeout({ communication_disabled_until: until }, NOW)).toBe(expected);
  });

  const allowAlice = inputFor({ name: '', allowed: true, stage: 'member', reason: '', command: [user(ALICE, true)] });
  it('cannot use a command even with a user allow', () => {
    const decision = evaluateMemberAccess(allowAlice, { userId: ALICE, roleIds: [MODS], timedOutUntil: LATER }, IN_GENERAL);
    expect(decision).toMatchObject({ allowed: false, stage: 'timed-out' });
    expect(decision.reason).toBe(`denied: timed out until ${LATER} (a timed-out member cannot use commands; only the owner and administrators are exempt)`);
  });

  it.each([
    { who: 'the owner', member: { isOwner: true, roleIds: [] }, stage: 'owner' },
    { who: 'an administrator', member: { roleIds: [ADMINS] }, stage: 'administrator' },
  ])('$who is exempt', ({ member, stage }) => {
    expect(evaluateMemberAccess(allowAlice, { ...member, userId: ALICE, timedOutUntil: LATER }, IN_GENERAL)).toMatchObject({ allowed: true, stage });
  });
});

describe('a channel the bot cannot see: answers that rest on server-wide permissions are uncertain', () => {
  const IN_HIDDEN: AccessPlace = { channelId: HIDDEN };
  it.each([
    { name: 'an allow through default_member_permissions', command: [], roles: [], uncertain: true },
    { name: 'an allow through a role overwrite', command: [role(HELPERS, true)], roles: [HELPERS], uncertain: true },
    { name: 'a deny for lacking a default permission', command: [], roles: [HELPERS], dmp: BAN, uncertain: true },
    { name: 'a command overwrite deny', command: [role(HELPERS, false)], roles: [HELPERS], uncertain: false },
    { name: 'a channel overwrite deny', command: [channel(HIDDEN, false)], roles: [], uncertain: false },
    { name: 'an administrator', command: [], roles: [ADMINS], uncertain: false },
  ])('$name: uncertain $uncertain', ({ command, roles, dmp, uncertain }) => {
    const decision = evaluateMemberAccess(inputFor({ name: '', allowed: true, stage: 'member', reason: '', command, dmp }), { roleIds: roles }, IN_HIDDEN);
    expect(decision.uncertain !== undefined).toBe(uncertain);
    if (uncertain) expect(decision.reason).toMatch(/^(allowed|denied) \(uncertain\): .*; the bot cannot see this channel, so its permission overwrites are unknown/);
  });

  it('says why when the channel list could not be read at all', () => {
    const input = { ...inputFor({ name: '', allowed: true, stage: 'member', reason: '' }), directory: { ...directory, channels: [], unread: ['channels' as const] } };
    expect(evaluateMemberAccess(input, { roleIds: [] }, IN_GENERAL).uncertain).toMatch(/^the channels could not be read/);
  });

  it('a channel the bot can see is certain', () => {
    expect(evaluateMemberAccess(inputFor({ name: '', allowed: true, stage: 'member', reason: '' }), { roleIds: [] }, IN_GENERAL).uncertain).toBeUndefined();
  });
});

describe('people: user rows in the matrix and checkMember', () => {
  const CAROL = '500000000000000003';
  const people: GuildDirectory = {
    ...directory,
    ownerId: BOB,
    members: [
      { user: { id: ALICE, username: 'alice' }, roles: [MODS] },
      { user: { id: CAROL, username: 'carol' }, roles: [], communication_disabled_until: '2026-11-26T00:00:00.000Z' },
    ],
  };
  const input: CommandAccessInput = {
    ...inputFor({ name: '', allowed: true, stage: 'member', reason: '', dmp: '0', command: [user(ALICE, true), user(CAROL, true)], app: [user(BOB, false), user(ALICE, false)] }),
    directory: people,
  };

  it('adds one row per user an overwrite names (command or app level, once), after the roles', () => {
    const matrix = accessMatrix(input, NOW);
    const users = matrix.rows.filter((r) => r.kind === 'user');
    expect(users.map((r) => r.label)).toEqual(['@alice', '@carol', `user ${BOB}`]);
    const row = (label: string) => matrix.cells[matrix.rows.findIndex((r) => r.label === label)]!;
    expect(row('@alice')[0]).toMatchObject({ allowed: true, reason: 'allowed: user @alice overwrite on the command' });
    expect(row('@carol')[0]).toMatchObject({ allowed: false, stage: 'timed-out' });
    // The owner is known from the guild object, so the app-level deny does not hold for them, for certain.
    expect(row(`user ${BOB}`)[0]).toMatchObject({ allowed: true, stage: 'owner' });
    expect(row(`user ${BOB}`)[0]?.uncertain).toBeUndefined();
  });

  it('answers for a user the directory lacks are uncertain: their roles are unknown', () => {
    const DAVE = '500000000000000004';
    const matrix = accessMatrix({ ...input, commandOverwrites: [user(DAVE, false)] }, NOW);
    const dave = matrix.cells[matrix.rows.findIndex((r) => r.label === `user ${DAVE}`)]!;
    expect(dave[0]).toMatchObject({ allowed: false, stage: 'member', uncertain: 'their roles could not be read, so this answer assumes they hold none' });
    expect(dave[0]?.reason).toBe(`denied (uncertain): user ${DAVE} overwrite on the command; their roles could not be read, so this answer assumes they hold none`);
  });

  it('checkMember answers per channel, or in one channel, with the timeout named', () => {
    const everywhere = checkMember(input, CAROL, NOW);
    expect(everywhere.who.label).toBe('@carol');
    expect(everywhere.timedOutUntil).toBe('2026-11-26T00:00:00.000Z');
    expect(everywhere.answers.map((a) => a.place.label)).toEqual(['#general', '#reports', '#quiet']);
    expect(everywhere.answers.every((a) => a.decision.stage === 'timed-out')).toBe(true);
    const once = checkMember(input, ALICE, NOW, REPORTS);
    expect(once.answers).toHaveLength(1);
    expect(once.answers[0]).toMatchObject({ place: { label: '#reports' }, decision: { allowed: true, stage: 'member' } });
    // After the timeout ends the same member is answered by the overwrites again.
    expect(checkMember(input, CAROL, Date.parse('2026-11-27T00:00:00Z')).answers[0]?.decision).toMatchObject({ allowed: true, stage: 'member' });
  });
});
