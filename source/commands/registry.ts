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
  {
    name: 'serve',
    summary: 'run the embedded Discord API emulator (fake app, guilds, OAuth2) for offline use and tests',
    usage: 'cmd-tui serve [--port N] [--host 127.0.0.1] [--seed demo|empty] [--guilds N] [--state FILE] [--rate-limits discord|off] [--faults SPEC] [--choice-max 100|6000] [--log] [--json]',
    load: () => import('./serve.js'),
  },
  {
    name: 'list',
    summary: 'list a scope\'s commands (global, or one guild)',
    usage: 'cmd-tui list [--guild ID] [--with-localizations] [--json] [--api URL] [--app ID]',
    load: () => import('./list.js'),
  },
  {
    name: 'audit',
    summary: 'find ghost duplicates, admin-only commands, dead overwrite targets, rule problems, caps',
    usage: 'cmd-tui audit [--guild ID | --all-guilds] [--json | --markdown] [--api URL] [--app ID]',
    load: () => import('./audit.js'),
  },
  {
    name: 'export',
    summary: 'write a scope as a commands file (bulk-overwrite body, stable order for git)',
    usage: 'cmd-tui export [--guild ID] [-o FILE] [--api URL] [--app ID]',
    load: () => import('./export.js'),
  },
  {
    name: 'plan',
    summary: 'validate FILE and show what apply would create, update and delete',
    usage: 'cmd-tui plan FILE [--guild ID] [--adapt] [--prune] [--detailed-exitcode] [--json] [--api URL] [--app ID]',
    load: () => import('./plan.js'),
  },
  {
    name: 'apply',
    summary: 'make a scope match FILE with the fewest requests, after a backup',
    usage: 'cmd-tui apply FILE [--guild ID] [--adapt] [--prune] [--yes] [--json] [--api URL] [--app ID]',
    load: () => import('./apply.js'),
  },
  {
    name: 'copy',
    summary: 'copy commands between scopes (promote a dev guild to global, or back), with a plan first',
    usage: 'cmd-tui copy --from global|GUILD_ID --to global|GUILD_ID [--command NAME]… [--prune] [--yes] [--json] [--api URL] [--app ID]',
    load: () => import('./copy.js'),
  },
  {
    name: 'backups',
    summary: 'list the backups taken before every change, oldest first',
    usage: 'cmd-tui backups [--json]',
    load: () => import('./backups.js'),
  },
  {
    name: 'restore',
    summary: 'bring a scope (commands and overwrites) back to a backup, with a plan first',
    usage: 'cmd-tui restore BACKUP [--yes] [--json] [--api URL]',
    load: () => import('./restore.js'),
  },
  {
    name: 'perms',
    summary: 'list, change or explain a guild\'s permission overwrites (who can use which command, and why)',
    usage:
      'cmd-tui perms list --guild ID [--command ID|NAME|app] [--json]\n' +
      '       cmd-tui perms set --guild ID --command ID|NAME|app (--allow|--deny|--remove TARGET…)… [--yes] [--json]\n' +
      '       cmd-tui perms who --guild ID --command ID|NAME [--user ID] [--channel ID] [--json]\n' +
      '       TARGET: role:ID, user:ID, channel:ID, everyone or all-channels; setting needs `cmd-tui auth login --preset permissions`',
    load: () => import('./perms.js'),
  },
  {
    name: 'profile',
    summary: 'name an API, application and default guild (a dev bot and a prod bot), and switch between them',
    usage:
      'cmd-tui profile add NAME [--api URL|local] [--app ID] [--guild ID] [--use]\n' +
      '       cmd-tui profile list [--json]\n' +
      '       cmd-tui profile use NAME\n' +
      '       cmd-tui profile remove NAME [--yes]            (also forgets its stored credentials)\n' +
      '       cmd-tui profile show [NAME] [--json]',
    load: () => import('./profile.js'),
  },
  {
    name: 'auth',
    summary: 'sign in with the browser, store a bot token or client credentials, show or remove them',
    usage:
      'cmd-tui auth login [--client-id ID] [--scopes "…" | --preset permissions|communication|presence] [--custom-scheme S] [--no-browser] [--api URL]\n' +
      '       cmd-tui auth status [--json] [--api URL] [--app ID]\n' +
      '       cmd-tui auth logout [--all] [--api URL] [--app ID]\n' +
      '       cmd-tui auth set-bot-token [--api URL] [--app ID]            (token read from stdin or a hidden prompt)\n' +
      '       cmd-tui auth set-client-credentials --client-id ID [--api URL] (secret read from stdin or a hidden prompt)',
    load: () => import('./auth.js'),
  },
];

export function findCommand(name: string | undefined): CommandEntry | undefined {
  return COMMANDS.find((entry) => entry.name === name);
}
