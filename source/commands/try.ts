/**
 * `cmd-tui try NAME [SUBCOMMAND…] [--option NAME=VALUE]… [--as USER] [--channel ID] [--guild ID] [--locale L] [--json]`:
 * runs a slash command as Discord's client would, against a `cmd-tui serve` emulator: the emulator
 * holds the values to the client's rules and the member to who-can-use, delivers the interaction to the
 * bot (signed to its endpoint, or over the gateway), and this prints the bot's reply as the client shows
 * it, as it arrives.
 * Live Discord has no API through which a user runs a command, so there it refuses and says why.
 */
import { AnswerTooLargeError, readCapped } from '../api/read-capped.js';
import { resolveTarget } from '../api/resolve-target.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { idFlag, parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { newReplyLines, NOTHING_SHOWN, type InteractionView } from './try-reply.js';
import { writeJsonFailure } from './failure.js';
import { ExitCode, UsageError, type CliIo, type CommandRun } from './types.js';

const POLL_MS = 100;
/** After a reply, how long the bot stays quiet before we stop waiting for follow-ups. */
const SETTLE_MS = 1500;
/** An interaction token lives 15 minutes (DOCS/RR "Followup Messages"): no answer can come later. */
const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
const MODAL = 9;
const DEFERRED = 5;

const LIVE_DISCORD = [
  'cmd-tui try needs the emulator: on Discord, no API lets a user run a command (only Discord\'s client can, and automating a user account — a self-bot — breaks Discord\'s terms).',
  'Run `cmd-tui serve --interactions-url http://127.0.0.1:3000/` with your HTTP bot listening there (or `cmd-tui serve` with your gateway bot logged in to it), copy your commands to it (`cmd-tui apply FILE --api URL`), and pass --api with its URL.',
].join('\n');

function optionValues(pairs: readonly string[]): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--option takes NAME=VALUE (like --option city=Paris), not "${pair}"`);
    const name = pair.slice(0, at);
    if (Object.hasOwn(values, name)) throw new UsageError(`--option ${name} is given twice: give each option once`);
    values[name] = pair.slice(at + 1);
  }
  return values;
}

/** The emulator's answers are small; anything larger is not the emulator, and is not read into memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) });
  let text: string;
  try {
    text = await readCapped({ declaredLength: response.headers.get('content-length'), chunks: response.body, discard: () => response.body?.cancel() }, MAX_ANSWER_BYTES);
  } catch (error) {
    if (!(error instanceof AnswerTooLargeError)) throw error;
    throw new Error(`the answer from ${new URL(url).origin} is ${error.size}, more than the emulator ever sends, so it was not read`);
  }
  return { status: response.status, body: parseStrictObject(text) ?? {} };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMessage = (value: unknown) => isObject(value) && typeof value.edits === 'number' && Array.isArray(value.embeds) && Array.isArray(value.components);

/** The interaction's state as the emulator reports it, or undefined for an answer of another shape. */
function interactionView(body: Record<string, unknown>): InteractionView | undefined {
  const { revision, acknowledged, failed, original, followups, choices } = body;
  const shaped =
    typeof revision === 'number' &&
    (acknowledged === undefined || typeof acknowledged === 'number') &&
    (failed === undefined || typeof failed === 'string') &&
    (original === undefined || isMessage(original)) &&
    Array.isArray(followups) &&
    followups.every(isMessage) &&
    (choices === undefined || Array.isArray(choices));
  return shaped ? (body as unknown as InteractionView) : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal or a failure: on stderr, and with --json as the one JSON document on stdout as every command does. */
function fail(io: CliIo, message: string, exitCode: number, problems: readonly string[] = []): number {
  io.stderr.write(`cmd-tui try: ${message}\n${problems.map((problem) => `  ${problem}\n`).join('')}`);
  if (io.json) writeJsonFailure(io, { message }, exitCode, problems.length > 0 ? { problems } : {});
  return exitCode;
}

export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseFlags(args, SPECS.try.flags, { min: 1, max: 3, names: 'the command\'s NAME (and its subcommand group and subcommand)' });
  const [name, ...path] = positionals as [string, ...string[]];
  const guildId = idFlag('--guild', values.guild, 'guild');
  const userId = idFlag('--as', values.as, 'user');
  const channelId = idFlag('--channel', values.channel, 'channel');
  const options = optionValues(values.option ?? []);

  const { target } = await resolveTarget(values, io.env);
  if (target.kind === 'discord') throw new UsageError(LIVE_DISCORD);
  if (target.baseUrl === undefined) throw new UsageError('--api local starts an emulator without your bot: run `cmd-tui serve --interactions-url URL` (an HTTP bot) or `cmd-tui serve` (a gateway bot) and pass its URL with --api');
  const origin = new URL(target.baseUrl).origin;

  let started;
  try {
    started = await getJson(`${origin}/__emulator/interactions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, path, options, ...(values.autocomplete ? { focused: values.autocomplete } : {}), ...(guildId ? { guildId } : {}), ...(userId ? { userId } : {}), ...(channelId ? { channelId } : {}), ...(values.locale ? { locale: values.locale } : {}) }),
    });
  } catch (error) {
    return fail(io, `could not reach ${origin} (${(error as Error).message}): is \`cmd-tui serve\` running there?`, ExitCode.Unreachable);
  }
  if (started.status === 404 && started.body.message === '404: Not Found') {
    return fail(io, `${origin} is not a cmd-tui serve emulator (it has no /__emulator/interactions): pass --api with the URL \`cmd-tui serve\` printed`, ExitCode.Problems);
  }
  if (started.status !== 202) {
    const problems = Array.isArray(started.body.problems) ? started.body.problems.map(String) : [];
    return fail(io, String(started.body.message), ExitCode.Problems, problems);
  }
  const { id, botName, user, channel, interaction } = started.body as { id: string; botName: string; user: string; channel: string; interaction: unknown };
  if (!values.json) io.stdout.write(`/${[name, ...path].join(' ')} as ${user} in ${channel}\n`);

  let shown = NOTHING_SHOWN;
  let view: InteractionView | undefined;
  let revision = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + TOKEN_LIFETIME_MS;
  for (;;) {
    try {
      view = interactionView((await getJson(`${origin}/__emulator/interactions/${id}`)).body);
    } catch (error) {
      return fail(io, `lost the emulator at ${origin} while waiting for the reply (${(error as Error).message})`, ExitCode.Unreachable);
    }
    if (!view) return fail(io, `${origin} answered with something that is not an interaction's state: is --api a \`cmd-tui serve\`?`, ExitCode.Unreachable);
    if (view.revision !== revision) {
      revision = view.revision;
      quietSince = Date.now();
      const next = newReplyLines(botName, view, shown);
      shown = next.shown;
      if (!values.json) for (const line of next.lines) io.stdout.write(`${line}\n`);
    }
    if (view.failed) break;
    const answered = view.acknowledged !== undefined && (view.acknowledged !== DEFERRED || (view.original?.edits ?? 0) > 0 || view.followups.length > 0);
    if ((answered || view.acknowledged === MODAL) && Date.now() - quietSince >= SETTLE_MS) break;
    if (Date.now() > deadline) {
      if (!values.json) io.stdout.write('The application did not respond\n');
      break;
    }
    await sleep(POLL_MS);
  }
  if (values.json) io.stdout.write(`${JSON.stringify({ ok: view.failed === undefined, interaction, reply: view })}\n`);
  return view.failed === undefined ? ExitCode.Ok : ExitCode.Problems;
};
