/**
 * A gateway bot end to end, every piece a real process on 127.0.0.1: `cmd-tui serve` (no interactions
 * endpoint URL, so interactions go over the gateway, as on Discord), the example bot
 * (examples/gateway-bot.mjs, an unmodified discord.js `Client` given only serve's REST URL), and the
 * built binary trying its commands (from the command line, and with `t` in the TUI) — a button that
 * updates its message (`interaction.update()`) and a form (`showModal()`) submitted too — and changing their
 * overwrites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import type { Action } from '../../source/ui/input/key-bindings.js';
import { runCli } from '../helpers/cli.js';
import { stopProcess, useServe } from '../helpers/serve.js';
import { openTry, pressKey } from './helpers/try-screen.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { readEnvironment } from '../../source/config/environment.js';
import { tempFolder } from '../helpers/temp-folder.js';

const BOT_PATH = fileURLToPath(new URL('../../examples/gateway-bot.mjs', import.meta.url));
const home = tempFolder('cmd-tui-gateway-e2e-');
const serve = useServe(['--seed', 'empty']);
let bot: ChildProcess | undefined;
const botLines: string[] = [];
let commandIds: Record<string, string> = {};

/** The bot's next line of output that matches, within `ms`. */
async function botSays(pattern: RegExp, ms = 15_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const line = botLines.find((candidate) => pattern.test(candidate));
    if (line) return line;
    if (Date.now() > deadline || bot?.exitCode !== null) throw new Error(`the bot did not say ${pattern} (it said: ${JSON.stringify(botLines)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const runs = useTuiRuns();
const cli = (...args: string[]) => runCli([...args, '--api', serve().baseUrl], { env: { CMD_TUI_HOME: home, CMD_TUI_EMULATOR_SECRET: serve().controlSecret } });

beforeAll(async () => {
  const response = await fetch(`${serve().baseUrl}/applications/${serve().applicationId}/commands`, {
    method: 'PUT',
    headers: { Authorization: `Bot ${serve().botToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify([
      { name: 'ping', description: 'Replies with Pong!' },
      { name: 'later', description: 'Thinks, then follows up' },
      { name: 'counter', description: 'A count with buttons' },
      { name: 'feedback', description: 'A form' },
    ]),
  });
  expect(response.status).toBe(200);
  commandIds = Object.fromEntries(((await response.json()) as { id: string; name: string }[]).map((command) => [command.name, command.id]));
  bot = spawn(process.execPath, [BOT_PATH], { env: { ...process.env, DISCORD_TOKEN: serve().botToken, DISCORD_API: serve().baseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  createInterface({ input: bot.stdout! }).on('line', (line) => botLines.push(line));
  await botSays(/^Logged in as Pixel Pal/);
  await updateStoredCredentials(defaultStores(readEnvironment({ CMD_TUI_HOME: home }, process.platform)), serve().baseUrl, serve().applicationId, () => ({
    botToken: serve().botToken,
    user: { accessToken: serve().userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'] },
  }));
}, 60_000);

afterAll(() => stopProcess(bot));

it('the discord.js bot answers /ping over the gateway and try prints the reply', { timeout: 30_000 }, async () => {
  const { stdout, stderr, code } = await cli('try', 'ping');
  expect(stderr).toBe('');
  expect(stdout).toMatch(/^\/ping as @?\S.* in #general\n/);
  expect(stdout).toContain('Pixel Pal · reply\n  Pong!\n');
  expect(code).toBe(0);
});

it('deferReply() then followUp() twice: "thinking…", the first follow-up as the reply (as on Discord), then the second', { timeout: 30_000 }, async () => {
  const { stdout, code } = await cli('try', 'later');
  // In this order, each once.
  expect(stdout).toMatch(/\nPixel Pal is thinking…\nPixel Pal · reply\n {2}Thought it through\.\nPixel Pal · follow-up 1\n {2}And one more thing\.\n$/);
  expect(code).toBe(0);
});

it('t in the TUI: the gateway bot gets the interaction, and its deferred reply and follow-up show in order', { timeout: 60_000 }, async () => {
  const tui = await openTry(runs, serve(), 'later');
  await pressKey(tui, 'send');
  const screen = await tui.waitForText('And one more thing.', 20_000);
  expect(screen).toMatch(/\/later as @\S+.* in #general/);
  const reply = screen.indexOf('Thought it through.');
  expect(reply).toBeGreaterThan(screen.indexOf('/later as @'));
  expect(screen.indexOf('And one more thing.')).toBeGreaterThan(reply);
});

it('--click and --modal: the discord.js bot updates the message its button is on, and answers its form', { timeout: 30_000 }, async () => {
  const clicked = await cli('try', 'counter', '--click', 'add');
  expect(clicked.stderr).toBe('');
  expect(clicked.stdout).toMatch(/Pixel Pal · reply\n {2}Count: 0\n[\s\S]*▸ pressed \[Add one\] \(add\)\nPixel Pal · message updated\n {2}Count: 1\n/);
  expect(clicked.code).toBe(0);
  const submitted = await cli('try', 'counter', '--click', 'feedback', '--modal', 'topic=Gateways', '--modal', 'details=From discord.js');
  expect(submitted.stderr).toBe('');
  expect(submitted.stdout).toMatch(/▸ pressed \[Feedback\] \(feedback\)\nPixel Pal opened a form: Feedback\n[\s\S]*▸ submitted "Feedback"\nPixel Pal · reply\n {2}Thanks for your feedback on Gateways: From discord\.js\n$/);
  expect(submitted.code).toBe(0);
});

it('t in the TUI: the button updates the message in place, and the form it opens is submitted to the gateway bot', { timeout: 90_000 }, async () => {
  const tui = await openTry(runs, serve(), 'counter', { columns: 100, rows: 34 });
  const press = (action: Action) => pressKey(tui, action);
  await press('send');
  await tui.waitForText('Count: 0', 20_000);
  // Past Send, the first button of the reply.
  await press('nextField');
  await tui.waitFor(() => tui.screen({ colours: true }).split('\n').some((line) => line.includes('[Add one]') && line.includes('\u001b[7m')), 'focus on [Add one]');
  await press('activate');
  const updated = await tui.waitForText('Count: 1', 20_000);
  expect(updated).not.toContain('Count: 0');
  await press('nextField');
  await tui.waitFor(() => tui.screen({ colours: true }).split('\n').some((line) => line.includes('[Feedback]') && line.includes('\u001b[7m')), 'focus on [Feedback]');
  await press('activate');
  await tui.waitForText('a form from Pixel Pal', 20_000);
  await tui.type('Tmux');
  await press('send');
  await tui.waitForText('Thanks for your feedback on Tmux.', 20_000);
});

it('perms set changes the overwrites: the bot is told by APPLICATION_COMMAND_PERMISSIONS_UPDATE', { timeout: 30_000 }, async () => {
  const guildId = serve().guildIds[0]!;
  const set = await cli('perms', 'set', '--guild', guildId, '--command', 'ping', '--deny', 'everyone', '--yes');
  expect(set.stderr).toBe('');
  expect(set.code).toBe(0);
  // @everyone's id is the guild's.
  expect(await botSays(new RegExp(`^Permissions of ${commandIds.ping} in ${guildId}: ${guildId}=false$`))).toBeTruthy();
});
