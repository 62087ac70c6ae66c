/**
 * Reading an app's commands where they live (live Discord) to copy them into an emulator, for the TUI's
 * Try screen and `cmd-tui serve --copy-commands`: the global commands and one guild's, with their
 * localizations, and the guild's roles, channels, first members and overwrites when these credentials
 * can read them: without roles or channels the emulator's seeded people stand in, and without the member
 * list or the overwrites the guild is copied with its owner and bot, or with none; the copy says why. Only reads: nothing
 * is ever written where the commands were read. `describeCopy` is what both say about the copy.
 */
import type { DiscordApi } from '../api/contract.js';
import { AuthRequiredError, DiscordApiError } from '../api/errors.js';
import { GLOBAL_SCOPE, guildScope, type Member, type PartialGuild } from '../discord/model.js';
import type { AppCopy, CopyInResult, GuildPeople } from '../discord/app-copy.js';

/** Enough members to pick from when trying a command; one page of Discord's member list. */
const MEMBER_PAGE = 100;

export interface ReadCopy {
  copy: AppCopy;
  /** Why the guild's people could not be read (the emulator's seeded people stand in). */
  peopleProblem?: string;
  /** Why a part of the guild's people could not be read, the guild copied all the same (members: its owner and bot stand in; overwrites: none). */
  peopleGaps?: PeopleGaps;
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

export interface PeopleGaps {
  members?: string;
  overwrites?: string;
}

type Read<T> = { value: T } | { refused: string };

/** A refusal of these credentials (an answer of the API, or a token they lack) is told; anything else is thrown. */
function refusal(error: unknown): { refused: string } {
  if (error instanceof DiscordApiError || error instanceof AuthRequiredError) return { refused: error.message };
  throw error;
}

const attempt = <T>(reading: Promise<T>): Promise<Read<T>> => reading.then((value) => ({ value }), refusal);

/**
 * The guild's people, each part read on its own: without its roles or channels there is no guild to
 * copy (refused), but a member list refused (on Discord it needs the privileged Server Members intent)
 * leaves its owner and the app's bot, and overwrites refused leave none; `gaps` says which, and why.
 */
async function readPeople(api: DiscordApi, guild: PartialGuild): Promise<{ people: GuildPeople; gaps: PeopleGaps } | { refused: string }> {
  const guildId = guild.id;
  const [roles, channels, page, overwrites] = await Promise.all([
    attempt(api.getGuildRoles(guildId)),
    attempt(api.getGuildChannels(guildId)),
    attempt(api.listGuildMembers(guildId, { limit: MEMBER_PAGE })),
    attempt(api.listGuildPermissions(guildId)),
  ]);
  if ('refused' in roles) return roles;
  if ('refused' in channels) return channels;
  const gaps: PeopleGaps = { ...('refused' in page ? { members: page.refused } : {}), ...('refused' in overwrites ? { overwrites: overwrites.refused } : {}) };
  const listedMembers = 'value' in page ? page.value : [];
  // The owner (whom the client starts as) and the app's bot (whose roles its stand-in takes) even beyond the first page.
  const listed = new Set(listedMembers.map((member) => member.user?.id));
  const missing = [guild.owner_id, api.applicationId].filter((id) => id !== undefined && !listed.has(id));
  const found = (await Promise.all(missing.map((id) => memberIfAny(api, guildId, id)))).flat();
  const people: GuildPeople = {
    ...(guild.owner_id ? { ownerId: guild.owner_id } : {}),
    roles: roles.value,
    channels: channels.value,
    members: [...listedMembers, ...found],
    overwrites: 'value' in overwrites ? overwrites.value : [],
  };
  return { people, gaps };
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
  const people = await readPeople(api, read.guild);
  if ('refused' in people) return seeded(people.refused);
  return { copy: { ...copy, guild: { id: guildId, name, commands: guildCommands, people: people.people } }, ...(Object.keys(people.gaps).length > 0 ? { peopleGaps: people.gaps } : {}) };
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** At most this many left-out commands are named one by one; the rest are counted. */
const LEFT_OUT_NAMED = 5;

/** The source's commands Discord could not hold (the emulator left them out): how many, the first few by name, and why. */
function leftOutSentence(result: CopyInResult): string {
  const { leftOut } = result;
  if (leftOut.length === 0) return '';
  const named = leftOut.slice(0, LEFT_OUT_NAMED).map((item) => `${item.type === 'CHAT_INPUT' ? '/' : ''}${item.name} (${item.type}, ${item.scope}): ${item.why}`);
  const more = leftOut.length > LEFT_OUT_NAMED ? `; and ${leftOut.length - LEFT_OUT_NAMED} more` : '';
  return ` Left out ${count(leftOut.length, 'command')} Discord could not hold, so none of them is in the emulator: ${named.join('; ')}${more}.`;
}

/** What was copied where, and whose people the guild has (and why, when they are the emulator's); then what was left out, and why. */
export function describeCopy(result: CopyInResult, read: ReadCopy): string {
  return `${describeCopied(result, read)}${leftOutSentence(result)}`;
}

function describeCopied(result: CopyInResult, read: ReadCopy): string {
  const global = count(result.global, 'global command');
  const guild = result.guild;
  const source = read.copy.guild;
  if (!guild) return `Copied ${global} (ids kept).`;
  if (!source) return `Copied ${global} (ids kept); with no guild to copy, they are tried in the emulator's guild ${guild.name}, with its seeded people.`;
  const commands = `${global} and ${count(guild.commands, 'command')} of ${source.name} (ids kept)`;
  if (guild.people === 'copied') {
    const { members, overwrites } = read.peopleGaps ?? {};
    const gaps = [
      ...(members === undefined ? [] : [`its member list could not be read (${members}), so only its owner and the app's bot are there`]),
      ...(overwrites === undefined ? [] : [`its command permissions could not be read (${overwrites}), so none are set there`]),
    ];
    const parts = members === undefined ? `roles, channels and first ${MEMBER_PAGE} members` : 'roles and channels';
    return `Copied ${commands}, with its ${parts} as read${gaps.map((gap) => `; ${gap}`).join('')}.`;
  }
  return `Copied ${commands} into the emulator's guild ${guild.name}, with its seeded people: ${source.name}'s members, roles and channels could not be read (${read.peopleProblem ?? 'no reason given'}).`;
}
