/**
 * Routes everything but `--version` and `--help`: a scriptable subcommand (lazily loaded from the
 * registry) or the terminal UI. Ink, React, undici and the emulator load only behind the route that needs them.
 */
import { checkArguments, checkTuiArguments, hoistGlobalFlags, redactArguments, secretArguments } from './commands/flags.js';
import { COMMANDS, findCommand } from './commands/registry.js';
import { didYouMean } from './commands/suggest.js';
import { InputFileUsageError, processIo, UsageError } from './commands/types.js';
import { registerSecret } from './terminal/redact-secrets.js';
import { sanitizeLine } from './terminal/sanitize.js';
import { helpWidth, wrapHelp } from './terminal/wrap-help.js';

const COMMAND_NAMES = [...COMMANDS.map((entry) => entry.name), 'help'];

export async function main(given: string[]): Promise<number> {
  // Decided once: an argument that may be a secret is shown as **** by the output streams, whichever
  // message quotes it (a file that cannot be read, an unknown profile), `--json` included.
  for (const secret of secretArguments(given)) registerSecret(secret);
  // The credentials the environment gives are held from the start: a message quoting one (an argument
  // that repeats it, a server echoing it) shows ****, even when it fails before they are loaded.
  for (const name of ['DISCORD_BOT_TOKEN', 'DISCORD_CLIENT_SECRET'] as const) registerSecret(process.env[name]?.trim().replace(/^(bot|bearer)\s+/i, ''));
  const argv = hoistGlobalFlags(given, (word) => findCommand(word) !== undefined);
  const [first, ...rest] = argv;
  if (first === 'help') return help(rest);
  if (first === '__complete') return (await import('./commands/complete.js')).complete(rest, processIo());
  const entry = findCommand(first);
  if (entry) {
    if (rest.includes('--help') || rest.includes('-h')) {
      // `auth login --help`: that subcommand; `auth --help`: the list of them.
      return help([entry.name, ...rest.filter((word) => !word.startsWith('-')).slice(0, 1)], [entry.name]);
    }
    // Data on stdout stays exact in value: JSON documents, a commands file (`export` without -o) and the MCP protocol.
    const exactStdout = rest.includes('--json') || rest.includes('--json-lines') || (entry.name === 'export' && !rest.includes('-o') && !rest.includes('--output')) || entry.name === 'mcp';
    const io = { ...processIo({ stdout: exactStdout ? 'json' : 'text' }), json: rest.includes('--json') || rest.includes('--json-lines') };
    try {
      checkArguments(entry.name, rest);
      const command = await entry.load();
      return await command.run(rest, io);
    } catch (error) {
      if (error instanceof UsageError) {
        // Whatever a command's message quotes, an argument that may be a secret is named by position only.
        const message = redactArguments(error.message, entry.name, rest);
        if (io.json) (await import('./commands/failure.js')).writeJsonFailure(io, { message }, 2);
        // A file that cannot be read is no mistake in the command line: its usage would not help.
        if (error instanceof InputFileUsageError) {
          io.stderr.write(`cmd-tui ${entry.name}: ${message}\n`);
          return 2;
        }
        const { usageOf } = await import('./commands/help.js');
        // The subcommand's own usage when it is one (`auth login`), else every form's.
        const form = rest[0] !== undefined && usageOf(`${entry.name} ${rest[0]}`) !== '' ? `${entry.name} ${rest[0]}` : entry.name;
        io.stderr.write(`cmd-tui ${form}: ${message}\nUsage: ${usageOf(form)}\nRun \`cmd-tui help ${form}\` for the flags and examples.\n`);
        return 2;
      }
      throw error;
    }
  }
  if (first !== undefined && !first.startsWith('-')) {
    const word = redactArguments(sanitizeLine(first), undefined, [first]);
    process.stderr.write(`cmd-tui: unknown command "${word}".${didYouMean(first, COMMAND_NAMES)} Run \`cmd-tui --help\` for the list.\n`);
    return 2;
  }
  try {
    checkTuiArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const { TUI_USAGE } = await import('./commands/help.js');
    process.stderr.write(`cmd-tui: ${redactArguments(error.message, undefined, argv)}\nUsage: ${TUI_USAGE}\n`);
    return 2;
  }
  const { startTui } = await import('./ui/start.js');
  // Ink draws with escape sequences of its own; the UI's text is made safe where it is drawn (ui/components/text.tsx).
  return startTui(argv, processIo({ stdout: 'raw' }));
}

/** The help for `words`, else for `fallback` (a command's own help when its --help follows an unknown subcommand). */
async function help(words: string[], fallback?: string[]): Promise<number> {
  const { commandHelp, HELP } = await import('./commands/help.js');
  if (words.length === 0) {
    process.stdout.write(wrapHelp(HELP, helpWidth(process.stdout)));
    return 0;
  }
  const text = commandHelp(words) ?? (fallback ? commandHelp(fallback) : undefined);
  if (text === undefined) {
    const asked = redactArguments(sanitizeLine(words.join(' ')), undefined, words);
    process.stderr.write(`cmd-tui: no help for "${asked}".${didYouMean(words[0]!, COMMAND_NAMES)} Run \`cmd-tui --help\` for the commands.\n`);
    return 2;
  }
  process.stdout.write(wrapHelp(text, helpWidth(process.stdout)));
  return 0;
}

