/**
 * Where Node keeps cmd-tui's compiled code between runs (module.enableCompileCache, called by cli.ts):
 * the user's own cache folder (XDG on Linux, Library/Caches on macOS, %LOCALAPPDATA% on Windows),
 * which survives a reboot that empties the temp folder and which no other user of the machine can
 * write, unlike Node's default under the shared temp folder. Under CMD_TUI_HOME (tests, portable runs)
 * Node's default stays, so that the many short-lived homes of a test run share one warm cache. An empty
 * or relative variable counts as unset (env-folder.ts): no cache rather than one in the current folder.
 * Only node:path here: cli.ts answers --version with this module loaded.
 */
import { posix, win32 } from 'node:path';
import { folderFromEnv } from './env-folder.js';

export function compileCacheFolder(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (env.CMD_TUI_HOME) return undefined;
  const path = platform === 'win32' ? win32 : posix;
  const home = folderFromEnv(platform === 'win32' ? env.USERPROFILE : env.HOME, path);
  if (platform === 'win32') {
    const local = folderFromEnv(env.LOCALAPPDATA, path) ?? (home ? path.join(home, 'AppData', 'Local') : undefined);
    return local ? path.join(local, 'cmd-tui', 'Cache', 'compile') : undefined;
  }
  if (platform === 'darwin') return home ? path.join(home, 'Library', 'Caches', 'cmd-tui', 'compile') : undefined;
  const cache = folderFromEnv(env.XDG_CACHE_HOME, path) ?? (home ? path.join(home, '.cache') : undefined);
  return cache ? path.join(cache, 'cmd-tui', 'compile') : undefined;
}
