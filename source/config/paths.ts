/**
 * Where cmd-tui keeps files: settings (config); the secrets fallback file, backups, and the state a run
 * leaves for the next (scope locks and journals, the daily-create ledger, pace and last-seen files) in
 * data. `CMD_TUI_HOME` puts everything under one folder (tests, portable installs); otherwise XDG on
 * Linux, Application Support on macOS, %APPDATA% on Windows. A folder is never relative to the current
 * one: an empty or relative variable counts as unset (env-folder.ts), and with no home to be found at
 * all it is an error rather than a guess.
 */
import { userInfo } from 'node:os';
import { posix, win32, type PlatformPath } from 'node:path';
import { folderFromEnv } from './env-folder.js';
import { LocalWriteError } from './local-failure.js';

export interface AppPaths {
  /** Settings file (conf) lives here. */
  config: string;
  /** Secrets fallback file, backups, locks, journals, ledgers. */
  data: string;
  /** Timestamped backups written before every mutating request. */
  backups: string;
}

/** The home folder the operating system's user database names, when the environment names none. */
function systemHome(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    // No entry for this user (a container run with an arbitrary uid).
    return undefined;
  }
}

/**
 * `platform` picks the path rules too (`path.win32` for win32), so every platform's folders can be
 * worked out, and tested, on any machine; `osHome` is the user database's answer (os.userInfo).
 */
export function appPaths(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, osHome: () => string | undefined = systemHome): AppPaths {
  const path = platform === 'win32' ? win32 : posix;
  const own = env.CMD_TUI_HOME;
  // Asked for by name, so a relative one is taken as relative to where cmd-tui was started, made absolute once.
  if (own) {
    const home = path.resolve(own);
    return withBackups(path, { config: path.join(home, 'config'), data: path.join(home, 'data') });
  }
  const variable = platform === 'win32' ? 'USERPROFILE' : 'HOME';
  const user = () => userHome(variable, env[variable], path, osHome);
  if (platform === 'darwin') {
    const base = path.join(user(), 'Library', 'Application Support', 'cmd-tui');
    return withBackups(path, { config: base, data: base });
  }
  if (platform === 'win32') {
    const base = path.join(folderFromEnv(env.APPDATA, path) ?? path.join(user(), 'AppData', 'Roaming'), 'cmd-tui');
    return withBackups(path, { config: path.join(base, 'config'), data: path.join(base, 'data') });
  }
  return withBackups(path, {
    config: path.join(folderFromEnv(env.XDG_CONFIG_HOME, path) ?? path.join(user(), '.config'), 'cmd-tui'),
    data: path.join(folderFromEnv(env.XDG_DATA_HOME, path) ?? path.join(user(), '.local', 'share'), 'cmd-tui'),
  });
}

/** `variable` (HOME, USERPROFILE on Windows) holding `value`, else the user database's; never an empty or relative folder. */
function userHome(variable: string, value: string | undefined, path: PlatformPath, osHome: () => string | undefined): string {
  const home = folderFromEnv(value, path) ?? folderFromEnv(osHome(), path);
  if (home !== undefined) return home;
  throw new LocalWriteError('', 'ENOHOME', 'find its folder', {
    message: `cmd-tui cannot tell where your home folder is: ${variable} is ${value ? `not an absolute path ("${value}")` : 'not set'} and the system names none, so it has no folder for its settings and data.`,
    hint: `Set ${variable} to your home folder, or CMD_TUI_HOME to the folder cmd-tui should use, then run it again.`,
  });
}

function withBackups(path: PlatformPath, paths: Omit<AppPaths, 'backups'>): AppPaths {
  return { ...paths, backups: path.join(paths.data, 'backups') };
}
