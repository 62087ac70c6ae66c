/**
 * The scriptable subcommands: name and a lazy loader, so that `--help` and `--version` load none of
 * them. One entry per command; main.ts and --help read this table, and specs.ts holds each command's
 * summary and flags.
 */
import type { CommandRun } from './types.js';

export interface CommandEntry {
  name: string;
  load: () => Promise<{ run: CommandRun }>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'validate', load: () => import('./validate.js') },
  { name: 'serve', load: () => import('./serve.js') },
  { name: 'try', load: () => import('./try.js') },
  { name: 'list', load: () => import('./list.js') },
  { name: 'audit', load: () => import('./audit.js') },
  { name: 'export', load: () => import('./export.js') },
  { name: 'plan', load: () => import('./plan.js') },
  { name: 'apply', load: () => import('./apply.js') },
  { name: 'copy', load: () => import('./copy.js') },
  { name: 'backups', load: () => import('./backups.js') },
  { name: 'restore', load: () => import('./restore.js') },
  { name: 'perms', load: () => import('./perms.js') },
  { name: 'mcp', load: () => import('./mcp.js') },
  { name: 'profile', load: () => import('./profile.js') },
  { name: 'completion', load: () => import('./completion.js') },
  { name: 'auth', load: () => import('./auth.js') },
  { name: 'version', load: () => import('./version.js') },
];

export function findCommand(name: string | undefined): CommandEntry | undefined {
  return COMMANDS.find((entry) => entry.name === name);
}
