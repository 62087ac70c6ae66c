/**
 * 403 / 50001 Missing Access on a guild the app was never installed in: the built binary prints the
 * install address; opening it in headless Chromium and authorizing (the emulator's "add to server"
 * page) installs the app, and the same command then succeeds.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CHROMIUM } from '../helpers/chromium.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();
let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cmd-tui-install-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

async function approveInChromium(url: string): Promise<string> {
  const playwright = await import('playwright-core');
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM!,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.click('button[value=authorize]');
    await page.locator('h1', { hasText: 'Authorized' }).waitFor();
    return await page.locator('main').innerText();
  } finally {
    await browser.close();
  }
}

it.skipIf(!CHROMIUM)('apply to a guild without the app prints the install address; after installing there, apply works', { timeout: 120_000 }, async () => {
  const { baseUrl, botToken, applicationId, seeded } = emulator();
  const env = { ...process.env, HOME: home, CMD_TUI_HOME: '', CMD_TUI_SECRET_STORE: '', DISCORD_BOT_TOKEN: botToken };
  const file = join(home, 'commands.json');
  await writeFile(file, JSON.stringify([{ name: 'ping', description: 'Check that the bot is awake', type: 1 }]));
  const args = ['apply', file, '--guild', seeded.uninstalledGuildId, '--api', baseUrl, '--yes'];

  const refused = await runCli(args, { env });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Missing Access (code 50001)');
  const url = /opening (\S+) — then try again/.exec(refused.stderr)?.[1];
  const origin = new URL(baseUrl).origin;
  expect(url).toBe(`${origin}/oauth2/authorize?client_id=${applicationId}&scope=bot%20applications.commands&guild_id=${seeded.uninstalledGuildId}&disable_guild_select=true`);

  expect(await approveInChromium(url!)).toContain('was added to Not Installed Yet');

  const applied = await runCli(args, { env });
  expect(applied.code, applied.stderr).toBe(0);
  const list = await runCli(['list', '--guild', seeded.uninstalledGuildId, '--api', baseUrl], { env });
  expect(list.stdout).toMatch(/\bping\b/);
});
