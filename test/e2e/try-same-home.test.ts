/**
 * The TUI on a `cmd-tui serve` of the same user (same CMD_TUI_HOME, nothing exported): the Try screen finds
 * the serve's control secret by itself (config/emulator-secrets.ts), so ctrl+s reaches the emulator, whose
 * answer (no bot connected here) is shown; a TUI of another home is told that it has none, and one with a
 * stale CMD_TUI_EMULATOR_SECRET that it was refused, each to quit and start again with the variable set.
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
  return tui.waitFor((screen) => /no bot|start cmd-tui again/.test(screen.replace(/\s+/g, ' ')), 'the emulator’s answer', 15_000);
}

it('reaches the emulator with the secret its serve left for this user', { timeout: 60_000 }, async () => {
  const screen = await sendPing({ CMD_TUI_HOME: home });
  expect(screen).toMatch(/no bot/);
  expect(screen).not.toContain('control secret');
});

it('in another home, says no secret was found and to start again with the variable', { timeout: 60_000 }, async () => {
  const screen = (await sendPing({})).replace(/\s+/g, ' ');
  expect(screen).toContain(`no control secret for ${serve().origin}`);
  expect(screen).toContain('quit, and start cmd-tui again with CMD_TUI_EMULATOR_SECRET set to');
});

it('with a stale CMD_TUI_EMULATOR_SECRET, says the serve refused it and to start again with the new one', { timeout: 60_000 }, async () => {
  const screen = (await sendPing({ CMD_TUI_EMULATOR_SECRET: 'a-stale-secret' })).replace(/\s+/g, ' ');
  expect(screen).toContain(`CMD_TUI_EMULATOR_SECRET was refused by the serve at ${serve().origin}`);
  expect(screen).toContain('quit, and start cmd-tui again with CMD_TUI_EMULATOR_SECRET set to controlSecret from its latest output');
  expect(screen).not.toContain('a-stale-secret');
});
