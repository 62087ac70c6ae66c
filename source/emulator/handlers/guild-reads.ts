/**
 * The guild reads bot libraries call beyond the pickers' (discord.py `fetch_channel`/`fetch_role`,
 * hikari `fetch_channel`/`fetch_role`/`fetch_guild_preview`/`fetch_active_threads`, discord.js
 * `channels.fetch(id)`/`roles.fetch(id)`): a channel by id, a role by id, the member count per role,
 * the guild preview and the active threads. All for the bot (SPEC security BotToken only): a user's
 * Bearer is told 401 as on every guild read (discord-api-docs#1008, #1221).
 */
import { apiError } from '../api-errors.js';
import { requireBot } from '../auth.js';
import { channelObject } from '../channel-object.js';
import { canViewChannel } from '../guild-access.js';
import { json, type Handler, type World } from '../request-context.js';
import type { ChannelRecord, GuildRecord } from '../state.js';
import { approximateCounts, botGuild, roleObject } from './pickers.js';

function findChannel(world: World, channelId: string): { guild: GuildRecord; channel: ChannelRecord } | undefined {
  for (const guild of Object.values(world.state.guilds)) {
    const channel = guild.channels.find((candidate) => candidate.id === channelId);
    if (channel) return { guild, channel };
  }
  return undefined;
}

/**
 * The channel as the guild's channel list gives it. 10003 for an id no guild has; 50001 Missing Access
 * for a channel of a guild the bot is not in and for one it may not view (discord.py's fetch_channel and
 * discordgo's Channel answered so: test/fixtures/discord/channel-missing-access.json, discord-api-docs#867).
 */
export const getChannel: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const found = findChannel(world, ctx.params.channel_id!);
  if (!found) throw apiError('unknownChannel');
  const botId = world.state.application.botUserId;
  if (!found.guild.members[botId] || !canViewChannel(found.guild, botId, found.channel)) throw apiError('missingAccess');
  return json(200, channelObject(found.channel, found.guild.id));
};

export const getGuildRole: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const role = botGuild(world, ctx.params.guild_id!).roles.find((candidate) => candidate.id === ctx.params.role_id);
  if (!role) throw apiError('unknownRole');
  return json(200, roleObject(role));
};

/** Role id → members holding it; @everyone is left out (DOCS/GUILD "Get Guild Role Member Counts"). */
export const getRoleMemberCounts: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const guild = botGuild(world, ctx.params.guild_id!);
  const members = Object.values(guild.members);
  return json(
    200,
    Object.fromEntries(
      guild.roles.filter((role) => role.id !== guild.id).map((role) => [role.id, members.filter((member) => member.roles.includes(role.id)).length]),
    ),
  );
};

/** The preview's every required field (SPEC GuildPreviewResponse); the seeded guilds have no art, emojis or stickers. */
export const getGuildPreview: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const guild = botGuild(world, ctx.params.guild_id!);
  return json(200, {
    id: guild.id,
    name: guild.name,
    icon: null,
    description: null,
    home_header: null,
    splash: null,
    discovery_splash: null,
    features: [],
    ...approximateCounts(guild),
    emojis: [],
    stickers: [],
  });
};

/** The emulator's guilds have no threads: the list is empty, in the documented shape (SPEC ThreadsResponse). */
export const getActiveThreads: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  botGuild(world, ctx.params.guild_id!);
  return json(200, { threads: [], members: [], has_more: false });
};
