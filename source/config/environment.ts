/**
 * What the process's environment decides, read once at a door's edge (main.ts for the commands and the
 * TUI) into one typed value: nothing below the edge reads a variable. Each layer is handed the part it
 * needs — the folders to config and backups, the secret store's settings and the credentials the
 * environment overrides to auth, the terminal's facts to the paint and the theme — never the raw
 * environment. It is on every command's start path: nothing heavy behind it (path rules; no I/O until
 * the folders are asked for).
 */
import { CONTROL_SECRET_ENV } from '../discord/emulator-control.js';
import type { ColourFacts } from '../terminal/colour.js';
import { appPaths, type AppPaths } from './paths.js';

/** `CMD_TUI_SECRET_STORE`: the OS keyring when it keeps secrets, else the 0600 file (auto); the file alone; the keyring alone. */
export type SecretStoreChoice = 'auto' | 'file' | 'keyring';

/** What decides whether the OS keyring can be reached: the OS, and on Linux the session bus (or its absence). */
export interface KeyringEnvironment {
  key: string;
  /** Follows "checked 2026-11-27 ": `over SSH (no session bus)`, `in a desktop session (session bus)`. */
  where: string;
  /** Linux without a session bus: the Secret Service cannot be reached from here at all. */
  noSessionBus: boolean;
}

export interface SecretStoreSettings {
  /** A value cmd-tui does not know is kept as given and refused when a store is opened (auth/secret-store.ts). */
  choice: SecretStoreChoice | { unknown: string };
  /** The keyring's service name: one per cmd-tui home, so a separate CMD_TUI_HOME keeps separate secrets. */
  keyringService: string;
  keyring: KeyringEnvironment;
  platform: NodeJS.Platform;
}

/** DISCORD_BOT_TOKEN, DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET: trimmed, an empty one unset. Used where they belong (auth/credential-choice.ts). */
export interface CredentialOverrides {
  botToken?: string;
  clientId?: string;
  clientSecret?: string;
}

export interface TerminalFacts {
  colour: ColourFacts;
  /** The terminal draws OSC 8 links (terminal/osc.ts). */
  hyperlinks: boolean;
}

export interface BrowserSettings {
  /** The programs $BROWSER lists, in order (none: the system's default browser). */
  commands: string[];
  /** No display to show a browser on: the sign-in offers to paste the redirect back instead. */
  headless: boolean;
}

export interface Environment {
  readonly platform: NodeJS.Platform;
  /**
   * Where settings and data live (config/paths.ts), worked out on first use: a command that keeps no
   * file (`validate`) runs where no home folder can be found, and one that does fails there with why.
   */
  paths(): AppPaths;
  /** CMD_TUI_PROFILE: the profile used when a command names none. */
  readonly profile?: string;
  readonly credentials: CredentialOverrides;
  readonly secretStore: SecretStoreSettings;
  readonly terminal: TerminalFacts;
  /** The command line of $VISUAL, else $EDITOR, else the platform's plain editor. */
  readonly editor: string;
  readonly browser: BrowserSettings;
  /** CMD_TUI_EMULATOR_SECRET: the control secret of an emulator that is not this user's on this machine (config/emulator-secrets.ts). */
  readonly emulatorSecret?: string;
}

export const KEYRING_SERVICE = 'cmd-tui';

type Variables = Readonly<Record<string, string | undefined>>;

/** Reads the environment once; `osHome` is the user database's home folder (injected by tests). */
export function readEnvironment(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, osHome?: () => string | undefined): Environment {
  return {
    platform,
    paths: once(() => appPaths(env, platform, osHome)),
    profile: trimmed(env.CMD_TUI_PROFILE),
    credentials: { botToken: trimmed(env.DISCORD_BOT_TOKEN), clientId: trimmed(env.DISCORD_CLIENT_ID), clientSecret: trimmed(env.DISCORD_CLIENT_SECRET) },
    secretStore: {
      choice: secretStoreChoice(env.CMD_TUI_SECRET_STORE),
      keyringService: keyringServiceFor(env.CMD_TUI_HOME),
      keyring: keyringEnvironment(env, platform),
      platform,
    },
    terminal: {
      colour: { forceColor: env.FORCE_COLOR, noColor: (env.NO_COLOR ?? '') !== '', dumbTerminal: env.TERM === 'dumb' },
      hyperlinks: drawsHyperlinks(env),
    },
    editor: env.VISUAL || env.EDITOR || (platform === 'win32' ? 'notepad' : 'vi'),
    browser: { commands: browserCommands(env.BROWSER, platform), headless: looksHeadless(env, platform) },
    emulatorSecret: trimmed(env[CONTROL_SECRET_ENV]),
  };
}

/**
 * The same environment with everything cmd-tui keeps under `home` (the demo's throwaway folder): its
 * settings, data and backups, and a keyring service of its own.
 */
export function underHome(environment: Environment, home: string): Environment {
  const paths = once(() => appPaths({ CMD_TUI_HOME: home }, environment.platform));
  return { ...environment, paths, secretStore: { ...environment.secretStore, keyringService: keyringServiceFor(home) } };
}

function keyringServiceFor(home: string | undefined): string {
  return home ? `${KEYRING_SERVICE} ${home}` : KEYRING_SERVICE;
}

function secretStoreChoice(value: string | undefined): SecretStoreSettings['choice'] {
  const choice = value?.trim() ?? '';
  if (choice === '') return 'auto';
  return choice === 'file' || choice === 'keyring' ? choice : { unknown: choice };
}

function keyringEnvironment(env: Variables, platform: NodeJS.Platform): KeyringEnvironment {
  if (platform !== 'linux') return { key: platform, where: `on ${platform}`, noSessionBus: false };
  const bus = env.DBUS_SESSION_BUS_ADDRESS?.trim();
  if (bus) return { key: `linux bus ${bus}`, where: 'in a desktop session (session bus)', noSessionBus: false };
  const ssh = Boolean(env.SSH_CONNECTION || env.SSH_TTY);
  return { key: 'linux no session bus', where: ssh ? 'over SSH (no session bus)' : 'without a session bus (no desktop session)', noSessionBus: true };
}

/**
 * Terminals known to draw OSC 8 links (others may print the sequence or ignore it; the address is
 * shown as text either way). From the terminals' own documentation of the variables they set.
 */
function drawsHyperlinks(env: Variables): boolean {
  if (env.TERM === 'dumb') return false;
  if (env.WT_SESSION || env.KITTY_WINDOW_ID || env.WEZTERM_PANE || env.GHOSTTY_RESOURCES_DIR) return true;
  if (['iTerm.app', 'WezTerm', 'vscode', 'ghostty', 'Hyper'].includes(env.TERM_PROGRAM ?? '')) return true;
  // tmux draws them from 3.4 on.
  if (env.TERM_PROGRAM === 'tmux') return Number.parseFloat(env.TERM_PROGRAM_VERSION ?? '0') >= 3.4;
  return Number(env.VTE_VERSION ?? 0) >= 5000 || /kitty|alacritty|foot|wezterm|ghostty/.test(env.TERM ?? '');
}

/**
 * The programs $BROWSER lists (the convention `xdg-open`, git and gh follow), in order: separated as PATH
 * is on the platform (`;` on Windows, whose paths hold a drive's colon: `C:\Program Files\…\firefox.exe`),
 * `:` elsewhere.
 */
function browserCommands(value: string | undefined, platform: NodeJS.Platform): string[] {
  return (value ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean);
}

/** No display to show a browser on: CI, an SSH session without X forwarding, a Linux console. */
function looksHeadless(env: Variables, platform: NodeJS.Platform): boolean {
  if (env.BROWSER) return false;
  if (env.CI) return true;
  const display = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY || env.MIR_SOCKET);
  // Over SSH a browser would open on the remote machine's screen, where nobody sees it.
  if (env.SSH_CONNECTION && !display) return true;
  return platform === 'linux' && !display;
}

function trimmed(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
