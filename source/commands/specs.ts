/**
 * Every subcommand's summary, flags, positionals, examples and related commands, in one table: the
 * parser (node's parseArgs, which ignores the describing keys), `cmd-tui --help`, `cmd-tui help
 * COMMAND`, `COMMAND --help` and shell completion all read it, so they cannot drift apart.
 */
import { GATEWAY_LIMITS } from '../emulator/gateway/limits.js';

export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The value's placeholder in the usage line: ID, FILE, URL, N… */
  value?: string;
  description: string;
  /** What applies when the flag is not given, for the help. */
  defaultText?: string;
  /** What completion offers for the value. */
  /** `guilds`: the cached guild ids and `global`; `guild-ids`: the ids alone (a command that works in one guild). */
  complete?: 'profiles' | 'guilds' | 'guild-ids' | 'files' | readonly string[];
}

export interface CommandSpec {
  /** `plan`, or `auth login` for a subcommand. */
  name: string;
  summary: string;
  /** The positionals as the usage shows them: `FILE`, `[NAME]`. */
  positionals?: string;
  /** Words after a repeatable flag add to it (`--allow role:1 user:2`) rather than being positionals of their own. */
  listsAfterFlags?: boolean;
  flags: Readonly<Record<string, FlagSpec>>;
  examples: readonly string[];
  /** What the help says besides the flags (a paragraph each). */
  notes?: readonly string[];
  related: readonly string[];
}

const NO_COLOR = { 'no-color': { type: 'boolean', description: 'no colour (the same as NO_COLOR=1); piped output never has colour' } } as const satisfies Record<string, FlagSpec>;

/** What every command that talks to Discord accepts. */
export const API_FLAGS = {
  api: { type: 'string', value: 'URL', description: 'the API to talk to, e.g. a `cmd-tui serve` emulator', defaultText: "the profile's, else https://discord.com/api/v10" },
  profile: { type: 'string', value: 'NAME', description: 'use this profile (also CMD_TUI_PROFILE)', defaultText: 'the current profile', complete: 'profiles' },
  app: { type: 'string', value: 'ID', description: 'the application, when the credentials do not say which', defaultText: "the profile's, or the one the credentials are for" },
  timeout: { type: 'string', value: 'MS', description: 'per-request timeout in milliseconds', defaultText: '30000' },
  'max-rps': { type: 'string', value: 'N', description: "requests per second at most, for a bot whose global limit Discord raised", defaultText: "the profile's, else 50" },
  json: { type: 'boolean', description: 'one JSON document on stdout, on success and on failure' },
  debug: { type: 'boolean', description: 'log every HTTP request (method, route, status, bucket, waits) to stderr, tokens masked' },
  ...NO_COLOR,
} as const satisfies Record<string, FlagSpec>;

const GUILD = {
  guild: { type: 'string', value: 'ID', description: 'a guild\'s commands; `global` for the global scope', defaultText: "the profile's guild, else global", complete: 'guilds' },
} as const satisfies Record<string, FlagSpec>;
/** What lets `apply` carry out a plan the engine refuses; `plan` takes them to show what apply would do with them. */
const OVERRIDES = {
  'accept-skipped': { type: 'boolean', description: 'with --prune and a folder: go on although some of its files were skipped (they are listed)' },
  'delete-many': { type: 'boolean', description: 'with --prune: allow deleting more than half of the scope (--yes alone does not)' },
} as const satisfies Record<string, FlagSpec>;
/** `perms`: overwrites live in one guild, so there is no global scope to fall back on. */
const ONE_GUILD = {
  guild: { type: 'string', value: 'ID', description: 'the guild whose overwrites these are', defaultText: "the profile's guild", complete: 'guild-ids' },
} as const satisfies Record<string, FlagSpec>;
const YES = { yes: { type: 'boolean', short: 'y', description: 'go ahead without asking (needed where there is no terminal to ask on)' } } as const satisfies Record<string, FlagSpec>;
const FILE_FLAGS = {
  ...GUILD,
  prune: { type: 'boolean', description: 'also delete the commands FILE does not have' },
  adapt: { type: 'boolean', description: 'drop (and list) what the scope does not allow, e.g. a global file applied to a guild' },
} as const satisfies Record<string, FlagSpec>;

export const SPECS = {
  validate: {
    name: 'validate',
    summary: "check a command (or a scope's full set) against every platform rule, offline",
    positionals: 'FILE',
    flags: {
      scope: { type: 'string', value: 'global|guild', description: 'the scope the commands are meant for', defaultText: 'global', complete: ['global', 'guild'] },
      'app-flags': { type: 'string', value: 'N', description: "the app's flags as a number (EMBEDDED, 131072, allows an entry point's handler)", defaultText: "unknown: what needs them is a warning" },
      json: API_FLAGS.json,
      ...NO_COLOR,
    },
    examples: ['cmd-tui validate commands.json', 'cmd-tui validate - --scope guild < one-command.json', 'cmd-tui validate commands.json --json'],
    related: ['plan', 'apply', 'export'],
  },
  serve: {
    name: 'serve',
    summary: 'run the embedded Discord API emulator (fake app, guilds, OAuth2, a gateway for bots) for offline use and tests',
    flags: {
      port: { type: 'string', value: 'N', description: 'the port to listen on (0: a free one)', defaultText: '0' },
      host: { type: 'string', value: 'HOST', description: 'the address to listen on', defaultText: '127.0.0.1' },
      'allow-host': { type: 'string', multiple: true, value: 'NAME', description: 'also answer requests addressed to NAME, e.g. host.docker.internal for a bot in a container (answered anyway: localhost, IP addresses, --host)' },
      seed: { type: 'string', value: 'demo|empty', description: 'the data to start with', defaultText: 'demo', complete: ['demo', 'empty'] },
      guilds: { type: 'string', value: 'N', description: 'add N "Scale Test" guilds', defaultText: '0' },
      state: { type: 'string', value: 'FILE', description: 'keep the state in FILE across restarts (one serve per FILE at a time)', complete: 'files' },
      'rate-limits': { type: 'string', value: 'discord|off', description: "Discord's rate limits, or none", defaultText: 'discord', complete: ['discord', 'off'] },
      faults: { type: 'string', value: 'SPEC', description: 'inject faults by rate, e.g. `429:0.05,500:0.02,reset:0.01,slow:0.05@2000,seed:42`' },
      'choice-max': { type: 'string', value: '100|6000', description: 'the longest string choice value accepted', defaultText: '100' },
      locales: { type: 'string', value: 'spec|docs', description: 'ar and he localizations: accepted (the OpenAPI spec) or refused (the docs)', defaultText: 'spec', complete: ['spec', 'docs'] },
      'global-rps': { type: 'string', value: 'N', description: "the global limit per token (a big bot's raised limit)", defaultText: '50' },
      'interactions-url': { type: 'string', value: 'URL', description: "your bot's interactions endpoint: signed interactions go there (`cmd-tui try`); without it they go to your bot on the gateway (GET /gateway/bot)" },
      'copy-commands': { type: 'boolean', description: "start with your app's commands, read (never changed) where the profile points, live Discord by default: the global ones and --guild's, ids kept, with that guild's roles, channels and members when they can be read (--seed is then empty unless given)" },
      profile: { type: 'string', value: 'NAME', description: 'with --copy-commands: whose credentials and API to read the commands from (also CMD_TUI_PROFILE)', defaultText: 'the current profile', complete: 'profiles' },
      api: { type: 'string', value: 'URL', description: 'with --copy-commands: the API to read them from', defaultText: "the profile's, else https://discord.com/api/v10" },
      guild: { type: 'string', value: 'ID', description: "with --copy-commands: the guild whose commands and people are copied too", defaultText: "the profile's guild, else only the global commands", complete: 'guilds' },
      log: { type: 'boolean', description: 'print each request' },
      json: { type: 'boolean', description: 'print the URLs and credentials as JSON' },
      ...NO_COLOR,
    },
    examples: [
      'cmd-tui serve --port 4010',
      '# in the background: an empty world kept in world.json, its URLs and credentials in emulator.json',
      'cmd-tui serve --seed empty --state world.json --json > emulator.json &',
      'cmd-tui serve --copy-commands --profile prod --guild 123456789012345678',
      '# reachable from a container on Docker Desktop',
      'cmd-tui serve --host 0.0.0.0 --allow-host host.docker.internal',
    ],
    notes: [
      'Safe beside a browser: a request addressed to another name than localhost, an IP address, --host or --allow-host is refused (421), and so is one from a web page of another site (403, its Origin header); the test routes /__emulator/* (cmd-tui try) also need the control secret serve prints.',
      `The gateway takes ${GATEWAY_LIMITS.connections} connections; at most ${GATEWAY_LIMITS.waiting} of them (${GATEWAY_LIMITS.waitingPerAddress} per address) waiting to identify, each for at most ${GATEWAY_LIMITS.identifyWithinSeconds} s. A new connection over those bounds closes the oldest one waiting, so a bot always gets its HELLO.`,
    ],
    related: ['list', 'auth login'],
  },
  try: {
    name: 'try',
    summary: "run a slash command against your bot as Discord's client would, and show its reply (emulator only)",
    positionals: 'NAME [GROUP] [SUBCOMMAND]',
    flags: {
      guild: { type: 'string', value: 'ID', description: 'the guild to run it in', defaultText: "the emulator's first guild" },
      option: { type: 'string', multiple: true, value: 'NAME=VALUE', description: 'an option value (repeat for more)' },
      file: { type: 'string', multiple: true, value: 'NAME=PATH', description: 'the local file an ATTACHMENT option uploads, at most 10 MiB (repeat for more)' },
      autocomplete: { type: 'string', value: 'OPTION', description: "ask the bot for OPTION's suggestions, as typing in it does (its --option is the text so far)" },
      as: { type: 'string', value: 'USER_ID', description: 'the member who runs it', defaultText: "the app's owner" },
      channel: { type: 'string', value: 'ID', description: 'the channel it is run in', defaultText: "the guild's first text channel" },
      locale: { type: 'string', value: 'LOCALE', description: "the member's client language", defaultText: 'en-US' },
      click: { type: 'string', value: 'CUSTOM_ID', description: "then press the button (or pick from the select) with this custom_id on the bot's reply, as the client does" },
      values: { type: 'string', multiple: true, value: 'VALUE', description: 'with --click on a select: a value picked (repeat for more; an id for a user, role or channel select)' },
      modal: { type: 'string', multiple: true, value: 'FIELD=VALUE', description: "then fill in the form the bot opens and submit it: a field's custom_id and text (repeat for more; a field left out keeps the bot's text)" },
      wait: { type: 'string', value: 'MS', description: "wait at most this many milliseconds for the bot's answers in all; a bot still owing one then ends try with exit 5", defaultText: "900000: an interaction token's 15 minutes" },
      api: API_FLAGS.api,
      timeout: { ...API_FLAGS.timeout, description: `${API_FLAGS.timeout.description}, for each request to the emulator`, defaultText: '10000' },
      profile: API_FLAGS.profile,
      json: API_FLAGS.json,
      ...NO_COLOR,
    },
    examples: [
      'cmd-tui try ping --api http://127.0.0.1:8990/api/v10',
      'cmd-tui try settings notifications enable --wait 10000',
      'cmd-tui try weather --option city=Paris --as 123456789012345678',
      'cmd-tui try filesize --file file=screenshot.png',
      'cmd-tui try counter --click add',
      'cmd-tui try feedback --modal topic=Buttons --modal details="Work offline"',
    ],
    related: ['serve', 'perms who'],
  },
  list: {
    name: 'list',
    summary: "list a scope's commands (global, or one guild)",
    flags: { ...GUILD, 'with-localizations': { type: 'boolean', description: 'ask for every localization too' }, ...API_FLAGS },
    examples: ['cmd-tui list', 'cmd-tui list --guild 123456789012345678', 'cmd-tui list --profile prod --json'],
    related: ['export', 'audit'],
  },
  audit: {
    name: 'audit',
    summary: 'find ghost duplicates, admin-only commands, dead overwrite targets, rule problems, caps',
    flags: {
      ...GUILD,
      'all-guilds': { type: 'boolean', description: 'every guild the app is in, a few at a time within the rate limits' },
      'json-lines': { type: 'boolean', description: 'one JSON object per guild as it is audited, then a summary line (memory does not grow with the guilds)' },
      markdown: { type: 'boolean', description: 'the report as Markdown' },
      ...API_FLAGS,
    },
    examples: ['cmd-tui audit --guild 123456789012345678', 'cmd-tui audit --all-guilds --markdown > audit.md'],
    related: ['list', 'perms who'],
  },
  export: {
    name: 'export',
    summary: 'write a scope as a commands file (bulk-overwrite body, stable order for git)',
    flags: {
      ...GUILD,
      output: { type: 'string', short: 'o', value: 'FILE', description: 'write to FILE (replaced only when asked on a terminal, or with --force); - for stdout', defaultText: 'stdout', complete: 'files' },
      force: { type: 'boolean', description: 'with -o: replace FILE when it exists, without asking' },
      ...API_FLAGS,
    },
    examples: ['cmd-tui export -o commands.json', 'cmd-tui export --guild 123456789012345678 -o dev.json --force', 'cmd-tui export -o - | jq length'],
    related: ['plan', 'apply', 'copy'],
  },
  plan: {
    name: 'plan',
    summary: 'validate FILE and show what apply would create, update and delete',
    positionals: 'FILE',
    flags: {
      ...FILE_FLAGS,
      ...OVERRIDES,
      'detailed-exitcode': { type: 'boolean', description: 'exit 3 when there are changes pending, 0 when there is nothing to do (a plan apply would refuse exits 1 either way)' },
      ...API_FLAGS,
    },
    examples: [
      'cmd-tui plan commands.json',
      '# in CI: exit 0 when there is nothing to do, 3 when changes are pending, 1 when apply would refuse them',
      'cmd-tui plan commands.json --detailed-exitcode',
      'cmd-tui plan global.json --guild 123456789012345678 --adapt',
    ],
    notes: [
      "It shows the refusals apply would meet — beyond the day's creates, over a cap, deleting more than half of the scope, a folder's skipped files — in apply's words (`refusals` in --json), and exits 1 while one stands; with --delete-many or --accept-skipped it shows the plan apply would carry out with them.",
    ],
    related: ['apply', 'validate', 'copy'],
  },
  apply: {
    name: 'apply',
    summary: 'make a scope match FILE with the fewest requests, after a backup',
    positionals: 'FILE',
    flags: {
      ...FILE_FLAGS,
      ...OVERRIDES,
      watch: { type: 'boolean', description: 'apply now, then again on every save of FILE (a guild only: the dev loop); ctrl+c stops' },
      'json-lines': { type: 'boolean', description: 'with --watch: one JSON object per run on stdout, as --json prints one apply' },
      settle: { type: 'string', value: 'MS', description: 'with --watch: how long FILE must be quiet before a run, so a tool that writes in several steps (a build writing a folder) is one run', defaultText: '200' },
      ...YES,
      ...API_FLAGS,
    },
    examples: [
      'cmd-tui apply commands.json --yes',
      'cmd-tui apply dev.json --profile dev --prune --yes',
      '# the dev loop: apply again on every save of the file',
      'cmd-tui apply commands.json --watch --guild 123456789012345678 --yes',
    ],
    related: ['plan', 'backups', 'restore'],
  },
  copy: {
    name: 'copy',
    summary: 'copy commands between scopes (promote a dev guild to global, or back), with a plan first',
    flags: {
      from: { type: 'string', value: 'global|GUILD_ID', description: 'where the commands are now', complete: 'guilds' },
      to: { type: 'string', value: 'global|GUILD_ID', description: 'where they should be', complete: 'guilds' },
      command: { type: 'string', multiple: true, value: 'NAME', description: 'only this command (repeat for more)', defaultText: 'all of them' },
      prune: { type: 'boolean', description: 'also delete what the source scope does not have (not with --command)' },
      'delete-many': { type: 'boolean', description: 'with --prune: allow deleting more than half of the target scope (--yes alone does not)' },
      ...YES,
      ...API_FLAGS,
    },
    examples: ['cmd-tui copy --from 123456789012345678 --to global', 'cmd-tui copy --from global --to 123456789012345678 --command ping --yes'],
    related: ['plan', 'apply', 'profile add'],
  },
  backups: {
    name: 'backups',
    summary: 'list the backups taken before every change, oldest first, of every API and profile on this machine',
    flags: { json: API_FLAGS.json, ...NO_COLOR },
    examples: ['cmd-tui backups', 'cmd-tui backups --json'],
    related: ['restore'],
  },
  restore: {
    name: 'restore',
    summary: 'bring a scope (commands and overwrites) back to a backup, with a plan first',
    positionals: 'BACKUP',
    flags: { ...YES, 'delete-many': { type: 'boolean', description: 'allow deleting more than half of the scope (what the backup did not have)' }, ...API_FLAGS },
    examples: ['# PATH as `cmd-tui backups` lists it', 'cmd-tui restore ~/.local/share/cmd-tui/backups/FILE.json'],
    related: ['backups', 'apply'],
  },
  'perms list': {
    name: 'perms list',
    summary: "list a guild's permission overwrites, by name",
    flags: { ...ONE_GUILD, command: { type: 'string', value: 'ID|NAME|app', description: 'one command, or `app` for the app-level defaults', defaultText: 'every command' }, ...API_FLAGS },
    examples: ['cmd-tui perms list --guild 123456789012345678', 'cmd-tui perms list --guild 123456789012345678 --command ban'],
    related: ['perms set', 'perms who'],
  },
  'perms set': {
    name: 'perms set',
    summary: "change a command's overwrites (needs the browser sign-in), previewed and backed up first",
    listsAfterFlags: true,
    flags: {
      ...ONE_GUILD,
      command: { type: 'string', value: 'ID|NAME|app', description: 'the command, or `app` for the app-level defaults' },
      allow: { type: 'string', multiple: true, value: 'TARGET', description: 'allow role:ID, user:ID, channel:ID, everyone or all-channels' },
      deny: { type: 'string', multiple: true, value: 'TARGET', description: 'deny a target' },
      remove: { type: 'string', multiple: true, value: 'TARGET', description: "remove a target's overwrite" },
      ...YES,
      ...API_FLAGS,
    },
    examples: ['cmd-tui perms set --guild 123456789012345678 --command ban --allow role:456 --deny everyone --yes'],
    related: ['perms list', 'perms who', 'auth login'],
  },
  'perms who': {
    name: 'perms who',
    summary: 'explain who can use a command, and why',
    flags: {
      ...ONE_GUILD,
      command: { type: 'string', value: 'ID|NAME', description: 'the command to explain' },
      user: { type: 'string', value: 'ID', description: 'one member' },
      channel: { type: 'string', value: 'ID', description: 'one channel' },
      ...API_FLAGS,
    },
    examples: ['cmd-tui perms who --guild 123456789012345678 --command ban --user 789'],
    related: ['perms list', 'perms set'],
  },
  mcp: {
    name: 'mcp',
    summary: "serve cmd-tui's tools to a coding agent (Model Context Protocol): list, validate, plan and apply, who can use, audit, try",
    flags: {
      port: { type: 'string', value: 'N', description: 'serve Streamable HTTP at http://127.0.0.1:N/mcp instead of stdio (0: a free port, printed on stderr)', defaultText: 'stdio' },
      api: API_FLAGS.api,
      profile: API_FLAGS.profile,
      app: API_FLAGS.app,
      timeout: API_FLAGS.timeout,
      'max-rps': API_FLAGS['max-rps'],
      debug: API_FLAGS.debug,
      json: { type: 'boolean', description: 'with --port: print the address as one JSON line on stdout, {"url": …}, once listening' },
    },
    examples: [
      '# what an agent runs: the protocol on stdin and stdout, with the profile\'s credentials',
      'cmd-tui mcp --profile dev',
      '# added to Claude Code',
      'claude mcp add cmd-tui -- npx -y cmd-tui mcp --profile dev',
      '# on a `cmd-tui serve` emulator, where try_command works too',
      'cmd-tui mcp --api http://127.0.0.1:4010/api/v10',
      '# Streamable HTTP at http://127.0.0.1:8765/mcp',
      'cmd-tui mcp --port 8765',
    ],
    related: ['plan', 'apply', 'try', 'profile add'],
  },
  'profile add': {
    name: 'profile add',
    summary: 'name an API, application and default guild',
    positionals: 'NAME',
    flags: {
      api: { type: 'string', value: 'URL|local', description: 'the API', defaultText: 'https://discord.com/api/v10' },
      app: { type: 'string', value: 'ID', description: 'the application', defaultText: 'learned from the credentials stored for it' },
      guild: { type: 'string', value: 'ID', description: 'where commands go without --guild (a dev guild)', defaultText: 'global' },
      'max-rps': { type: 'string', value: 'N', description: 'requests per second for this bot, when Discord raised its global limit', defaultText: '50' },
      use: { type: 'boolean', description: 'make it the current profile' },
      json: API_FLAGS.json,
      ...NO_COLOR,
    },
    examples: ['cmd-tui profile add dev --api http://127.0.0.1:4010/api/v10 --guild 123456789012345678', 'cmd-tui profile add prod --use'],
    related: ['profile use', 'auth set-bot-token'],
  },
  'profile list': { name: 'profile list', summary: 'the profiles, the one in use marked (CMD_TUI_PROFILE, else the current one), and the credentials a command on each would use', flags: { json: API_FLAGS.json, ...NO_COLOR }, examples: ['cmd-tui profile list'], related: ['profile show'] },
  'profile use': { name: 'profile use', summary: 'make a profile the current one', positionals: 'NAME', flags: { json: API_FLAGS.json, ...NO_COLOR }, examples: ['cmd-tui profile use prod'], related: ['profile list'] },
  'profile remove': {
    name: 'profile remove',
    summary: 'remove a profile and its stored credentials (unless another profile uses the same application)',
    positionals: 'NAME',
    flags: { ...YES, json: API_FLAGS.json, ...NO_COLOR },
    examples: ['cmd-tui profile remove dev --yes'],
    related: ['profile list', 'auth logout'],
  },
  'profile show': { name: 'profile show', summary: 'one profile (default: the current one)', positionals: '[NAME]', flags: { json: API_FLAGS.json, ...NO_COLOR }, examples: ['cmd-tui profile show dev --json'], related: ['profile list'] },
  'auth login': {
    name: 'auth login',
    summary: 'browser sign-in (authorization code + PKCE) — only for permission overwrites',
    flags: {
      'client-id': { type: 'string', value: 'ID', description: 'the application to sign in to', defaultText: "the profile's" },
      scopes: { type: 'string', value: '"…"', description: 'space-separated scopes' },
      preset: { type: 'string', value: 'permissions|communication|presence', description: 'a scope preset', defaultText: 'permissions', complete: ['permissions', 'communication', 'presence'] },
      'custom-scheme': { type: 'string', value: 'S', description: 'redirect to S:/authorize/callback and paste it back' },
      'no-browser': { type: 'boolean', description: 'print the address instead of opening a browser, and paste the redirect back' },
      api: API_FLAGS.api,
      profile: API_FLAGS.profile,
      timeout: API_FLAGS.timeout,
      debug: API_FLAGS.debug,
      ...NO_COLOR,
    },
    examples: ['cmd-tui auth login --preset permissions', 'cmd-tui auth login --no-browser'],
    related: ['auth status', 'perms set'],
  },
  'auth status': {
    name: 'auth status',
    summary: 'who, which app, scopes, expiry, and where each secret is — never a token',
    flags: { recheck: { type: 'boolean', description: 'check the OS keyring again now, whatever was remembered' }, ...API_FLAGS },
    examples: ['cmd-tui auth status', 'cmd-tui auth status --json', 'cmd-tui auth status --recheck'],
    related: ['auth login', 'profile show'],
  },
  'auth logout': {
    name: 'auth logout',
    summary: "revoke the sign-in at Discord and forget every credential of the application, from every store (exit 1 when one could not be reached)",
    flags: {
      'sign-in-only': { type: 'boolean', description: 'forget only the sign-in; keep the bot token and client credentials' },
      all: { type: 'boolean', description: 'every credential of the application (the default; kept for scripts)' },
      ...API_FLAGS,
    },
    examples: ['cmd-tui auth logout', 'cmd-tui auth logout --sign-in-only --profile dev'],
    related: ['auth status', 'profile remove'],
  },
  'auth set-bot-token': {
    name: 'auth set-bot-token',
    summary: 'store a bot token, read from stdin or a hidden prompt (never argv), after checking it works',
    flags: { ...API_FLAGS },
    examples: ['cmd-tui auth set-bot-token', 'cmd-tui auth set-bot-token --profile dev < dev-token.txt'],
    related: ['auth status', 'profile add'],
  },
  'auth set-client-credentials': {
    name: 'auth set-client-credentials',
    summary: 'store client id + secret (read from stdin, one per line, or hidden prompts), after checking they work',
    flags: { 'client-id': { type: 'string', value: 'ID', description: 'the application (client) id', defaultText: 'read before the secret' }, api: API_FLAGS.api, profile: API_FLAGS.profile, timeout: API_FLAGS.timeout, debug: API_FLAGS.debug, ...NO_COLOR },
    examples: ['cmd-tui auth set-client-credentials', 'cmd-tui auth set-client-credentials --client-id 123456789012345678 < secret.txt'],
    related: ['auth status'],
  },
  version: {
    name: 'version',
    summary: "print cmd-tui's version, and the Node.js and platform it runs on (for a bug report)",
    flags: { json: API_FLAGS.json, ...NO_COLOR },
    examples: ['cmd-tui version', 'cmd-tui version --json', '# the version alone, for scripts', 'cmd-tui --version'],
    related: ['help'],
  },
  completion: {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh, fish or PowerShell): subcommands, flags, profiles, guild ids',
    positionals: 'bash|zsh|fish|powershell',
    flags: { ...NO_COLOR },
    examples: [
      'eval "$(cmd-tui completion bash)"',
      'cmd-tui completion zsh > "${fpath[1]}/_cmd-tui"',
      'cmd-tui completion fish > ~/.config/fish/completions/cmd-tui.fish',
      '# PowerShell (add the line to your $PROFILE to keep it)',
      'cmd-tui completion powershell | Out-String | Invoke-Expression',
    ],
    related: ['help'],
  },
} as const satisfies Record<string, CommandSpec>;

/** The terminal UI's flags (`cmd-tui --demo`); --api, --profile, --timeout, --debug and --no-color may also come before a command. */
export const TUI_FLAGS = {
  demo: { type: 'boolean', description: 'the embedded demo emulator' },
  api: { ...API_FLAGS.api, value: 'URL|local' },
  profile: API_FLAGS.profile,
  timeout: API_FLAGS.timeout,
  debug: { type: 'boolean', description: 'log HTTP requests to a file in the data folder' },
  ...NO_COLOR,
  help: { type: 'boolean', short: 'h', description: 'the commands' },
  version: { type: 'boolean', short: 'v', description: 'the version' },
} as const satisfies Record<string, FlagSpec>;

/** What a command with subcommands does, as a whole (a command with one form is summed up by it). */
const GROUP_SUMMARIES: Readonly<Record<string, string>> = {
  perms: "list, change or explain a guild's permission overwrites (who can use which command, and why)",
  profile: 'name an API, application and default guild (a dev bot and a prod bot), and switch between them',
  auth: 'sign in with the browser, store a bot token or client credentials, show or remove them',
};

/** The one summary of a command, for `--help`, `help COMMAND` and completion. */
export function summaryOf(command: string): string {
  return GROUP_SUMMARIES[command] ?? formsOf(command)[0]?.summary ?? '';
}

/** The forms of a command: itself, or its subcommands (`auth` → `auth login`, …). */
export function formsOf(command: string): CommandSpec[] {
  return Object.values(SPECS).filter((spec: CommandSpec) => spec.name === command || spec.name.startsWith(`${command} `));
}

export function usageLine(spec: CommandSpec): string {
  const flags = Object.entries(spec.flags).map(([name, flag]) => {
    const value = flag.type === 'string' ? ` ${flag.value ?? 'VALUE'}` : '';
    return `[--${name}${value}]${flag.multiple ? '…' : ''}`;
  });
  return ['cmd-tui', spec.name, spec.positionals, ...flags].filter(Boolean).join(' ');
}
