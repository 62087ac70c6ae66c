/**
 * The environment a test run starts from, whatever the shell around it exports: the variables cmd-tui
 * reads (or that steer what it reads: the terminal it thinks it is in, the desktop keyring it finds, the
 * editor and browser it opens) are removed, so a contributor's `CMD_TUI_PROFILE`, `DISCORD_BOT_TOKEN`,
 * `XDG_CONFIG_HOME` or `NO_COLOR` changes nothing. A test that wants one sets it on purpose.
 */
import { join } from 'node:path';

/** Every variable with one of these prefixes. */
const PROJECT_PREFIXES = /^(CMD_TUI_|DISCORD_|XDG_)/;

/** And these, by name. */
const PROJECT_VARIABLES = [
  'NO_COLOR',
  'FORCE_COLOR',
  'COLORTERM',
  // Which terminal (hyperlinks, colours).
  'TERM',
  'TERM_PROGRAM',
  'TERM_PROGRAM_VERSION',
  'VTE_VERSION',
  'KITTY_WINDOW_ID',
  'WEZTERM_PANE',
  'WT_SESSION',
  'GHOSTTY_RESOURCES_DIR',
  'TMUX',
  'TMUX_PANE',
  // Whether a browser can open, and which.
  'BROWSER',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'MIR_SOCKET',
  'SSH_CONNECTION',
  'SSH_CLIENT',
  'SSH_TTY',
  // The desktop keyring: a test must never reach the contributor's own.
  'DBUS_SESSION_BUS_ADDRESS',
  'EDITOR',
  'VISUAL',
  // Windows and macOS homes.
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
];

export function isProjectVariable(name: string): boolean {
  return PROJECT_PREFIXES.test(name) || PROJECT_VARIABLES.includes(name);
}

/** Removes the project's variables from `env` in place (the test runner's own, before its workers start). */
export function removeProjectVariables(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(env)) if (isProjectVariable(name)) delete env[name];
}

/**
 * Seals the test runner itself as its configuration loads, before it writes anything: vitest keeps a token
 * under the user's data folder (XDG_DATA_HOME or HOME), which is then a folder of the project's instead.
 * The run's own TMPDIR and HOME come after (suite-setup.ts).
 */
export function sealTestRunner(projectRoot: string): void {
  removeProjectVariables(process.env);
  process.env.HOME = join(projectRoot, 'node_modules', '.cache', 'cmd-tui-tests', 'runner-home');
}

/**
 * The environment for a cmd-tui process a test starts: the sealed one the run gave this worker, without
 * `CI` (which tells the tests that a missing tool is a failure, and would tell cmd-tui it has no browser),
 * and `extra` on top (a key set to `undefined` is left out).
 */
export function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CI;
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
