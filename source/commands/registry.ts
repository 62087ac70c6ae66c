/**
 * The scriptable subcommands: name, one-line summary and a lazy loader, so that `--help` and
 * `--version` load none of them. One entry per command; cli.ts and --help read this table, and
 * specs.ts holds each command's flags.
 */
import type { CommandRun } from './types.js';

export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<{ run: CommandRun }>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary: 'check a command (or a scope\'s full set) against every platform rule',
    load: () => import('./validate.js'),
  },
  {
    name: 'serve',
    summary: 'run the embedded Discord API emulator (fake app, guilds, OAuth2) for offline use and tests',
    load: () => import('./serve.js'),
  },
  {
    name: 'try',
    summary: "run a slash command against your bot as Discord's client would, and show its reply (emulator only)",
    load: () => import('./try.js'),
  },
  {
    name: 'list',
    summary: 'list a scope\'s commands (global, or one guild)',
    load: () => import('./list.js'),
  },
  {
    name: 'audit',
    summary: 'find ghost duplicates, admin-only commands, dead overwrite targets, rule problems, caps',
    load: () => import('./audit.js'),
  },
  {
    name: 'export',
    summary: 'write a scope as a commands file (bulk-overwrite body, stable order for git)',
    load: () => import('./export.js'),
  },
  {
    name: 'plan',
    summary: 'validate FILE and show what apply would create, update and delete',
    load: () => import('./plan.js'),
  },
  {
    name: 'apply',
    summary: 'make a scope match FILE with the fewest requests, after a backup',
    load: () => import('./apply.js'),
  },
  {
    name: 'copy',
    summary: 'copy commands between scopes (promote a dev guild to global, or back), with a plan first',
    load: () => import('./copy.js'),
  },
  {
    name: 'backups',
    summary: 'list the backups taken before every change, oldest first',
    load: () => import('./backups.js'),
  },
  {
    name: 'restore',
    summary: 'bring a scope (commands and overwrites) back to a backup, with a plan first',
    load: () => import('./restore.js'),
  },
  {
    name: 'perms',
    summary: 'list, change or explain a guild\'s permission overwrites (who can use which command, and why)',
    load: () => import('./perms.js'),
  },
  {
    name: 'profile',
    summary: 'name an API, application and default guild (a dev bot and a prod bot), and switch between them',
    load: () => import('./profile.js'),
  },
  {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh or fish): subcommands, flags, profiles, guild ids',
    load: () => import('./completion.js'),
  },
  {
    name: 'auth',
    summary: 'sign in with the browser, store a bot token or client credentials, show or remove them',
    load: () => import('./auth.js'),
  },
];

export function findCommand(name: string | undefined): CommandEntry | undefined {
  return COMMANDS.find((entry) => entry.name === name);
}
