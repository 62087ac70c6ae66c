/** `try_command`: runs a slash command on a `cmd-tui serve` emulator as Discord's client would, and returns the bot's reply. */
import * as z from '../zod.js';
import { followInteraction, stillOwed, TOKEN_LIFETIME_MS } from '../../operations/follow-interaction.js';
import { ControlSecretRefusedError, LIVE_DISCORD_REFUSAL, lostWhileWaiting, notAnInteraction, readInteraction, startTry } from '../../operations/try-command.js';
import { newReplyLines, NOTHING_SHOWN } from '../../operations/try-reply.js';
import { capitalized } from '../../discord/sentence.js';
import { mcpRemedy } from '../remedy-words.js';
import { optionalId } from '../scope-input.js';
import { defineTool } from '../tool.js';

const DEFAULT_WAIT_MS = 30_000;
const message = z.looseObject({ id: z.string(), content: z.string(), embeds: z.array(z.unknown()), components: z.array(z.unknown()), flags: z.int(), edits: z.int() });

export const tryCommand = defineTool({
  name: 'try_command',
  title: 'Try a command',
  description:
    "Runs a slash command against the bot the way Discord's client would — the option values held to the client's rules, the member to who can use it, the signed interaction delivered to the bot — and returns the bot's reply as the client shows it (its messages, follow-ups, a form it opened, or the client's failure text). Only on a `cmd-tui serve` emulator (this server's API), never live Discord: no Discord API lets anyone run a command. Sends nothing to Discord; the bot gets the interaction.",
  input: z.object({
    command: z.string().check(z.regex(/^\/?\S+(?:\s+\S+){0,2}$/), z.describe('The command as typed: its name, then its subcommand group and subcommand if any (`ping`, `/settings notifications enable`).')),
    options: z.optional(z.record(z.string(), z.string()).check(z.describe('Option values by option name, as typed in the client (`{"city": "Paris", "days": "3"}`); a user, role or channel option takes an id.'))),
    guild: optionalId("The guild to run it in. Default: the emulator's first guild."),
    user: optionalId("The member who runs it, by user id. Default: as `cmd-tui try` and the TUI, the app's owner where a member of the guild (else the guild's owner)."),
    channel: optionalId('The channel it is run in. Default: the first text channel where that member may use the command.'),
    locale: z.optional(z.string().check(z.describe("The member's client language (`fr`, `en-US`). Default: en-US."))),
    waitMs: z.optional(z.int().check(z.minimum(1), z.maximum(TOKEN_LIFETIME_MS), z.describe(`How long to wait for the bot in all, in milliseconds (as \`cmd-tui try --wait\`). Default: ${DEFAULT_WAIT_MS}.`))),
  }),
  output: z.object({
    command: z.string(),
    user: z.string(),
    channel: z.string(),
    bot: z.string(),
    answered: z.boolean().check(z.describe('The bot answered (or failed) within the wait.')),
    reply: z.array(z.string()).check(z.describe("What the user sees, line by line, as Discord's client shows it.")),
    original: z.optional(message),
    followups: z.array(message),
    modal: z.optional(z.unknown()),
    choices: z.optional(z.array(z.unknown())),
    failed: z.optional(z.string()),
    refusedAnswers: z.optional(z.array(z.string()).check(z.describe("What Discord refused of the bot's answers, in its words."))),
    note: z.optional(z.string()),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, { door, signal }) {
    if (door.emulator === undefined) {
      return {
        refused: `try_command runs only on a cmd-tui serve emulator, and this server's API is live Discord. ${LIVE_DISCORD_REFUSAL}`,
        hint: 'Run `cmd-tui serve --copy-commands` with the bot connected to it (or --interactions-url for an HTTP bot), and start `cmd-tui mcp --api` with the URL it prints.',
      };
    }
    const [name, ...path] = input.command.replace(/^\//, '').trim().split(/\s+/) as [string, ...string[]];
    const request = {
      name,
      path,
      options: input.options ?? {},
      ...(input.guild !== undefined ? { guildId: input.guild } : {}),
      ...(input.user !== undefined ? { userId: input.user } : {}),
      ...(input.channel !== undefined ? { channelId: input.channel } : {}),
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
    };
    const control = await door.emulator();
    const { origin } = control;
    const waitMs = input.waitMs ?? DEFAULT_WAIT_MS;
    let started;
    try {
      started = await startTry(control, request, signal);
    } catch (error) {
      signal.throwIfAborted();
      return { refused: `Could not reach the emulator at ${origin} (${error instanceof Error ? error.message : String(error)}).`, hint: 'Is `cmd-tui serve` still running there?' };
    }
    if (!started.ok) {
      return started.notEmulator
        ? { refused: `${started.message}: it cannot play Discord's client.`, hint: 'Start this server with --api set to the URL `cmd-tui serve` prints.' }
        : { refused: `${capitalized(started.message)}.`, ...(started.remedy ? { hint: mcpRemedy(started.remedy) } : {}), ...(started.problems.length > 0 ? { details: { problems: started.problems } } : {}) };
    }
    const { id, botName, user, channel } = started;
    let followed;
    try {
      // followInteraction's deadline is on the machine's clock, as every door's wait.
      followed = await followInteraction(() => readInteraction(control, id, signal), { until: Date.now() + waitMs, signal });
    } catch (error) {
      signal.throwIfAborted();
      return { refused: `${capitalized(lostWhileWaiting(origin, error))}.`, ...(error instanceof ControlSecretRefusedError ? {} : { hint: 'Is `cmd-tui serve` still running there?' }) };
    }
    if (!followed) return { refused: `${notAnInteraction(origin)}: it is not a cmd-tui serve emulator.` };
    const { view, ended } = followed;
    const { original, followups, modal, choices, failed, refused } = view;
    return {
      output: {
        command: `/${[name, ...path].join(' ')}`,
        user,
        channel,
        bot: botName,
        answered: ended === 'answered',
        reply: newReplyLines(botName, view, NOTHING_SHOWN).lines,
        ...(original ? { original } : {}),
        followups,
        ...(modal ? { modal } : {}),
        ...(choices ? { choices } : {}),
        ...(failed ? { failed } : {}),
        ...(refused && refused.length > 0 ? { refusedAnswers: refused } : {}),
        ...(ended === 'deadline' ? { note: `Stopped waiting after ${waitMs} ms: ${stillOwed(botName, view)}. Give it longer with waitMs, or see why the bot is stuck.` } : {}),
      },
    };
  },
});
