/**
 * The full browser sign-in with real headless Chromium: `auth login` opens $BROWSER, a program that
 * drives Chromium (playwright-core) to the emulator's consent page and clicks Authorize; the
 * redirect reaches the loopback listener, the code is exchanged, and `auth status` shows the scopes.
 */
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!CHROMIUM) console.warn('Skipping the Chromium sign-in test: no chromium binary (apt-get install chromium; CI installs it).');

const emulator = useEmulator();
let home: IsolatedHome;
beforeEach(async () => {
  home = await isolatedHome();
});
afterEach(() => home.cleanup());

async function chromiumBrowserProgram(dir: string, chromium: string): Promise<{ program: string; log: string }> {
  const playwright = pathToFileURL(createRequire(import.meta.url).resolve('playwright-core')).href;
  const program = join(dir, 'chromium-browser.mjs');
  const log = join(dir, 'chromium-browser.log');
  await writeFile(
    program,
    `#!${process.execPath}
import { appendFileSync } from 'node:fs';
import playwright from ${JSON.stringify(playwright)};
const note = (line) => appendFileSync(${JSON.stringify(log)}, line + '\\n');
// launch() gives every run a fresh temporary profile (playwright refuses an explicit --user-data-dir).
const browser = await playwright.chromium
  .launch({
    executablePath: ${JSON.stringify(chromium)},
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  .catch((error) => {
    note('error: ' + error.message);
    process.exit(1);
  });
try {
  const page = await browser.newPage();
  await page.goto(process.argv[2]);
  note('consent: ' + (await page.title()));
  await page.click('button[value=authorize]');
  // 'commit' resolves once the redirect reaches the listener, without racing the page's own load events.
  await page.waitForURL(/127\\.0\\.0\\.1:\\d+\\/callback/, { waitUntil: 'commit' });
  await page.locator('h1').waitFor();
  note('landed: ' + (await page.locator('h1').innerText()));
} catch (error) {
  note('error: ' + error.message);
} finally {
  await browser.close();
}
`,
  );
  await chmod(program, 0o755);
  return { program, log };
}

describe('browser sign-in with real Chromium', () => {
  it.skipIf(!CHROMIUM)('auth login → consent page → Authorize → loopback → token; auth status --json shows the scopes', { timeout: 120_000 }, async () => {
    const { program, log } = await chromiumBrowserProgram(home.home, CHROMIUM!);
    const api = ['--api', emulator().baseUrl];
    const login = await runCli(['auth', 'login', '--client-id', emulator().publicClientId, '--preset', 'permissions', ...api], {
      env: { ...home.env, BROWSER: program },
    });
    expect(login.code, `${login.stderr}\n${await readFile(log, 'utf8').catch(() => '')}`).toBe(0);
    // The browser program may still be writing its log: the login's success is the proof the redirect arrived.
    expect(await readFile(log, 'utf8')).toContain('consent: Authorize');
    const status = await runCli(['auth', 'status', '--json', ...api], { env: home.env });
    const report = JSON.parse(status.stdout) as { user: { scopes: string[]; username: string } };
    expect(report.user.scopes.sort()).toEqual(['applications.commands.permissions.update', 'guilds', 'identify']);
    expect(report.user.username).toBe('ada');
  });
});
