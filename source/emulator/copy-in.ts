/**
 * An app's commands copied into the emulator from another API (live Discord), to try them there: the
 * global commands and one guild's, with their ids kept (so `</name:id>` mentions in a bot's replies
 * still point at them), materialized as the emulator stores what it is sent. With the guild's roles,
 * channels, members and command overwrites when they could be read, the guild is made under its own
 * id and the emulator's bot stands in for the app's; without them the commands go to the emulator's
 * first seeded guild, with its seeded people. Only what Discord could hold is copied (discord/storable-commands.ts:
 * valid commands, ids of their own, each scope within its counts and unique names); the rest is left out, and
 * the result says which and why. Operates on EmulatorState; no I/O here.
 */
import type { AppCopy, CopyInResult, GuildPeople } from '../discord/app-copy.js';
import { GLOBAL_SCOPE, guildScope, scopeKey, type Command, type Member, type PermissionOverwrite } from '../discord/model.js';
import { storableCommands } from '../discord/storable-commands.js';
import type { ValidationContext } from '../discord/validate.js';
import { materialize } from './command-store.js';
import type { SnowflakeGenerator } from './snowflake.js';
import { installedGuilds, putFirst, type EmulatorState, type GuildRecord, type MemberRecord } from './state.js';

function memberRecord(member: Member, joinedAt: string): MemberRecord {
  const joined = (member as { joined_at?: unknown }).joined_at;
  return {
    roles: [...member.roles],
    nick: member.nick ?? null,
    joined_at: typeof joined === 'string' ? joined : joinedAt,
    ...(member.communication_disabled_until ? { communication_disabled_until: member.communication_disabled_until } : {}),
  };
}

/** The guild as read, with the emulator's bot in the app's bot's place (its roles, its channel overwrites). */
function copiedGuild(state: EmulatorState, copy: AppCopy, id: string, name: string, people: GuildPeople, now: number): GuildRecord {
  const app = state.application;
  const botId = (userId: string) => (userId === copy.applicationId ? app.botUserId : userId);
  const joinedAt = new Date(now).toISOString();
  const members: GuildRecord['members'] = {};
  for (const member of people.members) {
    const user = member.user;
    if (!user) continue;
    const userId = botId(user.id);
    members[userId] = memberRecord(member, joinedAt);
    if (userId !== app.botUserId) {
      const bot = (user as { bot?: unknown }).bot === true;
      state.users[userId] = { id: userId, username: user.username, global_name: user.global_name ?? null, ...(bot ? { bot } : {}) };
    }
  }
  members[app.botUserId] ??= { roles: [], nick: null, joined_at: joinedAt };
  return {
    id,
    name,
    ownerId: people.ownerId ?? Object.keys(members).find((userId) => userId !== app.botUserId) ?? app.ownerId,
    appInstalled: true,
    copied: true,
    roles: people.roles.map((role) => {
      const extra = role as { color?: unknown; hoist?: unknown; mentionable?: unknown };
      return {
        id: role.id,
        name: role.name,
        permissions: role.permissions,
        position: role.position,
        color: typeof extra.color === 'number' ? extra.color : 0,
        hoist: extra.hoist === true,
        managed: role.managed === true,
        mentionable: extra.mentionable === true,
      };
    }),
    channels: people.channels.map((channel) => ({
      id: channel.id,
      type: channel.type,
      name: channel.name ?? '',
      position: channel.position ?? 0,
      parent_id: channel.parent_id ?? null,
      permission_overwrites: (channel.permission_overwrites ?? []).map((overwrite) => ({ id: botId(overwrite.id), type: overwrite.type, allow: overwrite.allow, deny: overwrite.deny })),
    })),
    members,
  };
}

/** The first of the seed's guilds the app is installed in, other than `except`. */
function firstSeeded(state: EmulatorState, except?: string): GuildRecord | undefined {
  return installedGuilds(state).find((guild) => !guild.copied && guild.id !== except);
}

function copyInto(state: EmulatorState, ids: SnowflakeGenerator, copy: AppCopy, now: number): Omit<CopyInResult, 'leftOut'> {
  const app = state.application;
  const stored = (commands: readonly Command[], scope: Parameters<typeof scopeKey>[0]) => commands.map((command) => materialize(command, app, ids, scope, command.id));
  state.commands[scopeKey(GLOBAL_SCOPE)] = stored(copy.global, GLOBAL_SCOPE);
  const result: Omit<CopyInResult, 'leftOut'> = { global: copy.global.length };
  if (!copy.guild) {
    const seeded = firstSeeded(state);
    return seeded ? { ...result, guild: { id: seeded.id, name: seeded.name, commands: 0, people: 'seeded' } } : result;
  }
  const { id, name, commands, people } = copy.guild;
  let target: GuildRecord | undefined;
  if (people) {
    target = copiedGuild(state, copy, id, name, people, now);
    state.guilds[id] = target;
    const overwrites: Record<string, PermissionOverwrite[]> = {};
    for (const list of people.overwrites) overwrites[list.id === copy.applicationId ? app.id : list.id] = list.permissions.map((overwrite) => ({ ...overwrite }));
    state.overwrites[id] = overwrites;
  } else {
    target = firstSeeded(state, id);
    if (!target) return result;
  }
  state.commands[scopeKey(guildScope(target.id))] = stored(commands, guildScope(target.id));
  // The guild the commands went to is where try runs and serve's guildIds[0], one notion for both.
  putFirst(state, target.id);
  return { ...result, guild: { id: target.id, name: target.name, commands: commands.length, people: people ? 'copied' : 'seeded' } };
}

/** The copy with only what Discord could hold in each scope, and what was left out. */
function storableCopy(copy: AppCopy, contextFor: (scope: 'global' | 'guild') => ValidationContext): { copy: AppCopy; leftOut: CopyInResult['leftOut'] } {
  const ids = new Set<string>();
  const global = storableCommands(copy.global, contextFor('global'), ids);
  const guild = copy.guild ? storableCommands(copy.guild.commands, contextFor('guild'), ids) : undefined;
  const leftOut = [...global.leftOut.map((item) => ({ ...item, scope: 'global' as const })), ...(guild?.leftOut ?? []).map((item) => ({ ...item, scope: 'guild' as const }))];
  return { copy: { ...copy, global: global.kept, ...(copy.guild && guild ? { guild: { ...copy.guild, commands: guild.kept } } : {}) }, leftOut };
}

/**
 * Puts the copy into the world and into the state a reset goes back to (`initial`, when given): the
 * commands Discord could hold replace those of their scopes; other guilds stay as they are. `contextFor`:
 * how the emulator validates a scope's commands (its choice and locale readings).
 */
export function copyIn(states: { state: EmulatorState; initial?: EmulatorState }, ids: SnowflakeGenerator, copy: AppCopy, now: number, contextFor: (scope: 'global' | 'guild') => ValidationContext): CopyInResult {
  const storable = storableCopy(copy, contextFor);
  if (states.initial) copyInto(states.initial, ids, storable.copy, now);
  return { ...copyInto(states.state, ids, storable.copy, now), leftOut: storable.leftOut };
}
