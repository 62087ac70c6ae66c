/**
 * Finding the people a permission overwrite names: members by name (Discord's member search, which
 * takes a bot token) and one member by id, to check a typed id before it is saved. Without a bot
 * token the search falls back to what the sign-in can see — the signed-in user — and says so.
 */
import type { DiscordApi } from './contract.js';
import { AuthRequiredError, DiscordApiError } from './errors.js';
import type { Member } from '../discord/model.js';

/** Enough for a pick list; Discord allows up to 1000. */
const MEMBER_PAGE = 25;
/** Discord's bound on `query` (OpenAPI search_guild_members). */
const MAX_QUERY = 100;

export interface MemberSearchResult {
  members: Member[];
  /** Why the list is partial (no bot token), when it is. */
  note?: string;
}

export const NO_BOT_SEARCH = 'Member search needs a bot token';

/** An empty query lists the first members; anything else searches usernames and nicknames. */
export async function findMembers(api: DiscordApi, guildId: string, query: string): Promise<MemberSearchResult> {
  const text = query.trim().slice(0, MAX_QUERY);
  if (api.authKinds().includes('bot')) {
    const members = text === '' ? await api.listGuildMembers(guildId, { limit: MEMBER_PAGE }) : await api.searchGuildMembers(guildId, text, MEMBER_PAGE);
    return { members };
  }
  if (!api.authKinds().includes('user')) {
    return { members: [], note: `${NO_BOT_SEARCH}: type the user's id (it cannot be checked without one either).` };
  }
  const me = await api.getCurrentUser();
  const needle = text.toLowerCase();
  // As Discord's member search matches: the start of a username or display name.
  const matches = [me.username, me.global_name].some((name) => name?.toLowerCase().startsWith(needle));
  // Roles unknown: only a bot can read this member's roles.
  return {
    members: matches ? [{ user: me, roles: [] }] : [],
    note: `${NO_BOT_SEARCH}: only you (the signed-in user) can be found; type another user's id to add them.`,
  };
}

export type MemberLookup =
  | { status: 'member'; member: Member }
  /** Discord answered Unknown Member (10007) or Unknown User (10013). */
  | { status: 'not-a-member'; code: number }
  /** No bot token: the id could not be checked. */
  | { status: 'unchecked'; reason: string };

const NOT_A_MEMBER = new Set([10007, 10013]);

/** Discord's answer that a user id names no member of the guild (no such user, or not in it). */
export function namesNoMember(error: unknown): error is DiscordApiError {
  return error instanceof DiscordApiError && error.status === 404 && NOT_A_MEMBER.has(error.code);
}

/** The refusal of a typed user id, in the words the TUI and `perms set` share. */
export function notAMemberMessage(userId: string, guild: string, code: number): string {
  return `${userId} names no member of ${guild} (Discord answered ${code === 10013 ? 'Unknown User' : 'Unknown Member'}, ${code}).`;
}

export async function lookupMember(api: DiscordApi, guildId: string, userId: string): Promise<MemberLookup> {
  try {
    return { status: 'member', member: await api.getGuildMember(guildId, userId) };
  } catch (error) {
    if (error instanceof AuthRequiredError) return { status: 'unchecked', reason: 'checking that an id names a member needs a bot token' };
    if (namesNoMember(error)) return { status: 'not-a-member', code: error.code };
    throw error;
  }
}
