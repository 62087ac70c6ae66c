/**
 * A $BROWSER program that drives real headless Chromium (playwright-core) to the emulator's consent
 * page, clicks Authorize and waits for the redirect to reach cmd-tui's loopback listener.
 */
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** Writes the program into `dir`; its log notes the consent page's title and where it landed. */
export async function chromiumBrowserProgram(dir: string, chromium: string): Promise<{ program: string; log: string }> {
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

