/**
 * Entry point: routes `--version`, `--help`, the scriptable subcommands and the TUI.
 * Everything heavy (Ink, React, undici, the emulator) is imported lazily behind the route that needs it.
 */
import { enableCompileCache } from 'node:module';
import { COMMANDS, findCommand } from './commands/registry.js';
import { processIo, UsageError } from './commands/types.js';
import { VERSION } from './version.js';

const HELP = `cmd-tui ${VERSION} — see and fix your Discord app's application commands.

Usage
  cmd-tui [--demo | --api URL|local] [--timeout MS] [--debug]   open the terminal UI
  cmd-tui <command> [options]                                   run one command and exit

Commands
${COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Run \`cmd-tui <command> --help\` for a command's options.

Credentials: DISCORD_BOT_TOKEN, or DISCORD_CLIENT_ID + DISCORD_CLIENT_SECRET (client credentials),
for commands; a browser sign-in (\`cmd-tui auth login\`) only for permission overwrites.
`;

/** Node 22.19 is undici 8's floor; older versions fail deep inside the HTTP stack with obscure errors. */
function nodeTooOld(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 19);
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (nodeTooOld(process.versions.node) && first !== '--version' && first !== '-v') {
    process.stderr.write(
      `cmd-tui needs Node.js 22.19 or newer; this is ${process.version}. Install Node 24 LTS (https://nodejs.org), or run \`npx -y node@24 $(which cmd-tui)\`.\n`,
    );
    return 2;
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  // Every later start skips compiling the large lazy chunks (about 100 ms for the TUI's).
  enableCompileCache();
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`cmd-tui: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
