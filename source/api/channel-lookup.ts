/**
 * Checking a typed channel id before an overwrite names it: Discord tells a channel that does not exist
 * (Unknown Channel, 10003) from one the bot cannot view (Missing Access, 50001), which an overwrite may
 * rightly name. Reading a channel takes a bot token; without one the id is left unchecked, and said so.
 */
import type { DiscordApi } from './contract.js';
import { AuthRequiredError, DiscordApiError } from './errors.js';

export type ChannelLookup =
  | { status: 'channel'; guildId: string | undefined }
  /** It exists; the bot cannot view it (50001). */
  | { status: 'hidden' }
  /** Discord answered Unknown Channel (10003). */
  | { status: 'unknown' }
  /** No bot token: the id could not be checked. */
  | { status: 'unchecked'; reason: string };

const UNKNOWN_CHANNEL = 10003;
const MISSING_ACCESS = 50001;

export async function lookupChannel(api: DiscordApi, channelId: string): Promise<ChannelLookup> {
  try {
    const channel = (await api.getChannel(channelId)) as { guild_id?: unknown };
    return { status: 'channel', guildId: typeof channel.guild_id === 'string' ? channel.guild_id : undefined };
  } catch (error) {
    if (error instanceof AuthRequiredError) return { status: 'unchecked', reason: 'checking that an id names a channel needs a bot token' };
    if (error instanceof DiscordApiError && error.code === UNKNOWN_CHANNEL) return { status: 'unknown' };
    if (error instanceof DiscordApiError && error.code === MISSING_ACCESS) return { status: 'hidden' };
    throw error;
  }
}

/** The refusal of a channel id that names no channel of the guild, in the words `perms set` says it. */
export function notAChannelMessage(channelId: string, guildId: string, lookup: ChannelLookup): string | undefined {
  if (lookup.status === 'unknown') return `channel ${channelId} does not exist (Discord answered Unknown Channel, ${UNKNOWN_CHANNEL}): check the id (channels are named in \`cmd-tui perms who\` and the TUI's picker).`;
  if (lookup.status === 'channel' && lookup.guildId !== undefined && lookup.guildId !== guildId) return `channel ${channelId} is a channel of guild ${lookup.guildId}, not of guild ${guildId}: an overwrite here could never apply to it.`;
  return undefined;
}
