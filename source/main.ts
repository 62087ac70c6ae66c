/**
 * Routes everything but `--version` and `--help`: a scriptable subcommand (lazily loaded from the
 * registry) or the terminal UI. Ink, React, undici and the emulator load only behind the route that needs them.
 */
import { findCommand } from './commands/registry.js';
import { processIo, UsageError } from './commands/types.js';

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  const entry = findCommand(first);
  if (entry) {
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`Usage: ${entry.usage}\n\n${entry.summary}\n`);
      return 0;
    }
    const io = processIo();
    try {
      const command = await entry.load();
      return await command.run(rest, io);
    } catch (error) {
      if (error instanceof UsageError) {
        io.stderr.write(`cmd-tui ${entry.name}: ${error.message}\nUsage: ${entry.usage}\n`);
        return 2;
      }
      throw error;
    }
  }
  if (first !== undefined && !first.startsWith('-')) {
    process.stderr.write(`cmd-tui: unknown command "${first}". Run \`cmd-tui --help\` for the list.\n`);
    return 2;
  }
  const { startTui } = await import('./ui/start.js');
  return startTui(argv, processIo());
}

