/**
 * Routes everything but `--version` and `--help`: a scriptable subcommand (lazily loaded from the
 * registry) or the terminal UI. Ink, React, undici and the emulator load only behind the route that needs them.
 */
import { findCommand } from './commands/registry.js';
import { processIo, UsageError } from './commands/types.js';
import { sanitizeLine } from './terminal/sanitize.js';

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === 'help') return help(rest);
  if (first === '__complete') return (await import('./commands/complete.js')).complete(rest, processIo());
  const entry = findCommand(first);
  if (entry) {
    if (rest.includes('--help') || rest.includes('-h')) {
      // `auth login --help`: that subcommand; `auth --help`: the list of them.
      return help([entry.name, ...rest.filter((word) => !word.startsWith('-')).slice(0, 1)], [entry.name]);
    }
    // Data on stdout stays exact in value: JSON documents and a commands file (`export` without -o).
    const exactStdout = rest.includes('--json') || rest.includes('--json-lines') || (entry.name === 'export' && !rest.includes('-o') && !rest.includes('--output'));
    const io = { ...processIo({ stdout: exactStdout ? 'json' : 'text' }), json: rest.includes('--json') || rest.includes('--json-lines') };
    try {
      const command = await entry.load();
      return await command.run(rest, io);
    } catch (error) {
      if (error instanceof UsageError) {
        if (io.json) (await import('./commands/failure.js')).writeJsonFailure(io, { message: error.message }, 2);
        const { usageOf } = await import('./commands/help.js');
        io.stderr.write(`cmd-tui ${entry.name}: ${error.message}\nUsage: ${usageOf(entry.name)}\nRun \`cmd-tui help ${entry.name}\` for the flags and examples.\n`);
        return 2;
      }
      throw error;
    }
  }
  if (first !== undefined && !first.startsWith('-')) {
    process.stderr.write(`cmd-tui: unknown command "${sanitizeLine(first)}". Run \`cmd-tui --help\` for the list.\n`);
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
    process.stdout.write(HELP);
    return 0;
  }
  const text = commandHelp(words) ?? (fallback ? commandHelp(fallback) : undefined);
  if (text === undefined) {
    process.stderr.write(`cmd-tui: no help for "${words.join(' ')}". Run \`cmd-tui --help\` for the commands.\n`);
    return 2;
  }
  process.stdout.write(text);
  return 0;
}

