/**
 * Builds a fresh world: the demo app with its bot and secrets, users, guilds (roles, channels —
 * one the bot cannot view —, members, one of them timed out), commands, overwrites and the deliberate audit findings;
 * `empty` keeps the app and guilds but no commands; `extraGuilds` adds scale-test guilds.
 */
import { randomBytes } from 'node:crypto';
import { allChannelsId, ApplicationFlags, everyoneId, scopeKey, type CommandDraft, type PermissionOverwrite, type Scope } from '../discord/model.js';
import { permissionBits } from '../discord/permission-flags.js';
import { SCOPES } from './auth.js';
import { mintBotToken } from './bot-token.js';
import { materialize } from './command-store.js';
import { newSigningSeed } from './interactions/signing.js';
import type { SnowflakeGenerator } from './snowflake.js';
import { DEMO_BROKEN_COMMAND, DEMO_GLOBAL_COMMANDS, DEMO_GUILD_COMMANDS, EXTRA_GUILD_COMMANDS } from './seed-commands.js';
import type { ChannelRecord, EmulatorState, GuildRecord, RoleRecord, TokenRecord } from './state.js';

export type SeedName = 'demo' | 'empty';

export interface SeedOptions {
  seed: SeedName;
  extraGuilds: number;
  now: number;
}

/** Emulator-only credentials: random, and prefixed so nobody mistakes them for real ones. */
export function fakeSecret(prefix: string): string {
  return `emu-${prefix}-${randomBytes(24).toString('base64url')}`;
}

const WEEK_SECONDS = 604_800;
export const ACCESS_TOKEN_LIFETIME_MS = WEEK_SECONDS * 1000;

const ROLE_PERMISSIONS = {
  everyone: permissionBits(['VIEW_CHANNEL', 'SEND_MESSAGES', 'READ_MESSAGE_HISTORY', 'ADD_REACTIONS', 'USE_APPLICATION_COMMANDS', 'CONNECT', 'SPEAK']),
  admin: permissionBits(['ADMINISTRATOR']),
  manager: permissionBits(['MANAGE_GUILD', 'MANAGE_ROLES', 'VIEW_AUDIT_LOG']),
  moderator: permissionBits(['KICK_MEMBERS', 'BAN_MEMBERS', 'MANAGE_MESSAGES', 'MODERATE_MEMBERS']),
  bot: permissionBits(['SEND_MESSAGES', 'EMBED_LINKS', 'USE_APPLICATION_COMMANDS']),
};

interface SeededGuild {
  guild: GuildRecord;
  roles: { admin: string; manager: string; moderator: string; bot: string };
  channels: { general: string; botCommands: string; modLog: string };
}

interface People {
  ownerId: string;
  adminId: string;
  memberId: string;
  botId: string;
  others: string[];
}

function role(id: string, name: string, permissions: string, position: number, extra: Partial<RoleRecord> = {}): RoleRecord {
  return { id, name, permissions, position, color: 0, hoist: false, managed: false, mentionable: false, ...extra };
}

function buildGuild(ids: SnowflakeGenerator, name: string, people: People, now: number, full: boolean): SeededGuild {
  const id = ids.next();
  const roles = { admin: ids.next(), manager: ids.next(), moderator: ids.next(), bot: ids.next() };
  const joined = new Date(now).toISOString();
  const category = ids.next();
  const channels = { general: ids.next(), botCommands: ids.next(), modLog: ids.next() };
  const VIEW = permissionBits(['VIEW_CHANNEL']);
  const list: ChannelRecord[] = [
    { id: category, type: 4, name: 'Text Channels', position: 0, parent_id: null, permission_overwrites: [] },
    { id: channels.general, type: 0, name: 'general', position: 1, parent_id: category, permission_overwrites: [] },
    { id: channels.botCommands, type: 0, name: 'bot-commands', position: 2, parent_id: category, permission_overwrites: [] },
    // Hidden from @everyone (the bot included), open to moderators: GET channels must omit it.
    {
      id: channels.modLog, type: 0, name: 'mod-log', position: 3, parent_id: category,
      permission_overwrites: [
        { id, type: 0, allow: '0', deny: VIEW },
        { id: roles.moderator, type: 0, allow: VIEW, deny: '0' },
      ],
    },
  ];
  if (full) {
    list.push(
      { id: ids.next(), type: 5, name: 'announcements', position: 4, parent_id: category, permission_overwrites: [] },
      { id: ids.next(), type: 2, name: 'Lounge', position: 5, parent_id: null, permission_overwrites: [] },
      { id: ids.next(), type: 15, name: 'ideas', position: 6, parent_id: null, permission_overwrites: [] },
    );
  }
  const members: GuildRecord['members'] = {
    [people.ownerId]: { roles: [roles.admin], nick: null, joined_at: joined },
    [people.adminId]: { roles: [roles.manager], nick: null, joined_at: joined },
    [people.memberId]: { roles: [roles.moderator], nick: 'Milo (mod)', joined_at: joined },
    [people.botId]: { roles: [roles.bot], nick: null, joined_at: joined },
  };
  if (full) for (const other of people.others) members[other] = { roles: [], nick: null, joined_at: joined };
  // Kai is timed out for a week: he cannot use commands (who-can-use shows it).
  const kai = people.others[2];
  if (full && kai) members[kai]!.communication_disabled_until = new Date(now + WEEK_SECONDS * 1000).toISOString();
  const guild: GuildRecord = {
    id,
    name,
    ownerId: people.ownerId,
    appInstalled: true,
    roles: [
      role(id, '@everyone', ROLE_PERMISSIONS.everyone, 0),
      role(roles.admin, 'Admin', ROLE_PERMISSIONS.admin, 4, { color: 0xe74c3c, hoist: true }),
      role(roles.manager, 'Server Manager', ROLE_PERMISSIONS.manager, 3, { color: 0x3498db }),
      role(roles.moderator, 'Moderator', ROLE_PERMISSIONS.moderator, 2, { color: 0x2ecc71, mentionable: true }),
      role(roles.bot, 'Pixel Pal', ROLE_PERMISSIONS.bot, 1, { managed: true }),
    ],
    channels: list,
    members,
  };
  return { guild, roles, channels };
}

function addCommands(state: EmulatorState, ids: SnowflakeGenerator, scope: Scope, drafts: readonly CommandDraft[]): string[] {
  const list = (state.commands[scopeKey(scope)] ??= []);
  return drafts.map((draft) => {
    const command = materialize(draft, state.application, ids, scope, ids.next());
    list.push(command);
    return command.id;
  });
}

function commandIdByName(state: EmulatorState, key: string, name: string): string {
  const found = state.commands[key]?.find((command) => command.name === name);
  if (!found) throw new Error(`seed: no command ${name} in ${key}`);
  return found.id;
}

function setOverwrites(state: EmulatorState, guildId: string, targetId: string, overwrites: PermissionOverwrite[]): void {
  (state.overwrites[guildId] ??= {})[targetId] = overwrites;
}

export function issueToken(state: EmulatorState, record: Omit<TokenRecord, 'refreshToken'>, withRefresh: boolean, prefix = 'access'): string {
  const accessToken = fakeSecret(prefix);
  const token: TokenRecord = { ...record };
  if (withRefresh) {
    token.refreshToken = fakeSecret('refresh');
    state.refreshTokens[token.refreshToken] = accessToken;
  }
  state.tokens[accessToken] = token;
  return accessToken;
}

export function buildState(ids: SnowflakeGenerator, options: SeedOptions): EmulatorState {
  const { now } = options;
  const appId = ids.next();
  // The bot user's id is the application's, as for every app Discord has made since 2020: its token's first
  // part names the application (what clients, and cmd-tui's rule for exported tokens, read from it).
  const people: People = { ownerId: ids.next(), adminId: ids.next(), memberId: ids.next(), botId: appId, others: [ids.next(), ids.next(), ids.next()] };
  const state: EmulatorState = {
    schema: 1,
    application: {
      id: appId,
      name: 'Pixel Pal',
      description: 'A friendly multipurpose bot with an Activity (cmd-tui emulator demo app).',
      // Has an Activity (so `handler` is allowed) and global commands.
      flags: ApplicationFlags.Embedded | ApplicationFlags.ApplicationCommandBadge,
      integrationTypes: [0, 1],
      ownerId: people.adminId,
      botUserId: people.botId,
      botToken: mintBotToken(people.botId, now),
      clientSecret: fakeSecret('secret'),
      publicClient: true,
      interactionsKeySeed: newSigningSeed(),
      interactionsEndpointUrl: null,
      redirectUris: [
        'http://127.0.0.1/callback',
        'https://pixelpal.example/oauth/callback',
        `discord-${appId}:/authorize/callback`,
        'pixelpal:/authorize/callback',
      ],
    },
    users: {
      [people.ownerId]: { id: people.ownerId, username: 'rin', global_name: 'Rin' },
      [people.adminId]: { id: people.adminId, username: 'ada', global_name: 'Ada (admin)' },
      [people.memberId]: { id: people.memberId, username: 'milo', global_name: 'Milo' },
      [people.botId]: { id: people.botId, username: 'Pixel Pal', global_name: null, bot: true },
      [people.others[0]!]: { id: people.others[0]!, username: 'sam', global_name: 'Sam' },
      [people.others[1]!]: { id: people.others[1]!, username: 'jo', global_name: 'Jo' },
      [people.others[2]!]: { id: people.others[2]!, username: 'kai', global_name: 'Kai' },
    },
    guilds: {},
    commands: { global: [] },
    overwrites: {},
    creates: {},
    tokens: {},
    refreshTokens: {},
    codes: {},
    consents: {},
    scriptTokens: { admin: '', member: '' },
  };
  const scriptGrant = (userId: string) => ({
    kind: 'user' as const,
    grantId: ids.next(),
    clientId: appId,
    userId,
    scopes: [SCOPES.permissionsUpdate, SCOPES.identify, SCOPES.guilds],
    expiresAt: now + ACCESS_TOKEN_LIFETIME_MS,
  });
  state.scriptTokens = {
    admin: issueToken(state, scriptGrant(people.adminId), false, 'user'),
    member: issueToken(state, scriptGrant(people.memberId), false, 'user'),
  };

  const demo = ['Pixel Pal HQ', 'Speedrun Club', 'Cozy Corner'].map((name) => buildGuild(ids, name, people, now, true));
  for (const { guild } of demo) state.guilds[guild.id] = guild;
  // A guild the admin can manage but where the app was never installed: writes there get 403/50001.
  const uninstalled = buildGuild(ids, 'Not Installed Yet', people, now, false).guild;
  uninstalled.appInstalled = false;
  delete uninstalled.members[people.botId];
  uninstalled.roles = uninstalled.roles.filter((r) => !r.managed);
  state.guilds[uninstalled.id] = uninstalled;

  if (options.seed === 'demo') seedDemoCommands(state, ids, demo);
  for (let i = 1; i <= options.extraGuilds; i++) {
    const extra = buildGuild(ids, `Scale Test ${i}`, people, now, false);
    state.guilds[extra.guild.id] = extra.guild;
    if (options.seed !== 'demo') continue;
    const [, admin] = addCommands(state, ids, { kind: 'guild', guildId: extra.guild.id }, EXTRA_GUILD_COMMANDS);
    setOverwrites(state, extra.guild.id, admin!, [{ id: extra.roles.moderator, type: 1, permission: true }]);
    setOverwrites(state, extra.guild.id, appId, [{ id: extra.channels.botCommands, type: 3, permission: true }]);
  }
  return state;
}

function seedDemoCommands(state: EmulatorState, ids: SnowflakeGenerator, demo: SeededGuild[]): void {
  const appId = state.application.id;
  addCommands(state, ids, { kind: 'global' }, DEMO_GLOBAL_COMMANDS);
  demo.forEach(({ guild }, index) => addCommands(state, ids, { kind: 'guild', guildId: guild.id }, DEMO_GUILD_COMMANDS[index] ?? []));
  const [hq, speedrun, cozy] = demo as [SeededGuild, SeededGuild, SeededGuild];
  addCommands(state, ids, { kind: 'guild', guildId: cozy.guild.id }, [DEMO_BROKEN_COMMAND]);

  const hqKey = `guild:${hq.guild.id}`;
  setOverwrites(state, hq.guild.id, commandIdByName(state, hqKey, 'mod-tools'), [
    { id: everyoneId(hq.guild.id), type: 1, permission: false },
    { id: hq.roles.moderator, type: 1, permission: true },
    { id: hq.channels.modLog, type: 3, permission: true },
  ]);
  // An overwrite for a role that was deleted since: the audit should flag it.
  setOverwrites(state, hq.guild.id, commandIdByName(state, 'global', 'ban'), [
    { id: hq.roles.moderator, type: 1, permission: true },
    { id: ids.next(), type: 1, permission: true },
  ]);
  // App-wide defaults: commands only in #bot-commands, except where a command says otherwise.
  setOverwrites(state, hq.guild.id, appId, [
    { id: allChannelsId(hq.guild.id), type: 3, permission: false },
    { id: hq.channels.botCommands, type: 3, permission: true },
  ]);
  setOverwrites(state, speedrun.guild.id, commandIdByName(state, `guild:${speedrun.guild.id}`, 'race'), [
    { id: speedrun.channels.general, type: 3, permission: false },
    { id: state.application.ownerId, type: 2, permission: true },
  ]);
  setOverwrites(state, cozy.guild.id, commandIdByName(state, 'global', 'play'), [{ id: everyoneId(cozy.guild.id), type: 1, permission: false }]);
}
