/**
 * "Who can use this command, where, and why", for `cmd-tui perms who` and the agents' door alike: reads
 * the guild's overwrites, finds the command, and answers with the reasons — for every role (each row a
 * member holding only that role) and every member a user overwrite names, per channel; or for one role;
 * or for one member as they are (their roles read from the guild). The decisions are
 * discord/effective-access.ts; this reads what they need and shapes the answer every door prints.
 */
import { canReadCommands } from '../api/contract.js';
import { AuthRequiredError, DiscordApiError } from '../api/errors.js';
import { namesNoMember, notAMemberMessage } from '../api/guild-members.js';
import { accessMatrix, type AccessDecision, type AccessStage, type CommandAccessInput } from '../discord/effective-access.js';
import { checkMember } from '../discord/member-access.js';
import type { GuildDirectory, OverwriteTarget } from '../discord/overwrite-targets.js';
import type { Remedy } from '../discord/remedy.js';
import { overwriteEntryFor, readGuildOverwrites, signInOnlyNote } from './read-overwrites.js';
import type { Workspace } from './workspace.js';

export interface WhoCanUseQuestion {
  guildId: string;
  /** The command's id, or its name (with or without `/`). */
  command: string;
  /** One member, as they are: their roles are read from the guild. */
  userId?: string;
  /** A member holding only this role. */
  roleId?: string;
  /** Only this channel. */
  channelId?: string;
}

/** One channel's answer: allowed or not, and the reason in a sentence. */
export interface ChannelAnswer {
  channel: string;
  channelId: string;
  allowed: boolean;
  /** Why the answer may be wrong (the bot cannot see that channel); null when it is certain. */
  uncertain: string | null;
  reason: string;
  /** Which step of Discord's precedence decided. */
  stage: AccessStage;
}

interface Answered {
  guildId: string;
  /** The guild's name when the credentials could read it (GET /guilds/{id}). */
  guildName?: string;
  command: string;
  commandId: string;
  /** What limits the answer (read with a browser sign-in alone), if anything. */
  note?: string;
}

/** Every role (a member holding only it) and every member a user overwrite names, or the one role asked about. */
export interface RolesAnswer extends Answered {
  roles: { role: string; roleId: string; channels: ChannelAnswer[] }[];
  users: { user: string; userId: string; channels: ChannelAnswer[] }[];
}

/** One member as they are. */
export interface MemberAnswer extends Answered {
  user: string;
  userId: string;
  timedOutUntil: string | null;
  channels: ChannelAnswer[];
}

export type WhoCanUse = { found: true; answer: RolesAnswer | MemberAnswer } | { found: false; message: string; remedy?: Remedy };

export async function whoCanUse(workspace: Workspace, question: WhoCanUseQuestion, now: number): Promise<WhoCanUse> {
  if (question.userId !== undefined && question.roleId !== undefined) return { found: false, message: 'Ask for one member or one role, not both: a member is answered for with the roles they hold.' };
  const { api } = workspace;
  const { entries, directory } = await readGuildOverwrites(workspace, question.guildId);
  const found = overwriteEntryFor(entries, question.command, { signInOnly: !canReadCommands(api) });
  // The app-level entry is no command anyone runs: only a command is offered.
  if (!found.ok) return { found: false, message: found.message, ...(found.remedy ? { remedy: { kind: 'list-commands', app: false } } : {}) };
  const { entry } = found;
  if (entry.kind === 'app') return { found: false, message: 'Name one command: the app-level entry is not a command anyone runs.' };
  const app = entries.find((candidate) => candidate.kind === 'app');
  const input: CommandAccessInput = {
    applicationId: api.applicationId,
    // A sign-in alone reads no command: its default_member_permissions is unknown, taken as none (and said).
    command: entry.kind === 'command' ? entry.command : { id: entry.id, name: entry.label, default_member_permissions: null },
    commandOverwrites: entry.overwrites,
    appOverwrites: app?.overwrites ?? [],
    directory,
  };
  const note =
    entry.kind === 'command'
      ? undefined
      : `${signInOnlyNote(api) ?? ''} Its default_member_permissions could not be read, so these answers take it as none: a member it requires a permission of may in fact be refused.`.trim();
  const answered: Answered = { guildId: question.guildId, ...(directory.guildName !== undefined ? { guildName: directory.guildName } : {}), command: entry.label, commandId: entry.id, ...(note ? { note } : {}) };
  if (question.userId !== undefined) return memberAnswer(workspace, input, question.userId, question, answered, now);
  const answer = rolesAnswer(input, question, answered, now);
  if (question.roleId !== undefined && answer.roles.length === 0) {
    return { found: false, message: `Guild ${question.guildId} has no role ${question.roleId} that could be read: give the id of one of its roles (the guild id is @everyone), or leave the role out for every role.` };
  }
  return { found: true, answer };
}

function rolesAnswer(input: CommandAccessInput, question: WhoCanUseQuestion, answered: Answered, now: number): RolesAnswer {
  const matrix = accessMatrix(input, now);
  const columns = matrix.columns.map((column, index) => ({ column, index })).filter(({ column }) => question.channelId === undefined || column.id === question.channelId);
  const channelsOf = (row: number) => columns.map(({ column, index }) => channelAnswer(column, matrix.cells[row]![index]!));
  const roles = matrix.rows.flatMap((row, r) => (row.kind === 'user' || (question.roleId !== undefined && row.id !== question.roleId) ? [] : [{ role: row.label, roleId: row.id, channels: channelsOf(r) }]));
  const users = question.roleId !== undefined ? [] : matrix.rows.flatMap((row, r) => (row.kind === 'user' ? [{ user: row.label, userId: row.id, channels: channelsOf(r) }] : []));
  return { ...answered, roles, users };
}

async function memberAnswer(workspace: Workspace, input: CommandAccessInput, userId: string, question: WhoCanUseQuestion, answered: Answered, now: number): Promise<WhoCanUse> {
  const member = await workspace.api.getGuildMember(question.guildId, userId).catch((error: unknown) => {
    if (namesNoMember(error)) return error;
    if (!(error instanceof AuthRequiredError)) throw error;
    throw new AuthRequiredError(
      error.needed,
      "Answering for one member reads the member's roles, which needs a bot token: a browser sign-in cannot read a guild's members.",
      'Run `cmd-tui auth set-bot-token` (or set DISCORD_BOT_TOKEN), or ask without a member for the answer per role.',
    );
  });
  if (member instanceof DiscordApiError) {
    const guild = answered.guildName ?? `guild ${question.guildId}`;
    return { found: false, message: `${notAMemberMessage(userId, guild, member.code)} Give the id of a member of this guild, or leave the member out for the answer per role.` };
  }
  const directory: GuildDirectory = { ...input.directory, members: [...(input.directory.members ?? []), member] };
  const { who, timedOutUntil, answers } = checkMember({ ...input, directory }, userId, now, question.channelId);
  return { found: true, answer: { ...answered, user: who.label, userId, timedOutUntil: timedOutUntil ?? null, channels: answers.map(({ place, decision }) => channelAnswer(place, decision)) } };
}

function channelAnswer(channel: OverwriteTarget, decision: AccessDecision): ChannelAnswer {
  return { channel: channel.label, channelId: channel.id, allowed: decision.allowed, uncertain: decision.uncertain ?? null, reason: decision.reason, stage: decision.stage };
}
