/**
 * The reads one guild's audit needs — its commands, overwrites, and (only when an overwrite names
 * one) its roles and channels — turned into the audit engine's findings. Shared by `cmd-tui audit`
 * and the TUI's audit screen. A guild the app lost access to is an unreadable guild, not a failure.
 */
import type { DiscordApi } from './contract.js';
import { AuthRequiredError, DiscordApiError } from './errors.js';
import type { AppFacts } from '../discord/app-facts.js';
import { auditGuild, unreadableGuild, type GuildAudit, type GuildSnapshot } from '../discord/audit.js';
import { PermissionType, guildScope, type Command, type PartialGuild } from '../discord/model.js';

/** Discord's 50001 "Missing Access" on a guild's commands: the app is not installed there. */
const MISSING_ACCESS = 50001;

export type GuildOutcome = GuildAudit & { notInstalled?: true };

export function isNotInstalled(audit: GuildOutcome): boolean {
  return audit.notInstalled === true;
}

/** `signal`: the audit was stopped (another guild failed): no further reads for this guild. */
export async function auditOneGuild(api: DiscordApi, guild: PartialGuild, globalCommands: Command[], app: AppFacts, signal?: AbortSignal): Promise<GuildOutcome> {
  try {
    return auditGuild(await snapshotGuild(api, guild, signal), globalCommands, app);
  } catch (error) {
    // One guild the app lost access to must not sink the audit of the others.
    if (error instanceof DiscordApiError && (error.status === 403 || error.status === 404)) {
      return { ...unreadableGuild(guild.id, guild.name, error.message), ...(error.code === MISSING_ACCESS ? { notInstalled: true } : {}) };
    }
    throw error;
  }
}

/** Roles and channels are read only when an overwrite needs them checked. */
async function snapshotGuild(api: DiscordApi, guild: PartialGuild, signal?: AbortSignal): Promise<GuildSnapshot> {
  const [commands, permissions] = await Promise.all([api.listCommands(guildScope(guild.id), { withLocalizations: true }), api.listGuildPermissions(guild.id)]);
  signal?.throwIfAborted();
  const overwrites = permissions.flatMap((entry) => entry.permissions);
  const [roles, channels] = await Promise.all([
    overwrites.some((o) => o.type === PermissionType.Role) ? readable(api.getGuildRoles(guild.id)) : [],
    overwrites.some((o) => o.type === PermissionType.Channel) ? readable(api.getGuildChannels(guild.id)) : [],
  ]);
  return { guildId: guild.id, guildName: guild.name, commands, permissions, roles, channels };
}

/** Roles and channels need a bot token; without one those checks are skipped, not failed. */
async function readable<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof AuthRequiredError) return null;
    throw error;
  }
}

export async function guildNamed(api: DiscordApi, guildId: string): Promise<PartialGuild> {
  return readable(api.getGuild(guildId)).then((guild) => guild ?? { id: guildId, name: guildId });
}
