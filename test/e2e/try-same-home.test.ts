/**
 * The TUI on a `cmd-tui serve` of the same user (same CMD_TUI_HOME, nothing exported): the Try screen finds
 * the serve's control secret by itself (config/emulator-secrets.ts), so ctrl+s reaches the emulator, whose
 * answer (no bot connected here) is shown; a TUI of another home is told how to give the secret instead.
 */
import { beforeAll, expect, it } from 'vitest';
import { useServe } from '../helpers/serve.js';
import { serveApi } from './helpers/interactions-bot.js';
import { pressKey } from './helpers/try-screen.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { tempFolder } from '../helpers/temp-folder.js';

const home = tempFolder('cmd-tui-try-same-home-');
const runs = useTuiRuns();
const serve = useServe(['--seed', 'empty'], { home: () => home });

beforeAll(async () => {
  expect((await serveApi(serve(), 'PUT', `/applications/${serve().applicationId}/commands`, [{ name: 'ping', description: 'Replies with Pong!' }])).status).toBe(200);
});

async function sendPing(env: Record<string, string>): Promise<string> {
  const tui = runs.start(['--api', serve().baseUrl], { columns: 110, rows: 30 }, { DISCORD_BOT_TOKEN: serve().botToken, ...env });
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
