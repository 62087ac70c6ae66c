/**
 * Where Try runs a command when the user has not said, in every door: the emulator's try route (what
 * `cmd-tui try` and the agents' try_command get without a member or a channel) and the TUI's Try form.
 * As Discord's client would: the person trying is the one signed in to it, the app's developer — its
 * owner — when they are in the guild; else (a copied guild the developer is not in) the guild's owner, else
 * its first member. The channel is the first text channel where that member may use the command (Discord's
 * picker hides it elsewhere), else the first text channel.
 */
import type { CommandAccessInput } from './effective-access.js';
import { hiddenCommandReason } from './member-access.js';
import { COMMAND_CHANNEL_TYPES } from './model.js';

export interface TryGuildFacts {
  /** The guild's members' ids, as far as they were read. */
  memberIds: readonly string[];
  appOwnerId: string | undefined;
  guildOwnerId: string | undefined;
}

export function defaultTryMember({ memberIds, appOwnerId, guildOwnerId }: TryGuildFacts): string | undefined {
  return [appOwnerId, guildOwnerId].find((id) => id !== undefined && memberIds.includes(id)) ?? memberIds[0];
}

/** `access`: who-can-use's input for the command; without it (not read) any text channel will do. */
export function defaultTryChannel(channels: readonly { id: string; type: number }[], userId: string, access: CommandAccessInput | undefined, now: number): string | undefined {
  const textChannels = channels.filter((channel) => COMMAND_CHANNEL_TYPES.includes(channel.type));
  const usable = (channelId: string) => !access || hiddenCommandReason(access, userId, channelId, now) === undefined;
  return (textChannels.find((channel) => usable(channel.id)) ?? textChannels[0])?.id;
}
