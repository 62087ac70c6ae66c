/**
 * Reading an app's commands where they live (live Discord) to copy them into an emulator, for the TUI's
 * Try screen and `cmd-tui serve --copy-commands`: the global commands and one guild's, with their
 * localizations, and the guild's roles, channels, first members and overwrites when these credentials
 * can read them (else the emulator's seeded people stand in, and the copy says why). Only reads: nothing
 * is ever written where the commands were read. `describeCopy` is what both say about the copy.
 */
import type { DiscordApi } from '../api/contract.js';
import { AuthRequiredError, DiscordApiError } from '../api/errors.js';
import { GLOBAL_SCOPE, guildScope, type Member, type PartialGuild } from '../discord/model.js';
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

async function readPeople(api: DiscordApi, guild: PartialGuild): Promise<GuildPeople> {
  const guildId = guild.id;
  const [roles, channels, page, overwrites] = await Promise.all([
    api.getGuildRoles(guildId),
    api.getGuildChannels(guildId),
    api.listGuildMembers(guildId, { limit: MEMBER_PAGE }),
    api.listGuildPermissions(guildId),
  ]);
  // The owner (whom the client starts as) and the app's bot (whose roles its stand-in takes) even beyond the first page.
  const listed = new Set(page.map((member) => member.user?.id));
  const missing = [guild.owner_id, api.applicationId].filter((id) => id !== undefined && !listed.has(id));
  const found = (await Promise.all(missing.map((id) => memberIfAny(api, guildId, id)))).flat();
  return { ...(guild.owner_id ? { ownerId: guild.owner_id } : {}), roles, channels, members: [...page, ...found], overwrites };
}

/** A refusal of these credentials (an answer of the API, or a token they lack) is told; anything else is thrown. */
function refusal(error: unknown): { refused: string } {
  if (error instanceof DiscordApiError || error instanceof AuthRequiredError) return { refused: error.message };
  throw error;
}

/** The app's commands (global, and `guildId`'s) as the API has them, and the guild's people if they can be read. */
export async function readAppCopy(api: DiscordApi, guildId: string | undefined): Promise<ReadCopy> {
  const [global, guildCommands, read] = await Promise.all([
    api.listCommands(GLOBAL_SCOPE, { withLocalizations: true }),
    guildId === undefined ? undefined : api.listCommands(guildScope(guildId), { withLocalizations: true }),
    guildId === undefined ? undefined : api.getGuild(guildId).then((guild) => ({ guild }), refusal),
  ]);
  const copy: AppCopy = { applicationId: api.applicationId, global };
  if (guildId === undefined || !guildCommands || !read) return { copy };
  const name = 'guild' in read ? read.guild.name : `guild ${guildId}`;
  const seeded = (problem: string): ReadCopy => ({ copy: { ...copy, guild: { id: guildId, name, commands: guildCommands } }, peopleProblem: problem });
  if (!('guild' in read)) return seeded(read.refused);
  const people = await readPeople(api, read.guild).then((found) => ({ found }), refusal);
  if (!('found' in people)) return seeded(people.refused);
  return { copy: { ...copy, guild: { id: guildId, name, commands: guildCommands, people: people.found } } };
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What was copied where, in one sentence, and whose people the guild has (and why, when they are the emulator's). */
export function describeCopy(result: CopyInResult, read: ReadCopy): string {
  const global = count(result.global, 'global command');
  const guild = result.guild;
  const source = read.copy.guild;
  if (!guild) return `Copied ${global} (ids kept).`;
  if (!source) return `Copied ${global} (ids kept); with no guild to copy, they are tried in the emulator's guild ${guild.name}, with its seeded people.`;
  const commands = `${global} and ${count(guild.commands, 'command')} of ${source.name} (ids kept)`;
  if (guild.people === 'copied') return `Copied ${commands}, with its roles, channels and first ${MEMBER_PAGE} members as read.`;
  return `Copied ${commands} into the emulator's guild ${guild.name}, with its seeded people: ${source.name}'s members, roles and channels could not be read (${read.peopleProblem ?? 'no reason given'}).`;
}
