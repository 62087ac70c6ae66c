/**
 * Routes everything but `--version` and `--help`: a scriptable subcommand (lazily loaded from the
 * registry) or the terminal UI. Ink, React, undici and the emulator load only behind the route that needs them.
 */
import { checkArguments, checkTuiArguments, hoistGlobalFlags, namedAfter, redactArguments, secretArguments } from './commands/flags.js';
import { COMMANDS, findCommand } from './commands/registry.js';
import { readEnvironment } from './config/environment.js';
import { didYouMean } from './commands/suggest.js';
import { InputFileUsageError, processIo, UsageError } from './commands/types.js';
import { registerSecret } from './terminal/redact-secrets.js';

/** For cli.ts's last-resort message: the same registry of secrets as every output stream here. */
export { redactSecrets } from './terminal/redact-secrets.js';
import { sanitizeLine } from './terminal/sanitize.js';
import { helpWidth, wrapHelp } from './terminal/wrap-help.js';

const COMMAND_NAMES = [...COMMANDS.map((entry) => entry.name), 'help'];

export async function main(given: string[]): Promise<number> {
  // Decided once: an argument that may be a secret is shown as **** by the output streams, whichever
  // message quotes it (a file that cannot be read, an unknown profile), `--json` included.
  for (const secret of secretArguments(given)) registerSecret(secret);
  // The environment is read here, once: below this edge nothing reads a variable.
  const environment = readEnvironment(process.env, process.platform);
  // The credentials the environment gives are held from the start: a message quoting one (an argument
  // that repeats it, a server echoing it) shows ****, even when it fails before they are loaded.
  for (const secret of [environment.credentials.botToken, environment.credentials.clientSecret]) registerSecret(secret?.replace(/^(bot|bearer)\s+/i, ''));
  const argv = hoistGlobalFlags(given, (word) => findCommand(word) !== undefined);
  const [first, ...rest] = argv;
  if (first === 'help') return help(rest);
  if (first === '__complete') return (await import('./commands/complete.js')).complete(rest, processIo(environment));
  const entry = findCommand(first);
  if (entry) {
    if (rest.includes('--help') || rest.includes('-h')) {
      // `auth login --help`: that subcommand; `auth --help`: the list of them.
      return help([entry.name, ...rest.filter((word) => !word.startsWith('-')).slice(0, 1)], [entry.name]);
    }
    // Data on stdout stays exact in value: JSON documents, a commands file (`export` without -o) and the MCP protocol.
    const exactStdout = rest.includes('--json') || rest.includes('--json-lines') || (entry.name === 'export' && exportsToStdout(rest)) || entry.name === 'mcp';
    const io = { ...processIo(environment, { stdout: exactStdout ? 'json' : 'text' }), json: rest.includes('--json') || rest.includes('--json-lines') };
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
    process.stderr.write(`cmd-tui: ${namedAfter('unknown command', [first], 0)}.${didYouMean(first, COMMAND_NAMES)} Run \`cmd-tui --help\` for the list.\n`);
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
  return startTui(argv, processIo(environment, { stdout: 'raw' }));
}

/** `export` without -o, or with `-o -`: the commands file goes to stdout. */
function exportsToStdout(args: readonly string[]): boolean {
  const at = args.findIndex((word) => word === '-o' || word === '--output' || word.startsWith('--output=') || (word.startsWith('-o') && !word.startsWith('--')));
  if (at < 0) return true;
  const word = args[at]!;
  const value = word === '-o' || word === '--output' ? args[at + 1] : word.startsWith('--output=') ? word.slice('--output='.length) : word.slice(2).replace(/^=/, '');
  return value === '-';
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
    // Quoted as typed; a word that may be a secret is named by its place instead, outside quotes.
    const typed = sanitizeLine(words.join(' '));
    const asked = redactArguments(typed, undefined, words);
    process.stderr.write(`cmd-tui: no help for ${asked === typed ? `"${typed}"` : asked}.${didYouMean(words[0]!, COMMAND_NAMES)} Run \`cmd-tui --help\` for the commands.\n`);
    return 2;
  }
  process.stdout.write(wrapHelp(text, helpWidth(process.stdout)));
  return 0;
}

