/**
 * The read-only routes the UI's pickers use: the application, the current user and their guilds,
 * and a guild's roles and channels (without those the bot cannot view); members are in members.ts.
 */
import { apiError } from '../api-errors.js';
import { channelObject } from '../channel-object.js';
import { requireBot, requireBotOrScope, SCOPES } from '../auth.js';
import { canViewChannel, memberGuildPermissions } from '../guild-access.js';
import { json, queryFlag, type Handler, type World } from '../request-context.js';
import type { GuildRecord, UserRecord } from '../state.js';
import { isSnowflake } from '../snowflake.js';
import { signerOf } from '../interactions/signing.js';

/** The user a token belongs to, as `/users/@me` (and `/oauth2/userinfo`) show it: with the account's own fields. */
export function currentUserObject(user: UserRecord) {
  return { ...userObject(user), mfa_enabled: false, locale: 'en-US' };
}

export function userObject(user: UserRecord) {
  return {
    id: user.id,
    username: user.username,
    global_name: user.global_name,
    discriminator: '0',
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    primary_guild: null,
  };
}

export function applicationObject(world: World) {
  const app = world.state.application;
  const owner = world.state.users[app.ownerId]!;
  const bot = world.state.users[app.botUserId]!;
  const install = { scopes: ['applications.commands', 'bot'], permissions: '2048' };
  return {
    id: app.id,
    name: app.name,
    icon: null,
    description: app.description,
    summary: '',
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: signerOf(app).publicKeyHex,
    flags: app.flags,
    flags_new: String(app.flags),
    redirect_uris: app.redirectUris,
    interactions_endpoint_url: app.interactionsEndpointUrl ?? null,
    integration_types_config: Object.fromEntries(
      app.integrationTypes.map((type) => [
        String(type),
        { oauth2_install_params: type === 0 ? install : { scopes: ['applications.commands'], permissions: '0' } },
      ]),
    ),
    team: null,
    owner: userObject(owner),
    bot: userObject(bot),
    approximate_guild_count: Object.values(world.state.guilds).filter((guild) => guild.appInstalled).length,
    approximate_user_install_count: 0,
    approximate_user_authorization_count: 1,
    role_connections_verification_url: null,
    explicit_content_filter: 0,
    eligible_oauth2_scopes: ['applications.commands', 'bot', 'identify', 'guilds', 'applications.commands.permissions.update'],
    hook: true,
    tags: [],
  };
}

/** The app itself: its bot token or its client-credentials token; a user's Bearer is not the app (401). */
export const getApplication: Handler = (ctx, world) => {
  if (ctx.auth.kind !== 'bot' && ctx.auth.kind !== 'client-credentials') throw apiError('unauthorized');
  return json(200, applicationObject(world));
};

export const getBotApplication: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  return json(200, applicationObject(world));
};

export const getCurrentUser: Handler = (ctx, world) => {
  const userId = requireBotOrScope(ctx.auth, SCOPES.identify) ?? world.state.application.botUserId;
  // The current user also sees their own account settings.
  return json(200, currentUserObject(world.state.users[userId]!));
};

/** Any user by id, for the bot (DOCS/USER "Get User"); 10013 for an id no one has. */
export const getUser: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const user = world.state.users[ctx.params.user_id!];
  if (!user) throw apiError('unknownUser');
  return json(200, userObject(user));
};

export const getCurrentUserGuilds: Handler = (ctx, world) => {
  const userId = requireBotOrScope(ctx.auth, SCOPES.guilds) ?? world.state.application.botUserId;
  const limit = Math.min(Math.max(Number(ctx.query.get('limit') ?? 200) || 200, 1), 200);
  const after = ctx.query.get('after');
  const before = ctx.query.get('before');
  const withCounts = queryFlag(ctx.query, 'with_counts');
  const guilds = Object.values(world.state.guilds)
    .filter((guild) => guild.members[userId])
    .filter((guild) => !after || !isSnowflake(after) || BigInt(guild.id) > BigInt(after))
    .filter((guild) => !before || !isSnowflake(before) || BigInt(guild.id) < BigInt(before))
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
    .slice(0, limit);
  return json(
    200,
    guilds.map((guild) => ({
      id: guild.id,
      name: guild.name,
      icon: null,
      banner: null,
      owner: guild.ownerId === userId,
      permissions: String(memberGuildPermissions(guild, userId)),
      features: [],
      // DOCS/USER "Get Current User Guilds": only with ?with_counts=true.
      ...(withCounts ? approximateCounts(guild) : {}),
    })),
  );
};

/** Guild routes are for the bot, which must be in the guild. */
export function botGuild(world: World, guildId: string): GuildRecord {
  const guild = world.state.guilds[guildId];
  if (!guild) throw apiError('unknownGuild');
  if (!guild.members[world.state.application.botUserId]) throw apiError('missingAccess');
  return guild;
}

export function roleObject(role: GuildRecord['roles'][number]) {
  return {
    ...role,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    icon: null,
    unicode_emoji: null,
    flags: 0,
    ...(role.managed ? { tags: { bot_id: '0' } } : {}),
  };
}

/** Members and, of them, those online (the bot alone), as `with_counts` and the guild preview give them. */
export function approximateCounts(guild: GuildRecord) {
  return { approximate_member_count: Object.keys(guild.members).length, approximate_presence_count: 1 };
}

export const getGuild: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const guild = botGuild(world, ctx.params.guild_id!);
  // DOCS/GUILD "Get Guild": with_counts=true adds them; discord.py and discord.js always ask for them.
  return json(200, { ...(queryFlag(ctx.query, 'with_counts') ? approximateCounts(guild) : {}), ...guildObject(guild) });
};

/** The guild object (DOCS/GUILD "Guild Object"), as Get Guild and the gateway's GUILD_CREATE give it. */
export function guildObject(guild: GuildRecord) {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    banner: null,
    splash: null,
    discovery_splash: null,
    description: null,
    owner_id: guild.ownerId,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 1,
    default_message_notifications: 1,
    explicit_content_filter: 2,
    roles: guild.roles.map(roleObject),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: 'en-US',
    nsfw_level: 0,
    max_members: 500000,
    max_presences: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    premium_subscription_count: 0,
    widget_enabled: false,
    widget_channel_id: null,
    home_header: null,
    incidents_data: null,
    nsfw: false,
  };
}

export const getGuildRoles: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  return json(200, botGuild(world, ctx.params.guild_id!).roles.map(roleObject));
};

/** Channels the bot lacks VIEW_CHANNEL for are omitted (platform change of 2026-11-16). */
export const getGuildChannels: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const guild = botGuild(world, ctx.params.guild_id!);
  const botId = world.state.application.botUserId;
  return json(
    200,
    guild.channels
      .filter((channel) => canViewChannel(guild, botId, channel))
      .map((channel) => channelObject(channel, guild.id)),
  );
};
