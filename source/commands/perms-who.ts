/**
 * `cmd-tui perms who`: "who can use this command, where, and why" — the role × channel matrix of
 * effective access, or one member's answer per channel, each with its reason. The decisions are
 * source/discord/effective-access.ts (precedence documented in docs/permissions-precedence.md).
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import { AuthRequiredError } from '../api/errors.js';
import { accessMatrix, type AccessDecision, type CommandAccessInput } from '../discord/effective-access.js';
import { checkMember } from '../discord/member-access.js';
import type { PermissionEntry } from '../discord/overwrite-entries.js';
import type { GuildDirectory, OverwriteTarget } from '../discord/overwrite-targets.js';
import { overwriteEntryFor, readGuildOverwrites, signInOnlyNote } from '../operations/read-overwrites.js';
import { openWorkspace } from '../operations/workspace.js';
import { sanitizeLine } from '../terminal/sanitize.js';
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
  const { entries, directory } = await readGuildOverwrites(openWorkspace(api, io.environment.paths()), request.guildId);
  const found = overwriteEntryFor(entries, request.commandSpec, { signInOnly: !canReadCommands(api) });
  if (!found.ok || found.entry.kind === 'app') {
    io.stderr.write(`cmd-tui perms who: ${found.ok ? 'name one command: the app-level entry is not a command anyone runs.' : found.message}\n`);
    return ExitCode.Problems;
  }
  const app = entries.find((e) => e.kind === 'app');
  const input: CommandAccessInput = {
    applicationId: api.applicationId,
    // A sign-in alone reads no command: its default_member_permissions is unknown, taken as none (and said).
    command: found.entry.kind === 'command' ? found.entry.command : { id: found.entry.id, name: found.entry.label, default_member_permissions: null },
    commandOverwrites: found.entry.overwrites,
    appOverwrites: app?.overwrites ?? [],
    directory,
  };
  const note = found.entry.kind === 'command' ? undefined : `${signInOnlyNote(api) ?? ''} Its default_member_permissions could not be read, so these answers take it as none: a member it requires a permission of may in fact be refused.`.trim();
  return request.userId === undefined ? matrixAnswer(input, found.entry, request, io, note) : memberAnswer(api, input, found.entry, request.userId, request, io, note);
}

/** A command entry as `who` explains it: read in full, or known by id (a sign-in alone). */
type ExplainedEntry = Exclude<PermissionEntry, { kind: 'app' }>;

function matrixAnswer(input: CommandAccessInput, entry: ExplainedEntry, request: WhoRequest, io: CliIo, note: string | undefined): number {
  const matrix = accessMatrix(input, Date.now());
  const columns = matrix.columns.map((column, index) => ({ column, index })).filter(({ column }) => request.channelId === undefined || column.id === request.channelId);
  const cell = (row: number, column: number) => matrix.cells[row]![column]!;
  if (request.json) {
    const channelsOf = (r: number) => columns.map(({ column, index }) => cellJson(column, cell(r, index)));
    const roles = matrix.rows.flatMap((row, r) => (row.kind === 'user' ? [] : [{ role: row.label, roleId: row.id, channels: channelsOf(r) }]));
    const users = matrix.rows.flatMap((row, r) => (row.kind === 'user' ? [{ user: row.label, userId: row.id, channels: channelsOf(r) }] : []));
    io.stdout.write(`${JSON.stringify({ guildId: request.guildId, command: entry.label, commandId: entry.id, roles, users, ...(note ? { note } : {}) }, null, 2)}\n`);
    return ExitCode.Ok;
  }
  const table = renderTable(
    ['', ...columns.map(({ column }) => column.label)],
    matrix.rows.map((row, r) => [row.label, ...columns.map(({ index }) => answerWord(cell(r, index)))]),
    40,
  );
  const reasons = matrix.rows.flatMap((row, r) => groupReasons(row.label, columns.map(({ column, index }) => [column, cell(r, index)])));
  io.stdout.write(`${heading(entry, input.directory)}\n${table}\nWhy:\n${reasons.join('\n')}\n\n${MATRIX_NOTE}${note ? `${note}\n` : ''}`);
  return ExitCode.Ok;
}

const MATRIX_NOTE =
  'Each role row is a member holding only that role; each user row is the member an overwrite names, as they are.\n' +
  'Administrators and the server owner can always use commands; a timed-out member cannot.\n' +
  '"yes?" and "no?" rest on server-wide permissions: the bot cannot see that channel.\n' +
  'Use --user ID for one member (roles add up, and any allowing role overwrite wins).\n';

/** `yes`, `no`, or with `?` when the bot cannot see the channel (see the reason). */
function answerWord(decision: AccessDecision): string {
  return `${decision.allowed ? 'yes' : 'no'}${decision.uncertain ? '?' : ''}`;
}

async function memberAnswer(api: DiscordApi, input: CommandAccessInput, entry: ExplainedEntry, userId: string, request: WhoRequest, io: CliIo, note: string | undefined): Promise<number> {
  const member = await api.getGuildMember(request.guildId, userId).catch((error: unknown) => {
    if (!(error instanceof AuthRequiredError)) throw error;
    throw new AuthRequiredError(error.needed, '--user reads the member\'s roles, which needs a bot token: a browser sign-in cannot read a guild\'s members.', 'Run `cmd-tui auth set-bot-token` (or set DISCORD_BOT_TOKEN), or leave --user out for the role × channel answer.');
  });
  const directory: GuildDirectory = { ...input.directory, members: [...(input.directory.members ?? []), member] };
  const { who, timedOutUntil, answers } = checkMember({ ...input, directory }, userId, Date.now(), request.channelId);
  if (request.json) {
    const channels = answers.map(({ place, decision }) => cellJson(place, decision));
    io.stdout.write(`${JSON.stringify({ guildId: request.guildId, command: entry.label, commandId: entry.id, user: who.label, userId, timedOutUntil: timedOutUntil ?? null, channels, ...(note ? { note } : {}) }, null, 2)}\n`);
  } else {
    const timeout = timedOutUntil ? ` (timed out until ${timedOutUntil})` : '';
    io.stdout.write(`${heading(entry, input.directory)} — for ${who.label}${timeout}\n${answers.map(({ place, decision }) => `  ${place.label}: ${decision.reason}`).join('\n')}\n${note ? `${note}\n` : ''}`);
  }
  return ExitCode.Ok;
}

/** The guild by name beside its id when the bot could read it (GET /guilds/{id}), by id alone otherwise. */
function heading(entry: ExplainedEntry, directory: GuildDirectory): string {
  const guild = directory.guildName === undefined ? directory.guildId : `${sanitizeLine(directory.guildName)} (${directory.guildId})`;
  return `Who can use ${entry.label} in guild ${guild}:`;
}

function cellJson(channel: OverwriteTarget, decision: AccessDecision) {
  return { channel: channel.label, channelId: channel.id, allowed: decision.allowed, uncertain: decision.uncertain ?? null, reason: decision.reason, stage: decision.stage };
}

/** One line per distinct reason of a row: `  @Moderator: denied: … (in #reports)` or `(everywhere)`. */
function groupReasons(role: string, cells: readonly (readonly [OverwriteTarget, AccessDecision])[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const [channel, decision] of cells) byReason.set(decision.reason, [...(byReason.get(decision.reason) ?? []), channel.label]);
  return [...byReason].map(([reason, where]) => `  ${role}: ${reason} (${where.length === cells.length ? 'everywhere' : `in ${where.join(', ')}`})`);
}
