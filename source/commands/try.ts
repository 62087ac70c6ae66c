/**
 * `cmd-tui try NAME [SUBCOMMAND…] [--option NAME=VALUE]… [--file NAME=PATH]… [--as USER] [--channel ID] [--guild ID] [--locale L]
 * [--click CUSTOM_ID [--values V]…] [--modal FIELD=VALUE]… [--wait MS] [--timeout MS] [--json]`:
 * runs a slash command as Discord's client would, against a `cmd-tui serve` emulator: the emulator
 * holds the values to the client's rules and the member to who-can-use, delivers the interaction to the
 * bot (signed to its endpoint, or over the gateway) with the files uploaded first, and this prints the bot's reply as the client shows
 * it, as it arrives. Then, as a person would go on: `--click` presses the button (or picks `--values` from
 * the select) of that custom_id on the bot's reply, and `--modal` fills in and submits the form the bot
 * opened (at the command, or at the click); each step's answer is printed as it comes.
 * `--wait` bounds the whole wait for the bot: past it, a bot that still owes an answer (one that deferred
 * and never followed up) ends the run with exit 5, saying so — with `--json`, with what it did answer so far —
 * instead of holding it for the token's 15 minutes. `--timeout` bounds each request, as for every command.
 * Live Discord has no API through which a user runs a command, so there it refuses and says why.
 */
import { resolve as resolvePath } from 'node:path';
import { resolveTarget } from '../connect/resolve-target.js';
import { AttachmentFileError, readAttachmentFiles, type LocalFile } from '../operations/attachment-files.js';
import { idFlag, parseFlags, timeoutFlag } from './flags.js';
import { SPECS } from './specs.js';
import { NO_RESPONSE_TEXT } from '../discord/interaction-kinds.js';
import { isSelect, pressables } from '../discord/message-components.js';
import { emulatorControlFor } from '../config/emulator-secrets.js';
import { followInteraction, stillOwed, TOKEN_LIFETIME_MS } from '../operations/follow-interaction.js';
import { LIVE_DISCORD_REFUSAL, lostWhileWaiting, notAnInteraction, readInteraction, startTry, submitForm, useComponent, type EmulatorControl, type TryStart } from '../operations/try-command.js';
import { formFieldNames, newReplyLines, NOTHING_SHOWN, type InteractionView } from '../operations/try-reply.js';
import { writeJsonFailure } from './failure.js';
import { cliRemedy } from './remedy-words.js';
import { ExitCode, UsageError, type CliIo, type CommandRun } from './types.js';

const LIVE_DISCORD = [
  `cmd-tui try needs the emulator. ${LIVE_DISCORD_REFUSAL}`,
  'Run `cmd-tui serve --copy-commands --interactions-url http://127.0.0.1:3000/` (your commands read from here, nothing written) with your HTTP bot listening there (or without --interactions-url, with your gateway bot logged in to it), and pass --api with its URL.',
].join('\n');

/** How each NAME=VALUE flag is written, for its refusal. */
const PAIR_FORMS = {
  option: { form: 'NAME=VALUE', example: 'city=Paris', each: 'option' },
  file: { form: 'NAME=PATH', example: 'proof=screenshot.png', each: 'option' },
  modal: { form: 'FIELD=VALUE', example: 'topic=Bugs', each: 'field' },
} as const;

/** `--option NAME=VALUE`…, `--file NAME=PATH`… or `--modal FIELD=VALUE`…, each name once. */
function namedValues(flag: keyof typeof PAIR_FORMS, pairs: readonly string[]): Record<string, string> {
  const { form, example, each } = PAIR_FORMS[flag];
  const values: Record<string, string> = Object.create(null);
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--${flag} takes ${form} (like --${flag} ${example}), not "${pair}"`);
    const name = pair.slice(0, at);
    if (Object.hasOwn(values, name)) throw new UsageError(`--${flag} ${name} is given twice: give each ${each} once`);
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

/** `250 ms`, `1.5 s`, `2 min`: a wait as a person reads it. */
function formatWait(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return ms < 60_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number((ms / 60_000).toFixed(1))} min`;
}

/**
 * A refusal or a failure: on stderr, and with --json as the one JSON document on stdout as every command does,
 * with `report` (what the bot answered before the run stopped) beside the error.
 */
function fail(io: CliIo, message: string, exitCode: number, problems: readonly string[] = [], report: Record<string, unknown> = {}): number {
  io.stderr.write(`cmd-tui try: ${message}\n${problems.map((problem) => `  ${problem}\n`).join('')}`);
  if (io.json) writeJsonFailure(io, { message }, exitCode, { ...report, ...(problems.length > 0 ? { problems } : {}) });
  return exitCode;
}

/** How long try waits for the bot, and whether the user set it (`--wait MS`) or it is the token's lifetime. */
interface Wait {
  until: number;
  givenMs?: number;
}

/** `--wait` ran out while the bot still owed an answer: why, and what it had answered by then. */
interface StoppedWaiting {
  stopped: string;
  view: InteractionView;
}

/** One interaction followed as the client shows it: what it adds, printed as it comes, until the bot has said all it will. */
async function follow(io: CliIo, control: EmulatorControl, id: string, botName: string, wait: Wait): Promise<InteractionView | StoppedWaiting | number> {
  const { origin } = control;
  let shown = NOTHING_SHOWN;
  const printNew = (view: InteractionView) => {
    const next = newReplyLines(botName, view, shown);
    shown = next.shown;
    if (!io.json) for (const line of next.lines) io.stdout.write(`${line}\n`);
  };
  let followed;
  try {
    followed = await followInteraction(() => readInteraction(control, id), { until: wait.until, onChange: printNew });
  } catch (error) {
    return fail(io, lostWhileWaiting(origin, error), ExitCode.Unreachable);
  }
  if (!followed) return fail(io, `${notAnInteraction(origin)}: is --api a \`cmd-tui serve\`?`, ExitCode.Unreachable);
  const { ended, view } = followed;
  if (ended === 'deadline') {
    if (wait.givenMs !== undefined) {
      return { stopped: `stopped waiting after ${formatWait(wait.givenMs)} (--wait ${wait.givenMs}): ${stillOwed(botName, view)}. Give it longer with --wait, or see why the bot is stuck.`, view };
    }
    if (!io.json) io.stdout.write(`${NO_RESPONSE_TEXT}\n`);
  }
  return view;
}

/** A step sent to the emulator: its answer, or the exit code of its refusal (said). */
async function begin(io: CliIo, origin: string, start: () => Promise<TryStart>): Promise<Extract<TryStart, { ok: true }> | number> {
  let started: TryStart;
  try {
    started = await start();
  } catch (error) {
    return fail(io, `could not reach ${origin} (${(error as Error).message}): is \`cmd-tui serve\` running there?`, ExitCode.Unreachable);
  }
  if (!started.ok) return fail(io, started.notEmulator ? `${started.message}: pass --api with the URL \`cmd-tui serve\` printed` : started.remedy ? `${started.message}. ${cliRemedy(started.remedy)}` : started.message, ExitCode.Problems, started.problems);
  return started;
}

/** The newest of the bot's messages in `view` with a button or select of `customId`. */
function messageWith(view: InteractionView, customId: string) {
  const messages = [view.original, ...view.followups].filter((message) => message && !message.deleted).reverse();
  for (const message of messages) {
    const component = pressables(message!.components).find((candidate) => candidate.customId === customId);
    if (component) return { message: message!, component };
  }
  return undefined;
}

interface Step {
  id: string;
  interaction: unknown;
  reply: InteractionView;
}

/** The `--json` document's account of the steps: the first interaction and its reply, then each one that followed (`then`). */
function stepsReport(steps: readonly Step[]): Record<string, unknown> {
  const [first, ...then] = steps;
  return { interaction: first!.interaction, reply: first!.reply, ...(then.length > 0 ? { then: then.map(({ interaction, reply }) => ({ interaction, reply })) } : {}) };
}

export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseFlags(args, SPECS.try.flags, { min: 1, max: 3, names: 'the command\'s NAME (and its subcommand group and subcommand)' });
  const [name, ...path] = positionals as [string, ...string[]];
  const guildId = idFlag('--guild', values.guild, 'guild');
  const userId = idFlag('--as', values.as, 'user');
  const channelId = idFlag('--channel', values.channel, 'channel');
  const options = namedValues('option', values.option ?? []);
  const fields = values.modal ? namedValues('modal', values.modal) : undefined;
  if (values.values && !values.click) throw new UsageError('--values goes with --click CUSTOM_ID: the select the values are picked from');
  if (values.autocomplete && (values.click || fields)) throw new UsageError('--autocomplete only asks for suggestions: the bot answers it with choices, which have no buttons or form to go on with');
  const attachments = await attachedFiles(namedValues('file', values.file ?? []), options, values.autocomplete, io.cwd);
  const waitMs = timeoutFlag(values.wait, '--wait');
  const timeoutMs = timeoutFlag(values.timeout);
  // The whole run's bound, from now: every step's wait for the bot shares it.
  const wait: Wait = waitMs === undefined ? { until: Date.now() + TOKEN_LIFETIME_MS } : { until: Date.now() + Math.min(waitMs, TOKEN_LIFETIME_MS), givenMs: waitMs };

  const { target } = await resolveTarget(values, io.environment);
  if (target.kind === 'discord') throw new UsageError(LIVE_DISCORD);
  if (target.baseUrl === undefined) throw new UsageError('--api local starts an emulator without your bot: run `cmd-tui serve --interactions-url URL` (an HTTP bot) or `cmd-tui serve` (a gateway bot) and pass its URL with --api');
  const origin = new URL(target.baseUrl).origin;
  const control = { ...(await emulatorControlFor(origin, io.environment, 'command')), ...(timeoutMs === undefined ? {} : { timeoutMs }) };

  const request = { name, path, options, ...(attachments ? { attachments } : {}), ...(values.autocomplete ? { focused: values.autocomplete } : {}), ...(guildId ? { guildId } : {}), ...(userId ? { userId } : {}), ...(channelId ? { channelId } : {}), ...(values.locale ? { locale: values.locale } : {}) };
  const started = await begin(io, origin, () => startTry(control, request));
  if (typeof started === 'number') return started;
  const { botName, user, channel } = started;
  if (!io.json) io.stdout.write(`/${[name, ...path].join(' ')} as ${user} in ${channel}\n`);
  const steps: Step[] = [];
  const step = async (next: Extract<TryStart, { ok: true }>): Promise<Step | number> => {
    const reply = await follow(io, control, next.id, botName, wait);
    if (typeof reply === 'number') return reply;
    if ('stopped' in reply) return fail(io, reply.stopped, ExitCode.Unreachable, [], { ok: false, ...stepsReport([...steps, { id: next.id, interaction: next.interaction, reply: reply.view }]) });
    steps.push({ id: next.id, interaction: next.interaction, reply });
    return steps.at(-1)!;
  };
  let last = await step(started);
  if (typeof last === 'number') return last;

  if (values.click && !last.reply.failed) {
    const found = messageWith(last.reply, values.click);
    if (!found) {
      const offered = [last.reply.original, ...last.reply.followups].flatMap((message) => (message ? pressables(message.components).flatMap((component) => component.customId ?? []) : []));
      return fail(io, `${botName}'s reply has no button or select with custom_id ${JSON.stringify(values.click)} to --click: ${offered.length > 0 ? `it has ${offered.join(', ')}` : 'it has none'} (a link button has none: the client opens its URL)`, ExitCode.Problems);
    }
    const picked = values.values ?? [];
    if (!io.json) io.stdout.write(isSelect(found.component) ? `▸ picked ${picked.join(', ') || 'nothing'} in ${found.component.label} (${values.click})\n` : `▸ pressed [${found.component.label}] (${values.click})\n`);
    const use = { messageId: found.message.id, customId: values.click, ...(values.values ? { values: picked } : {}) };
    const pressed = await begin(io, origin, () => useComponent(control, use));
    if (typeof pressed === 'number') return pressed;
    last = await step(pressed);
    if (typeof last === 'number') return last;
  }

  if (fields && !last.reply.failed) {
    const modal = last.reply.modal;
    if (!modal) return fail(io, `${botName} opened no form to fill in with --modal (a form is the bot's answer of type 9${values.click ? `, to the command or to --click` : ''})`, ExitCode.Problems);
    if (!io.json) io.stdout.write(`▸ submitted "${modal.title}"\n`);
    const openedBy = last.id;
    const submitted = await begin(io, origin, () => submitForm(control, openedBy, fields));
    if (typeof submitted === 'number') return submitted;
    last = await step(submitted);
    if (typeof last === 'number') return last;
  } else if (!io.json && last.reply.modal && !last.reply.failed) {
    io.stdout.write(`(fill it in and submit it with ${formFieldNames(last.reply.modal).map((field) => `--modal ${field}=…`).join(' ')})\n`);
  }

  const ok = last.reply.failed === undefined;
  if (io.json) io.stdout.write(`${JSON.stringify({ ok, ...stepsReport(steps) })}\n`);
  return ok ? ExitCode.Ok : ExitCode.Problems;
};
