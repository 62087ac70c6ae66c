/**
 * Reading an app's commands where they live (live Discord) to copy them into an emulator, for the TUI's
 * Try screen and `cmd-tui serve --copy-commands`: the global commands and one guild's, with their
 * localizations, and the guild's roles, channels, first members and overwrites when these credentials
 * can read them (else the emulator's seeded people stand in, and the copy says why). Only reads: nothing
 * is ever written where the commands were read. `describeCopy` is what both say about the copy.
 */
import type { DiscordApi } from '../api/contract.js';
import { AuthRequiredError, DiscordApiError, RequestCancelledError } from '../api/errors.js';
import { GLOBAL_SCOPE, guildScope, type Member } from '../discord/model.js';
import type { AppCopy, CopyInResult, GuildPeople } from '../emulator/copy-in.js';

/** Enough members to pick from when trying a command; one page of Discord's member list. */
const MEMBER_PAGE = 100;

export interface ReadCopy {
  copy: AppCopy;
  /** Why the guild's people could not be read (the emulator's seeded people stand in). */
  peopleProblem?: string;
}

/** A member looked up by id who is not there (or may not be read) is left out. */
async function memberIfAny(api: DiscordApi, guildId: string, userId: string | undefined): Promise<Member[]> {
  if (!userId) return [];
  try {
    return [await api.getGuildMember(guildId, userId)];
  } catch (error) {
    if (error instanceof DiscordApiError && (error.status === 404 || error.status === 403)) return [];
    throw error;
  }
}

async function readPeople(api: DiscordApi, guildId: string): Promise<{ name: string; people: GuildPeople }> {
  const [guild, roles, channels, page, overwrites] = await Promise.all([
    api.getGuild(guildId),
    api.getGuildRoles(guildId),
    api.getGuildChannels(guildId),
    api.listGuildMembers(guildId, { limit: MEMBER_PAGE }),
    api.listGuildPermissions(guildId),
  ]);
  // The owner (whom the client starts as) and the app's bot (whose roles its stand-in takes) even beyond the first page.
  const listed = new Set(page.map((member) => member.user?.id));
  const missing = [guild.owner_id, api.applicationId].filter((id) => id !== undefined && !listed.has(id));
  const found = (await Promise.all(missing.map((id) => memberIfAny(api, guildId, id)))).flat();
  return { name: guild.name, people: { ...(guild.owner_id ? { ownerId: guild.owner_id } : {}), roles, channels, members: [...page, ...found], overwrites } };
}

/** The app's commands (global, and `guildId`'s) as the API has them, and the guild's people if they can be read. */
export async function readAppCopy(api: DiscordApi, guildId: string | undefined): Promise<ReadCopy> {
  const [global, guildCommands] = await Promise.all([
    api.listCommands(GLOBAL_SCOPE, { withLocalizations: true }),
    guildId === undefined ? undefined : api.listCommands(guildScope(guildId), { withLocalizations: true }),
  ]);
  const copy: AppCopy = { applicationId: api.applicationId, global };
  if (guildId === undefined || !guildCommands) return { copy };
  try {
    const { name, people } = await readPeople(api, guildId);
    return { copy: { ...copy, guild: { id: guildId, name, commands: guildCommands, people } } };
  } catch (error) {
    if (error instanceof RequestCancelledError) throw error;
    if (!(error instanceof DiscordApiError || error instanceof AuthRequiredError)) throw error;
    return { copy: { ...copy, guild: { id: guildId, name: `guild ${guildId}`, commands: guildCommands } }, peopleProblem: error.message };
  }
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What was copied where, in one sentence, and whose people the guild has (and why, when they are the emulator's). */
export function describeCopy(result: CopyInResult, read: ReadCopy): string {
  const global = count(result.global, 'global command');
  const guild = result.guild;
  const source = read.copy.guild;
  if (!guild || !source) return `Copied ${global} (ids kept); no guild was in view, so the emulator's seeded guilds and people are there to try them in.`;
  const commands = `${global} and ${count(guild.commands, 'command')} of ${source.name} (ids kept)`;
  if (guild.people === 'copied') return `Copied ${commands}, with its roles, channels and first ${MEMBER_PAGE} members as read.`;
  return `Copied ${commands} into the emulator's guild ${guild.name}, with its seeded people: ${source.name}'s members, roles and channels could not be read (${read.peopleProblem ?? 'no reason given'}).`;
}
