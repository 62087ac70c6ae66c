/**
 * The text of `cmd-tui --help`, generated from the command registry; loaded only for --help.
 */
import { VERSION } from '../version.js';
import { COMMANDS } from './registry.js';

export const HELP = `cmd-tui ${VERSION} — see and fix your Discord app's application commands.

Usage
  cmd-tui [--demo | --api URL|local] [--timeout MS] [--debug]   open the terminal UI
  cmd-tui <command> [options]                                   run one command and exit

Commands
${COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Run \`cmd-tui <command> --help\` for a command's options.

Credentials: DISCORD_BOT_TOKEN, or DISCORD_CLIENT_ID + DISCORD_CLIENT_SECRET (client credentials),
for commands; a browser sign-in (\`cmd-tui auth login\`) only for permission overwrites.
`;

