/**
 * Reads what the permissions screen and `perms list|set|who` show about one guild: every overwrite entry (app-level
 * and per command, guild and global) and the directory that names their targets — roles, channels
 * (the bot-visible ones), the members that user overwrites point at and the guild's owner (who can
 * always use commands). Names are a courtesy: a
 * list that cannot be read (no bot token) leaves its targets shown by id instead of failing.
 */
import { canReadCommands, type DiscordApi } from './contract.js';
import { AuthRequiredError, DiscordApiError } from './errors.js';
import { GLOBAL_SCOPE, guildScope, PermissionType, type Command, type Member } from '../discord/model.js';
import { permissionEntries, unlistedEntries, type PermissionEntry } from '../discord/overwrite-entries.js';
import type { GuildDirectory } from '../discord/overwrite-targets.js';

export interface GuildOverwrites {
  entries: PermissionEntry[];
  directory: GuildDirectory;
}

/** User overwrites are resolved one request each; beyond this many they are shown by id. */
const MAX_MEMBER_LOOKUPS = 25;

export interface LoadOptions {
  /**
   * Where a browser sign-in alone (which Discord lets read overwrites, not commands) may still be
   * used: the lists are shown by command id, named from these commands (a local backup's) where they
   * have the id. Without it, such a sign-in is refused before any request.
   */
  signInOnly?: { knownCommands: () => Promise<readonly Command[]> };
}

export async function loadGuildOverwrites(api: DiscordApi, guildId: string, options: LoadOptions = {}): Promise<GuildOverwrites> {
  const commandsReadable = canReadCommands(api);
  if (!commandsReadable && options.signInOnly) {
    const [permissions, known] = await Promise.all([api.listGuildPermissions(guildId), options.signInOnly.knownCommands().catch(() => [])]);
    const entries = unlistedEntries(api.applicationId, permissions, known);
    return { entries, directory: await loadGuildDirectory(api, guildId, userIdsOf(entries)) };
  }
  // Checked here, before any request, so a sign-in alone gets a message about overwrites, not about managing commands.
  if (!commandsReadable) {
    throw new AuthRequiredError(
      ['bot', 'client-credentials'],
      'Reading the commands whose overwrites these are (and backing them up before a change) needs a bot token or client credentials; the browser sign-in is used only for the change itself.',
      'Run `cmd-tui auth set-bot-token` (or set DISCORD_BOT_TOKEN), or `cmd-tui auth set-client-credentials`.',
    );
  }
  const [guildCommands, globalCommands, permissions] = await Promise.all([
    api.listCommands(guildScope(guildId)),
    api.listCommands(GLOBAL_SCOPE),
    api.listGuildPermissions(guildId),
  ]);
  const entries = permissionEntries(api.applicationId, guildCommands, globalCommands, permissions);
  return { entries, directory: await loadGuildDirectory(api, guildId, userIdsOf(entries)) };
}

function userIdsOf(entries: readonly PermissionEntry[]): string[] {
  return entries.flatMap((e) => e.overwrites.filter((o) => o.type === PermissionType.User).map((o) => o.id));
}

/**
 * What names overwrite targets in one guild: roles, the channels the bot can view, these users as
 * members (the first few: one request each) and the owner. Each part is optional: without it the
 * targets are shown by id.
 */
export async function loadGuildDirectory(api: DiscordApi, guildId: string, userIds: readonly string[]): Promise<GuildDirectory> {
  const [roles, channels, members, guild] = await Promise.all([
    optional(api.getGuildRoles(guildId)),
    optional(api.getGuildChannels(guildId)),
    Promise.all([...new Set(userIds)].slice(0, MAX_MEMBER_LOOKUPS).map((id) => optional(api.getGuildMember(guildId, id)))),
    optional(api.getGuild(guildId)),
  ]);
  const ownerId = guild?.owner_id;
  const unread = [...(roles ? [] : (['roles'] as const)), ...(channels ? [] : (['channels'] as const))];
  return {
    guildId,
    roles: roles ?? [],
    channels: channels ?? [],
    members: members.filter((m): m is Member => m !== undefined),
    ...(ownerId ? { ownerId } : {}),
    ...(guild?.name ? { guildName: guild.name } : {}),
    ...(unread.length > 0 ? { unread } : {}),
  };
}

/** Missing credentials for a lookup, or a member who left (404), leave the name unknown. */
async function optional<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof AuthRequiredError) return undefined;
    if (error instanceof DiscordApiError && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
}
