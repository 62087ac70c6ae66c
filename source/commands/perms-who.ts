/**
 * `cmd-tui perms who`: "who can use this command, where, and why" — the role × channel matrix of
 * effective access, or one member's answer per channel, each with its reason. The answer is
 * operations/who-can-use.ts (the decisions source/discord/effective-access.ts, precedence documented in
 * docs/permissions-precedence.md); this prints it.
 */
import type { DiscordApi } from '../api/contract.js';
import { whoCanUse, type ChannelAnswer, type MemberAnswer, type RolesAnswer } from '../operations/who-can-use.js';
import { openWorkspace } from '../operations/workspace.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { withCliRemedy } from './remedy-words.js';
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
  const question = { guildId: request.guildId, command: request.commandSpec, ...(request.userId !== undefined ? { userId: request.userId } : {}), ...(request.channelId !== undefined ? { channelId: request.channelId } : {}) };
  const result = await whoCanUse(openWorkspace(api, io.environment.paths()), question, Date.now());
  if (!result.found) {
    io.stderr.write(`cmd-tui perms who: ${withCliRemedy(result)}\n`);
    return ExitCode.Problems;
  }
  const { answer } = result;
  if (request.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  else io.stdout.write('roles' in answer ? matrixText(answer) : memberText(answer));
  return ExitCode.Ok;
}

function matrixText(answer: RolesAnswer): string {
  const rows = [...answer.roles.map(({ role, channels }) => ({ label: role, channels })), ...answer.users.map(({ user, channels }) => ({ label: user, channels }))];
  const columns = rows[0]?.channels.map((cell) => cell.channel) ?? [];
  const table = renderTable(['', ...columns], rows.map((row) => [row.label, ...row.channels.map(answerWord)]), 40);
  const reasons = rows.flatMap((row) => groupReasons(row.label, row.channels));
  return `${heading(answer)}\n${table}\nWhy:\n${reasons.join('\n')}\n\n${MATRIX_NOTE}${answer.note ? `${answer.note}\n` : ''}`;
}

const MATRIX_NOTE =
  'Each role row is a member holding only that role; each user row is the member an overwrite names, as they are.\n' +
  'Administrators and the server owner can always use commands; a timed-out member cannot.\n' +
  '"yes?" and "no?" rest on server-wide permissions: the bot cannot see that channel.\n' +
  'Use --user ID for one member (roles add up, and any allowing role overwrite wins).\n';

function memberText(answer: MemberAnswer): string {
  const timeout = answer.timedOutUntil ? ` (timed out until ${answer.timedOutUntil})` : '';
  return `${heading(answer)} — for ${answer.user}${timeout}\n${answer.channels.map((cell) => `  ${cell.channel}: ${cell.reason}`).join('\n')}\n${answer.note ? `${answer.note}\n` : ''}`;
}

/** `yes`, `no`, or with `?` when the bot cannot see the channel (see the reason). */
function answerWord(cell: ChannelAnswer): string {
  return `${cell.allowed ? 'yes' : 'no'}${cell.uncertain !== null ? '?' : ''}`;
}

/** The guild by name beside its id when the credentials could read it, by id alone otherwise. */
function heading(answer: RolesAnswer | MemberAnswer): string {
  const guild = answer.guildName === undefined ? answer.guildId : `${sanitizeLine(answer.guildName)} (${answer.guildId})`;
  return `Who can use ${answer.command} in guild ${guild}:`;
}

/** One line per distinct reason of a row: `  @Moderator: denied: … (in #reports)` or `(everywhere)`. */
function groupReasons(label: string, cells: readonly ChannelAnswer[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const cell of cells) byReason.set(cell.reason, [...(byReason.get(cell.reason) ?? []), cell.channel]);
  return [...byReason].map(([reason, where]) => `  ${label}: ${reason} (${where.length === cells.length ? 'everywhere' : `in ${where.join(', ')}`})`);
}
