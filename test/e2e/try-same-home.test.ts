/**
 * The TUI on a `cmd-tui serve` of the same user (same CMD_TUI_HOME, nothing exported): the Try screen finds
 * the serve's control secret by itself (config/emulator-secrets.ts), so ctrl+s reaches the emulator, whose
 * answer (no bot connected here) is shown; a TUI of another home is told how to give the secret instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/cli.js';
import type { ServeDetails } from '../helpers/serve.js';
import { pressKey } from './helpers/try-screen.js';
import { useTuiRuns } from './helpers/tui-run.js';

const home = mkdtempSync(join(tmpdir(), 'cmd-tui-try-same-home-'));
const runs = useTuiRuns();
let serve: ChildProcess | undefined;
let info: ServeDetails;

beforeAll(async () => {
  serve = spawn(process.execPath, [CLI_PATH, 'serve', '--json', '--port', '0', '--seed', 'empty'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CMD_TUI_HOME: home } });
  info = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: serve!.stdout! }).once('line', resolve)));
  const put = await fetch(`${info.baseUrl}/applications/${info.applicationId}/commands`, { method: 'PUT', headers: { authorization: `Bot ${info.botToken}`, 'content-type': 'application/json' }, body: JSON.stringify([{ name: 'ping', description: 'Replies with Pong!' }]) });
  expect(put.status).toBe(200);
}, 30_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve!.once('exit', resolve));
    serve.kill('SIGTERM');
    await exited;
  }
  rmSync(home, { recursive: true, force: true });
});

async function sendPing(env: Record<string, string>): Promise<string> {
  const tui = runs.start(['--api', info.baseUrl], { columns: 110, rows: 30 }, { DISCORD_BOT_TOKEN: info.botToken, ...env });
  await tui.waitFor((screen) => /^\s*▸?slash\s/m.test(screen), 'the command list', 20_000);
  await pressKey(tui, 'tryCommand', 'list');
  await tui.waitFor((screen) => /In channel\s+#general/.test(screen), 'the Try screen');
  await pressKey(tui, 'send');
  return tui.waitFor((screen) => /no bot|X-Emulator-Secret/.test(screen), 'the emulator’s answer', 15_000);
}

it('reaches the emulator with the secret its serve left for this user', { timeout: 60_000 }, async () => {
  const screen = await sendPing({ CMD_TUI_HOME: home });
  expect(screen).toMatch(/no bot/);
  expect(screen).not.toContain('X-Emulator-Secret');
});

it('in another home, says how to give the secret', { timeout: 60_000 }, async () => {
  const screen = await sendPing({});
  expect(screen.replace(/\s+/g, ' ')).toContain('X-Emulator-Secret');
});
