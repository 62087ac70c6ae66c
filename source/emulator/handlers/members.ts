/**
 * A guild's members, for the bot (OpenAPI `list_guild_members`, `search_guild_members`,
 * `get_guild_member`; security BotToken only): one member by id, the list in user-id order
 * (`limit` 1–1000, default 1; `after` a user id), and the search Discord documents as "members whose
 * username or nickname starts with a provided string" (`query` 1–100 characters, required).
 * Query errors are Discord's 400/50035 field errors, worded as Discord words them for other limits
 * (NUMBER_TYPE_MAX "int value should be less than or equal to 100." for messages' `limit`, as public
 * bot code quotes it; facts §6.3 for BASE_TYPE_REQUIRED and BASE_TYPE_BAD_LENGTH).
 */
import { apiError, formBodyError, type FieldErrorItem } from '../api-errors.js';
import { requireBot } from '../auth.js';
import { json, type Handler, type World } from '../request-context.js';
import { isSnowflake } from '../snowflake.js';
import { discordTimestamp, discordTimestampOrNull } from '../discord-timestamp.js';
import type { GuildRecord, MemberRecord, UserRecord } from '../state.js';
import { botGuild, userObject } from './pickers.js';

const MAX_LIMIT = 1000;
const MAX_QUERY_LENGTH = 100;

/** The guild member object (OpenAPI GuildMemberResponse: every required field). */
export function memberObject(user: UserRecord, member: MemberRecord) {
  return {
    user: userObject(user),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: member.roles,
    joined_at: discordTimestamp(member.joined_at),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: discordTimestampOrNull(member.communication_disabled_until),
  };
}

export const getGuildMember: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const guild = botGuild(world, ctx.params.guild_id!);
  const userId = ctx.params.user_id!;
  const user = world.state.users[userId];
  if (!user) throw apiError('unknownUser');
  const member = guild.members[userId];
  if (!member) throw apiError('unknownMember');
  return json(200, memberObject(user, member));
};

export const listGuildMembers: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const guild = botGuild(world, ctx.params.guild_id!);
  const problems: FieldErrorItem[] = [];
  const limit = readLimit(ctx.query, problems);
  const after = ctx.query.get('after') ?? '0';
  if (!isSnowflake(after) && after !== '0') problems.push({ path: 'after', code: 'NUMBER_TYPE_COERCE', message: `Value "${after}" is not snowflake.` });
  if (problems.length > 0) throw formBodyError(problems);
  const members = membersOf(guild, world)
    .filter(({ user }) => BigInt(user.id) > BigInt(after))
    .slice(0, limit);
  return json(200, members.map(({ user, member }) => memberObject(user, member)));
};

export const searchGuildMembers: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  const guild = botGuild(world, ctx.params.guild_id!);
  const problems: FieldErrorItem[] = [];
  const limit = readLimit(ctx.query, problems);
  const query = ctx.query.get('query');
  if (query === null) problems.push({ path: 'query', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  else if (query.length < 1 || query.length > MAX_QUERY_LENGTH) {
    problems.push({ path: 'query', code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between 1 and ${MAX_QUERY_LENGTH} in length.` });
  }
  if (problems.length > 0 || query === null) throw formBodyError(problems);
  const needle = query.toLowerCase();
  const found = membersOf(guild, world).filter(({ user, member }) =>
    [user.username, member.nick].some((name) => name?.toLowerCase().startsWith(needle)),
  );
  return json(200, found.slice(0, limit).map(({ user, member }) => memberObject(user, member)));
};

/** Members with their users, in user-id order (the order `after` pages through). */
function membersOf(guild: GuildRecord, world: World): { user: UserRecord; member: MemberRecord }[] {
  return Object.entries(guild.members)
    .flatMap(([id, member]) => {
      const user = world.state.users[id];
      return user ? [{ user, member }] : [];
    })
    .sort((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1));
}

/** `limit`: an integer from 1 to 1000, default 1 (as Discord documents both routes). */
function readLimit(query: URLSearchParams, problems: FieldErrorItem[]): number {
  const text = query.get('limit');
  if (text === null) return 1;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) {
    problems.push({ path: 'limit', code: 'NUMBER_TYPE_COERCE', message: `Value "${text}" is not int.` });
  } else if (value < 1) {
    problems.push({ path: 'limit', code: 'NUMBER_TYPE_MIN', message: 'int value should be greater than or equal to 1.' });
  } else if (value > MAX_LIMIT) {
    problems.push({ path: 'limit', code: 'NUMBER_TYPE_MAX', message: `int value should be less than or equal to ${MAX_LIMIT}.` });
  }
  return value;
}
