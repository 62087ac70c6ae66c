/**
 * Path parameters to domain objects: the application (10002 when unknown), the guild (10004) and
 * whether the app is installed there (50001), shared by the command and permission handlers.
 */
import { apiError } from '../api-errors.js';
import type { Scope } from '../../discord/model.js';
import type { RequestContext, World } from '../request-context.js';
import type { GuildRecord } from '../state.js';

export function requireApplication(ctx: RequestContext, world: World): void {
  if (ctx.params.application_id !== world.state.application.id) throw apiError('unknownApplication');
}

export function requireGuild(world: World, guildId: string): GuildRecord {
  const guild = world.state.guilds[guildId];
  if (!guild) throw apiError('unknownGuild');
  return guild;
}

/** The guild, which must have the app authorized with applications.commands (else 403/50001). */
export function requireInstalledGuild(world: World, guildId: string): GuildRecord {
  const guild = requireGuild(world, guildId);
  if (!guild.appInstalled) throw apiError('missingAccess');
  return guild;
}

/** The command scope a route addresses: global, or the guild in the path. */
export function scopeOf(ctx: RequestContext, world: World): Scope {
  requireApplication(ctx, world);
  const guildId = ctx.params.guild_id;
  if (guildId === undefined) return { kind: 'global' };
  requireInstalledGuild(world, guildId);
  return { kind: 'guild', guildId };
}
