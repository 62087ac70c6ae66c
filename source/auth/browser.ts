/**
 * Opening the sign-in page: `$BROWSER` when set (the convention `xdg-open`, git and gh follow; a
 * `:`-separated list is tried in order, `%s` is replaced by the URL), otherwise the `open` package.
 * Also the headless heuristic that picks the paste flow when no browser can be shown.
 */
import { spawn } from 'node:child_process';

/**
 * The programs $BROWSER lists, in order: separated as PATH is on the platform (`;` on Windows, whose
 * paths hold a drive's colon: `C:\Program Files\…\firefox.exe`), `:` elsewhere.
 */
export function browserCommands(value: string | undefined, platform: NodeJS.Platform = process.platform): string[] {
  return (value ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean);
}

export async function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const browsers = browserCommands(env.BROWSER);
  for (const browser of browsers) {
    if (await launch(browser, url)) return;
  }
  if (browsers.length > 0) throw new Error('none of the programs in $BROWSER could be started');
  const { default: open } = await import('open');
  await open(url);
}

function launch(command: string, url: string): Promise<boolean> {
  const args = command.includes('%s') ? command.split(' ').map((part) => part.replace('%s', url)) : [command, url];
  const [file, ...rest] = args;
  return new Promise((resolve) => {
    const child = spawn(file!, rest, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}

/** No display to show a browser on: CI, an SSH session without X forwarding, a Linux console. */
export function looksHeadless(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (env.BROWSER) return false;
  if (env.CI) return true;
  const display = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY || env.MIR_SOCKET);
  // Over SSH a browser would open on the remote machine's screen, where nobody sees it.
  if (env.SSH_CONNECTION && !display) return true;
  return platform === 'linux' && !display;
}
