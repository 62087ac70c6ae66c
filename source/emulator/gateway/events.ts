/**
 * The dispatches a session gets from the emulator's world, shaped as Discord sends them (DOCS/EVENTS
 * "Ready", "Guild Create", "Guild Members Chunk"): READY with the bot user and its guilds as unavailable
 * ones (those on the session's shard), then one GUILD_CREATE per guild for a session with the GUILDS
 * intent, and the members a Request Guild Members asks for. A channel the bot may not view arrives
 * obfuscated, as the gateway sends it since 2026-11-16 (facts §9 "Channel visibility change").
 * Pure: built from the world's records.
 */
import { channelObject } from '../channel-object.js';
import { canViewChannel } from '../guild-access.js';
import { discordTimestamp } from '../discord-timestamp.js';
import { memberObject } from '../handlers/members.js';
import { guildObject, userObject } from '../handlers/pickers.js';
import type { World } from '../request-context.js';
import type { ChannelRecord, GuildRecord } from '../state.js';

/** CHANNEL_OBFUSCATED (DOCS/CHANNEL "Channel Flags"). */
const CHANNEL_OBFUSCATED = 1 << 17;
const VIEW_CHANNEL = 1n << 10n;

/** The guilds the bot is in: the sessions' guilds. */
export function botGuilds(world: World): GuildRecord[] {
  const botId = world.state.application.botUserId;
  return Object.values(world.state.guilds).filter((guild) => guild.members[botId] !== undefined);
}

export function readyEvent(world: World, session: { id: string; shard?: readonly [number, number] }, guilds: readonly GuildRecord[], resumeGatewayUrl: string) {
  const app = world.state.application;
  return {
    v: 10,
    user: { ...userObject(world.state.users[app.botUserId]!), verified: true, mfa_enabled: false, email: null },
    guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
    session_id: session.id,
    session_type: 'normal',
    resume_gateway_url: resumeGatewayUrl,
    ...(session.shard ? { shard: session.shard } : {}),
    application: { id: app.id, flags: app.flags },
  };
}

function gatewayChannel(guild: GuildRecord, botId: string, channel: ChannelRecord) {
  const shown = channelObject(channel, guild.id);
  if (canViewChannel(guild, botId, channel)) return shown;
  return {
    ...shown,
    name: '___hidden___',
    flags: CHANNEL_OBFUSCATED,
    permission_overwrites: [{ id: guild.id, type: 0, allow: '0', deny: String(VIEW_CHANNEL) }],
  };
}

export function guildCreateEvent(world: World, guild: GuildRecord) {
  const botId = world.state.application.botUserId;
  return {
    ...guildObject(guild),
    joined_at: discordTimestamp(guild.members[botId]!.joined_at),
    large: false,
    unavailable: false,
    member_count: Object.keys(guild.members).length,
    voice_states: [],
    // Without the GUILD_MEMBERS intent Discord sends the bot's own member only.
    members: [memberObject(world.state.users[botId]!, guild.members[botId]!)],
    channels: guild.channels.filter((channel) => ![10, 11, 12].includes(channel.type)).map((channel) => gatewayChannel(guild, botId, channel)),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** DOCS/EVENTS "Request Guild Members": what a request asks for. */
export interface MembersRequest {
  query?: string;
  limit: number;
  userIds?: string[];
  nonce?: string;
}

/** Prefix and id requests return at most 100 members (DOCS/EVENTS "Request Guild Members"). */
const MAX_MEMBERS_BY_QUERY = 100;

/**
 * The GUILD_MEMBERS_CHUNK answering a request, in one chunk (the emulator's guilds are small): members by
 * id (the others in `not_found`), or whose username or nickname starts with the query; `query: ""` with
 * `limit: 0` is the whole list.
 */
export function membersChunkEvent(world: World, guild: GuildRecord, request: MembersRequest) {
  const ids = Object.keys(guild.members);
  // Own keys only: an id such as "constructor" or "__proto__" names no member, whatever a plain object inherits.
  const isMember = (id: string) => Object.hasOwn(guild.members, id);
  let chosen: string[];
  if (request.userIds) {
    chosen = request.userIds.filter(isMember).slice(0, MAX_MEMBERS_BY_QUERY);
  } else {
    const prefix = (request.query ?? '').toLowerCase();
    const matching = ids.filter((id) => [world.state.users[id]?.username, guild.members[id]!.nick].some((name) => name?.toLowerCase().startsWith(prefix)));
    const whole = prefix === '' && request.limit === 0;
    chosen = whole ? matching : matching.slice(0, Math.min(request.limit || MAX_MEMBERS_BY_QUERY, MAX_MEMBERS_BY_QUERY));
  }
  const notFound = request.userIds?.filter((id) => !isMember(id)) ?? [];
  return {
    guild_id: guild.id,
    members: chosen.map((id) => memberObject(world.state.users[id]!, guild.members[id]!)),
    chunk_index: 0,
    chunk_count: 1,
    ...(notFound.length > 0 ? { not_found: notFound } : {}),
    ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
  };
}
