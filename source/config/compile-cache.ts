/**
 * Where Node keeps cmd-tui's compiled code between runs (module.enableCompileCache, called by cli.ts):
 * the user's own cache folder (XDG on Linux, Library/Caches on macOS, %LOCALAPPDATA% on Windows),
 * which survives a reboot that empties the temp folder and which no other user of the machine can
 * write, unlike Node's default under the shared temp folder. Under CMD_TUI_HOME (tests, portable runs)
 * Node's default stays, so that the many short-lived homes of a test run share one warm cache.
 * Only node:path here: cli.ts answers --version with this module loaded.
 */
import { join } from 'node:path';

export function compileCacheFolder(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (env.CMD_TUI_HOME) return undefined;
  const home = platform === 'win32' ? env.USERPROFILE : env.HOME;
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA ?? (home ? join(home, 'AppData', 'Local') : undefined);
    return local ? join(local, 'cmd-tui', 'Cache', 'compile') : undefined;
  }
  if (platform === 'darwin') return home ? join(home, 'Library', 'Caches', 'cmd-tui', 'compile') : undefined;
  const cache = env.XDG_CACHE_HOME || (home ? join(home, '.cache') : undefined);
  return cache ? join(cache, 'cmd-tui', 'compile') : undefined;
}
