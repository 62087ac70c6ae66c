/**
 * The dispatches a session gets from the emulator's world, shaped as Discord sends them (DOCS/EVENTS
 * "Ready", "Guild Create"): READY with the bot user and its
 * guilds as unavailable ones (those on the session's shard), then one GUILD_CREATE per guild for a
 * session with the GUILDS intent. A channel the bot may not view arrives obfuscated, as the gateway
 * sends it since 2026-11-16 (facts §9 "Channel visibility change"). Pure: built from the world's records.
 */
import { channelObject } from '../channel-object.js';
import { canViewChannel } from '../guild-access.js';
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
    joined_at: guild.members[botId]!.joined_at,
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
