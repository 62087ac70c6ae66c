/**
 * Every Discord path cmd-tui calls, in one place, and the rate-limit identity of a request:
 * the route with its ids masked (the key under which Discord's bucket is learned) and the
 * major id (the top-level resource that Discord limits independently).
 */
import type { Scope } from '../discord/model.js';

export const Routes = {
  currentApplication: () => '/applications/@me',
  commands: (applicationId: string, scope: Scope) =>
    scope.kind === 'global' ? `/applications/${applicationId}/commands` : `/applications/${applicationId}/guilds/${scope.guildId}/commands`,
  command: (applicationId: string, scope: Scope, commandId: string) => `${Routes.commands(applicationId, scope)}/${commandId}`,
  guildCommandPermissions: (applicationId: string, guildId: string) => `/applications/${applicationId}/guilds/${guildId}/commands/permissions`,
  commandPermissions: (applicationId: string, guildId: string, commandId: string) =>
    `/applications/${applicationId}/guilds/${guildId}/commands/${commandId}/permissions`,
  currentUser: () => '/users/@me',
  currentUserGuilds: () => '/users/@me/guilds',
  currentAuthorization: () => '/oauth2/@me',
  guild: (guildId: string) => `/guilds/${guildId}`,
  guildRoles: (guildId: string) => `/guilds/${guildId}/roles`,
  guildChannels: (guildId: string) => `/guilds/${guildId}/channels`,
  channel: (channelId: string) => `/channels/${channelId}`,
  guildMembers: (guildId: string) => `/guilds/${guildId}/members`,
  guildMemberSearch: (guildId: string) => `/guilds/${guildId}/members/search`,
  guildMember: (guildId: string, userId: string) => `/guilds/${guildId}/members/${userId}`,
  oauthToken: () => '/oauth2/token',
  oauthRevoke: () => '/oauth2/token/revoke',
} as const;

export interface RateLimitIdentity {
  /** `GET /applications/:id/guilds/:id/commands`: requests with the same key share a learned bucket. */
  routeKey: string;
  /** The top-level resource id (guild, channel, webhook), or `global` when the path has none. */
  major: string;
}

/** Any all-digit segment is an id (snowflakes; the emulator may use shorter ones). */
const SNOWFLAKE = /^\d+$/;
const TOP_LEVEL_RESOURCES = new Set(['guilds', 'channels', 'webhooks']);

export function rateLimitIdentity(method: string, path: string): RateLimitIdentity {
  const segments = path.split('?')[0]!.split('/');
  let major = 'global';
  const masked = segments.map((segment, index) => {
    if (!SNOWFLAKE.test(segment)) return segment;
    const parent = segments[index - 1] ?? '';
    if (major === 'global' && TOP_LEVEL_RESOURCES.has(parent)) major = segment;
    return ':id';
  });
  return { routeKey: `${method.toUpperCase()} ${masked.join('/')}`, major };
}
