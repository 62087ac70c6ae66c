/**
 * `cmd-tui perms who`: "who can use this command, where, and why" — the role × channel matrix of
 * effective access, or one member's answer per channel, each with its reason. The decisions are
 * source/discord/effective-access.ts (precedence documented in docs/permissions-precedence.md).
 */
import type { DiscordApi } from '../api/contract.js';
import {
  accessColumns,
  accessMatrix,
  evaluateMemberAccess,
  type AccessDecision,
  type CommandAccessInput,
} from '../discord/effective-access.js';
import { findEntry, type CommandEntry } from '../discord/overwrite-entries.js';
import { describeTarget, type GuildDirectory, type OverwriteTarget } from '../discord/overwrite-targets.js';
import { PermissionType } from '../discord/model.js';
import { loadGuildOverwrites } from '../api/guild-overwrites.js';
import { renderTable } from './text-table.js';
import { ExitCode, type CliIo } from './types.js';

export interface WhoRequest {
  guildId: string;
  commandSpec: string;
  userId?: string;
  channelId?: string;
  json: boolean;
}

export async function runWho(api: DiscordApi, request: WhoRequest, io: CliIo): Promise<number> {
  const { entries, directory } = await loadGuildOverwrites(api, request.guildId);
  const found = findEntry(entries, request.commandSpec);
  if (!found.ok || found.entry.kind !== 'command') {
    io.stderr.write(`cmd-tui perms who: ${found.ok ? 'name one command: the app-level entry is not a command anyone runs.' : found.message}\n`);
    return ExitCode.Problems;
  }
  const app = entries.find((e) => e.kind === 'app');
  const input: CommandAccessInput = {
    applicationId: api.applicationId,
    command: found.entry.command,
    commandOverwrites: found.entry.overwrites,
    appOverwrites: app?.overwrites ?? [],
    directory,
  };
  return request.userId === undefined ? matrixAnswer(input, found.entry, request, io) : memberAnswer(api, input, found.entry, request.userId, request, io);
}

function matrixAnswer(input: CommandAccessInput, entry: CommandEntry, request: WhoRequest, io: CliIo): number {
  const matrix = accessMatrix(input);
  const columns = matrix.columns.map((column, index) => ({ column, index })).filter(({ column }) => request.channelId === undefined || column.id === request.channelId);
  const cell = (row: number, column: number) => matrix.cells[row]![column]!;
  if (request.json) {
    const roles = matrix.rows.map((row, r) => ({ role: row.label, roleId: row.id, channels: columns.map(({ column, index }) => cellJson(column, cell(r, index))) }));
    io.stdout.write(`${JSON.stringify({ guildId: request.guildId, command: entry.label, commandId: entry.id, roles }, null, 2)}\n`);
    return ExitCode.Ok;
  }
  const table = renderTable(
    ['', ...columns.map(({ column }) => column.label)],
    matrix.rows.map((row, r) => [row.label, ...columns.map(({ index }) => (cell(r, index).allowed ? 'yes' : 'no'))]),
    40,
  );
  const reasons = matrix.rows.flatMap((row, r) => groupReasons(row.label, columns.map(({ column, index }) => [column, cell(r, index)])));
  io.stdout.write(`${heading(entry, request.guildId)}\n${table}\nWhy:\n${reasons.join('\n')}\n\n${MATRIX_NOTE}`);
  return ExitCode.Ok;
}

const MATRIX_NOTE =
  'Each row is a member holding only that role. Administrators and the server owner can always use commands.\n' +
  'Use --user ID for one member (roles add up, and any allowing role overwrite wins).\n';

async function memberAnswer(api: DiscordApi, input: CommandAccessInput, entry: CommandEntry, userId: string, request: WhoRequest, io: CliIo): Promise<number> {
  const [member, guild] = await Promise.all([api.getGuildMember(request.guildId, userId), api.getGuild(request.guildId)]);
  // The guild object names its owner, who can always use commands.
  const isOwner = guild.owner_id === userId;
  const directory: GuildDirectory = { ...input.directory, members: [...(input.directory.members ?? []), member] };
  const withMember = { ...input, directory };
  const places = request.channelId === undefined
    ? accessColumns(withMember).map((c) => c.target)
    : [describeTarget({ id: request.channelId, type: PermissionType.Channel }, directory)];
  const answers = places.map((place) => [place, evaluateMemberAccess(withMember, { userId, roleIds: member.roles, isOwner }, { channelId: place.id })] as const);
  const who = describeTarget({ id: userId, type: PermissionType.User }, directory).label;
  if (request.json) {
    io.stdout.write(`${JSON.stringify({ guildId: request.guildId, command: entry.label, commandId: entry.id, user: who, userId, channels: answers.map(([place, decision]) => cellJson(place, decision)) }, null, 2)}\n`);
  } else {
    io.stdout.write(`${heading(entry, request.guildId)} — for ${who}\n${answers.map(([place, d]) => `  ${place.label}: ${d.reason}`).join('\n')}\n`);
  }
  return ExitCode.Ok;
}

function heading(entry: CommandEntry, guildId: string): string {
  return `Who can use ${entry.label} in guild ${guildId}:`;
}

function cellJson(channel: OverwriteTarget, decision: AccessDecision) {
  return { channel: channel.label, channelId: channel.id, allowed: decision.allowed, reason: decision.reason, stage: decision.stage };
}

/** One line per distinct reason of a row: `  @Moderator: denied: … (in #reports)` or `(everywhere)`. */
function groupReasons(role: string, cells: readonly (readonly [OverwriteTarget, AccessDecision])[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const [channel, decision] of cells) byReason.set(decision.reason, [...(byReason.get(decision.reason) ?? []), channel.label]);
  return [...byReason].map(([reason, where]) => `  ${role}: ${reason} (${where.length === cells.length ? 'everywhere' : `in ${where.join(', ')}`})`);
}
