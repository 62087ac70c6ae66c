/**
 * Opening the sign-in page: the programs `$BROWSER` lists when set (config/environment.ts reads them; tried
 * in order, `%s` is replaced by the URL), otherwise the `open` package.
 */
import { spawn } from 'node:child_process';

export async function openBrowser(url: string, browsers: readonly string[]): Promise<void> {
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
