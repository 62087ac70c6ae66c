/**
 * The scriptable subcommands: name, one-line summary, usage, and a lazy loader, so that
 * `--help` and `--version` load none of them. One entry per command; cli.ts and --help read this table.
 */
import type { CommandRun } from './types.js';

export interface CommandEntry {
  name: string;
  summary: string;
  usage: string;
  load: () => Promise<{ run: CommandRun }>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary: 'check a command (or a scope\'s full set) against every platform rule',
    usage: 'cmd-tui validate FILE [--scope global|guild] [--app-flags N] [--json]',
    load: () => import('./validate.js'),
  },
];

export function findCommand(name: string | undefined): CommandEntry | undefined {
  return COMMANDS.find((entry) => entry.name === name);
}
