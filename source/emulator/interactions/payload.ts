/**
 * The interaction object the emulator delivers, field by field as Discord sends an application
 * command in a guild (DOCS/RR "Interaction Object"): type 2, `data` with the command's id, name, type,
 * options and `resolved` users/members/roles/channels, the guild and channel, the invoking `member`
 * with their permissions in that channel, `app_permissions` (the bot's), locales, `context` 0 (guild),
 * `authorizing_integration_owners` (guild install: "0" → the guild id), `entitlements`, the token and
 * `version: 1`. Pure: built from the world's records.
 */
import type { InteractionOption, FilledOptions } from '../../discord/option-values.js';
import type { Channel, Command } from '../../discord/model.js';
import { ALL_PERMISSIONS, channelPermissions } from '../../discord/member-permissions.js';
import { userObject, roleObject } from '../handlers/pickers.js';
import type { ChannelRecord, GuildRecord, UserRecord } from '../state.js';
import { InteractionType } from '../../discord/interaction-kinds.js';
import type { AttachmentObject } from './attachments.js';
import { discordTimestamp, discordTimestampOrNull } from '../discord-timestamp.js';

export interface InteractionInput {
  /** 2, or 4 while an option with autocomplete is typed in. */
  type: typeof InteractionType.ApplicationCommand | typeof InteractionType.Autocomplete;
  id: string;
  token: string;
  applicationId: string;
  botUserId: string;
  command: Command;
  options: InteractionOption[];
  mentioned: FilledOptions['mentioned'];
  /** The files the client uploaded for ATTACHMENT options, as `resolved` lists them. */
  uploads: readonly AttachmentObject[];
  guild: GuildRecord;
  channel: ChannelRecord;
  user: UserRecord;
  users: Readonly<Record<string, UserRecord>>;
  locale: string;
  /** The guild's preferred locale (the emulator's guilds have none of their own: en-US). */
  guildLocale: string;
}

function permissionsIn(guild: GuildRecord, userId: string, channel: ChannelRecord): bigint {
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  const member = guild.members[userId];
  if (!member) return 0n;
  return channelPermissions({ userId, roleIds: member.roles }, guild.roles, guild.id, channel as Channel);
}

function memberObject(guild: GuildRecord, userId: string) {
  const member = guild.members[userId]!;
  return {
    avatar: null,
    banner: null,
    communication_disabled_until: discordTimestampOrNull(member.communication_disabled_until),
    deaf: false,
    flags: 0,
    joined_at: discordTimestamp(member.joined_at),
    mute: false,
    nick: member.nick,
    pending: false,
    premium_since: null,
    roles: member.roles,
    collectibles: null,
  };
}

/** A user as interactions carry them: the user object, with the `collectibles` Discord sends there too. */
function interactionUser(user: UserRecord) {
  return { ...userObject(user), collectibles: null };
}

/**
 * A channel as an interaction carries it, in `channel` and in `resolved.channels` alike: the guild channel
 * (the spec's GuildChannelResponse) without its overwrites, with the invoking member's `permissions` there —
 * as real interactions have it (test/fixtures/discord/interactions).
 */
function channelObject(guild: GuildRecord, channel: ChannelRecord, userId: string) {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: guild.id,
    name: channel.name,
    position: channel.position,
    parent_id: channel.parent_id,
    flags: 0,
    nsfw: false,
    topic: null,
    rate_limit_per_user: 0,
    // The emulator keeps no messages in channels.
    last_message_id: null,
    permissions: String(permissionsIn(guild, userId, channel)),
  };
}

/**
 * `resolved` as Discord fills it (DOCS/RR "Resolved Data Structure"): each mentioned user, and their member
 * without `user` but with their permissions in the interaction's channel; roles; channels with the invoking
 * member's permissions there (the docs' partial channel is a subset of what Discord sends and the spec requires);
 * the uploaded attachments.
 */
export function resolvedData(input: Pick<InteractionInput, 'guild' | 'mentioned' | 'users' | 'channel' | 'user' | 'uploads'>) {
  const { guild, mentioned, users } = input;
  const resolved: Record<string, Record<string, unknown>> = {};
  const add = (kind: string, id: string, value: unknown) => {
    resolved[kind] ??= {};
    resolved[kind][id] = value;
  };
  for (const id of mentioned.users) {
    const user = users[id];
    if (user) add('users', id, interactionUser(user));
    if (guild.members[id]) {
      // The docs' partial member: without `user`, `deaf` and `mute`, as real interactions have it.
      const { deaf: _deaf, mute: _mute, ...member } = memberObject(guild, id);
      add('members', id, { ...member, permissions: String(permissionsIn(guild, id, input.channel)) });
    }
  }
  for (const id of mentioned.roles) {
    const role = guild.roles.find((candidate) => candidate.id === id);
    if (role) add('roles', id, roleObject(role));
  }
  for (const id of mentioned.channels) {
    const channel = guild.channels.find((candidate) => candidate.id === id);
    if (channel) add('channels', id, channelObject(guild, channel, input.user.id));
  }
  // As Discord lists a command's upload (DOCS/RR "Resolved Data Structure", DOCS/MSG "Attachment Object"):
  // ephemeral, at a CDN address of the channel, which the emulator serves (attachments.ts).
  for (const id of mentioned.attachments) {
    const upload = input.uploads.find((candidate) => candidate.id === id);
    if (upload) add('attachments', id, upload);
  }
  return resolved;
}

export function applicationCommandInteraction(input: InteractionInput) {
  const { command } = input;
  const resolved = resolvedData(input);
  return interactionEnvelope(input, {
    id: command.id,
    name: command.name,
    type: command.type ?? 1,
    guild_id: command.guild_id,
    ...(input.options.length > 0 ? { options: input.options } : {}),
    ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
  });
}

/** Where, as whom and for which app an interaction happens: what every kind of interaction carries around its `data`. */
export type EnvelopeInput = Pick<InteractionInput, 'id' | 'token' | 'applicationId' | 'botUserId' | 'guild' | 'channel' | 'user' | 'locale' | 'guildLocale'> & { type: number };

/** The interaction around `data`, as Discord sends every kind of interaction in a guild. */
export function interactionEnvelope<Data>(input: EnvelopeInput, data: Data) {
  const { guild, channel, user } = input;
  return {
    id: input.id,
    application_id: input.applicationId,
    type: input.type,
    data,
    guild: { id: guild.id, locale: input.guildLocale, features: [] },
    guild_id: guild.id,
    channel: channelObject(guild, channel, user.id),
    channel_id: channel.id,
    member: { ...memberObject(guild, user.id), permissions: String(permissionsIn(guild, user.id, channel)), user: interactionUser(user) },
    app_permissions: String(permissionsIn(guild, input.botUserId, channel)),
    locale: input.locale,
    guild_locale: input.guildLocale,
    context: 0,
    authorizing_integration_owners: { '0': guild.id },
    entitlements: [],
    attachment_size_limit: 10_485_760,
    token: input.token,
    version: 1,
  };
}

export type ApplicationCommandInteraction = ReturnType<typeof applicationCommandInteraction>;

/**
 * Discord's own system user, the `user` of every PING (as recorded: test/fixtures/discord/interactions/ping.json).
 * A constant: it is Discord's account, not one of the emulator's world.
 */
const DISCORD_SYSTEM_USER = {
  avatar: 'c6a249645d46209f337279cd2ca998c7',
  avatar_decoration_data: null,
  bot: true,
  clan: null,
  collectibles: null,
  discriminator: '0000',
  global_name: 'Discord',
  id: '643945264868098049',
  primary_guild: null,
  public_flags: 1,
  system: true,
  username: 'discord',
};

/**
 * The PING Discord sends to check an endpoint, field by field as recorded PINGs have it
 * (test/fixtures/discord/interactions/ping.json): outside any guild, so `authorizing_integration_owners`
 * is empty — present all the same (a Discord engineer on discord-api-docs#6806: "Always present in the
 * serialized payload, although it's empty") —, no entitlements, Discord's system user, the permissions
 * and upload limit outside a guild; keys in the order Discord writes them.
 */
export function pingInteraction(id: string, applicationId: string, token: string) {
  return {
    app_permissions: '562949953601536',
    application_id: applicationId,
    attachment_size_limit: 524_288_000,
    authorizing_integration_owners: {},
    entitlements: [],
    id,
    token,
    type: InteractionType.Ping,
    user: DISCORD_SYSTEM_USER,
    version: 1,
  };
}
