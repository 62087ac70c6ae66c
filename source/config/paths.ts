/**
 * Where cmd-tui keeps files: settings (config), secrets fallback and backups (data).
 * `CMD_TUI_HOME` puts everything under one folder (tests, portable installs); otherwise XDG on
 * Linux, Application Support on macOS, %APPDATA% on Windows.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface AppPaths {
  /** Settings file (conf) lives here. */
  config: string;
  /** Secrets fallback file, backups. */
  data: string;
  /** Timestamped backups written before every mutating request. */
  backups: string;
}

export function appPaths(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): AppPaths {
  const home = env.CMD_TUI_HOME;
  if (home) return withBackups({ config: join(home, 'config'), data: join(home, 'data') });
  const user = env.HOME ?? homedir();
  if (platform === 'darwin') {
    const base = join(user, 'Library', 'Application Support', 'cmd-tui');
    return withBackups({ config: base, data: base });
  }
  if (platform === 'win32') {
    const base = join(env.APPDATA ?? join(user, 'AppData', 'Roaming'), 'cmd-tui');
    return withBackups({ config: join(base, 'config'), data: join(base, 'data') });
  }
  return withBackups({
    config: join(env.XDG_CONFIG_HOME ?? join(user, '.config'), 'cmd-tui'),
    data: join(env.XDG_DATA_HOME ?? join(user, '.local', 'share'), 'cmd-tui'),
  });
}

function withBackups(paths: Omit<AppPaths, 'backups'>): AppPaths {
  return { ...paths, backups: join(paths.data, 'backups') };
}
