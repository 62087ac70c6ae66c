/**
 * `cmd-tui try NAME [SUBCOMMAND…] [--option NAME=VALUE]… [--file NAME=PATH]… [--as USER] [--channel ID] [--guild ID] [--locale L] [--json]`:
 * runs a slash command as Discord's client would, against a `cmd-tui serve` emulator: the emulator
 * holds the values to the client's rules and the member to who-can-use, delivers the interaction to the
 * bot (signed to its endpoint, or over the gateway) with the files uploaded first, and this prints the bot's reply as the client shows
 * it, as it arrives.
 * Live Discord has no API through which a user runs a command, so there it refuses and says why.
 */
import { resolve as resolvePath } from 'node:path';
import { resolveTarget } from '../api/resolve-target.js';
import { AttachmentFileError, readAttachmentFiles, type LocalFile } from '../operations/attachment-files.js';
import { idFlag, parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { LIVE_DISCORD_REFUSAL, readInteraction, replyArrived, startTry } from '../operations/try-command.js';
import { newReplyLines, NO_RESPONSE, NOTHING_SHOWN, type InteractionView } from '../operations/try-reply.js';
import { writeJsonFailure } from './failure.js';
import { ExitCode, UsageError, type CliIo, type CommandRun } from './types.js';

const POLL_MS = 100;
/** After a reply, how long the bot stays quiet before we stop waiting for follow-ups. */
const SETTLE_MS = 1500;
/** An interaction token lives 15 minutes (DOCS/RR "Followup Messages"): no answer can come later. */
const TOKEN_LIFETIME_MS = 15 * 60 * 1000;

const LIVE_DISCORD = [
  `cmd-tui try needs the emulator. ${LIVE_DISCORD_REFUSAL}`,
  'Run `cmd-tui serve --copy-commands --interactions-url http://127.0.0.1:3000/` (your commands read from here, nothing written) with your HTTP bot listening there (or without --interactions-url, with your gateway bot logged in to it), and pass --api with its URL.',
].join('\n');

/** `--option NAME=VALUE` or `--file NAME=PATH` pairs by option name; `example` shows the form in the refusal. */
function namedValues(flag: string, pairs: readonly string[], example: string): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`${flag} takes ${example}, not "${pair}"`);
    const name = pair.slice(0, at);
    if (Object.hasOwn(values, name)) throw new UsageError(`${flag} ${name} is given twice: give each option once`);
    values[name] = pair.slice(at + 1);
  }
  return values;
}

/** The files of `--file`, read as the client reads them before it uploads; a file that cannot be is a usage error naming it. */
async function attachedFiles(paths: Record<string, string>, options: Record<string, string>, autocomplete: string | undefined, cwd: string): Promise<Record<string, LocalFile> | undefined> {
  const names = Object.keys(paths);
  if (names.length === 0) return undefined;
  if (autocomplete !== undefined) throw new UsageError('--file goes with the command, not with --autocomplete: the client uploads files only when it sends the command');
  const both = names.find((name) => Object.hasOwn(options, name));
  if (both) throw new UsageError(`option ${both} is given both --option and --file: an ATTACHMENT option takes --file, any other --option`);
  try {
    return await readAttachmentFiles(paths, (path) => resolvePath(cwd, path));
  } catch (error) {
    throw error instanceof AttachmentFileError ? new UsageError(`--file ${error.option}: ${error.reason}`) : error;
  }
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
  const options = namedValues('--option', values.option ?? [], 'NAME=VALUE (like --option city=Paris)');
  const attachments = await attachedFiles(namedValues('--file', values.file ?? [], 'NAME=PATH (like --file proof=screenshot.png)'), options, values.autocomplete, io.cwd);

  const { target } = await resolveTarget(values, io.env);
  if (target.kind === 'discord') throw new UsageError(LIVE_DISCORD);
  if (target.baseUrl === undefined) throw new UsageError('--api local starts an emulator without your bot: run `cmd-tui serve --interactions-url URL` (an HTTP bot) or `cmd-tui serve` (a gateway bot) and pass its URL with --api');
  const origin = new URL(target.baseUrl).origin;

  let started;
  try {
    started = await startTry(origin, { name, path, options, ...(attachments ? { attachments } : {}), ...(values.autocomplete ? { focused: values.autocomplete } : {}), ...(guildId ? { guildId } : {}), ...(userId ? { userId } : {}), ...(channelId ? { channelId } : {}), ...(values.locale ? { locale: values.locale } : {}) });
  } catch (error) {
    return fail(io, `could not reach ${origin} (${(error as Error).message}): is \`cmd-tui serve\` running there?`, ExitCode.Unreachable);
  }
  if (!started.ok) {
    return fail(io, started.notEmulator ? `${started.message}: pass --api with the URL \`cmd-tui serve\` printed` : started.message, ExitCode.Problems, started.problems);
  }
  const { id, botName, user, channel, interaction } = started;
  if (!values.json) io.stdout.write(`/${[name, ...path].join(' ')} as ${user} in ${channel}\n`);

  let shown = NOTHING_SHOWN;
  let view: InteractionView | undefined;
  let revision = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + TOKEN_LIFETIME_MS;
  for (;;) {
    try {
      view = await readInteraction(origin, id);
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
    if (replyArrived(view) && Date.now() - quietSince >= SETTLE_MS) break;
    if (Date.now() > deadline) {
      if (!values.json) io.stdout.write(`${NO_RESPONSE}\n`);
      break;
    }
    await sleep(POLL_MS);
  }
  if (values.json) io.stdout.write(`${JSON.stringify({ ok: view.failed === undefined, interaction, reply: view })}\n`);
  return view.failed === undefined ? ExitCode.Ok : ExitCode.Problems;
};
