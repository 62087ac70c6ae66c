/**
 * Trying a command where the API cannot play Discord's client, end to end with the built binary in tmux.
 * Live Discord itself cannot be used in a test, and a TUI on live Discord (its URL) offers the emulator
 * without asking it anything; so the TUI is pointed at a server that stands in for Discord as a bot's
 * credentials see it: `cmd-tui serve` behind a proxy that answers its test-only `/__emulator/*` routes
 * as Discord answers any route it lacks (`404: Not Found`). Sending there says the server cannot play
 * the client; `enter` starts an emulator inside the TUI with the commands copied (only read from the
 * stand-in), whose URLs, public key and bot token are on screen; the example HTTP bot started with that
 * key, its URL set in the field on screen (the emulator PINGs it first), answers /ping; and quitting the
 * TUI stops that emulator. Under `--demo`, whose emulator has no bot, the same details say how to connect
 * one, and the example gateway bot started with them answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Action, type KeyScope } from '../../source/ui/input/key-bindings.js';
import { startProxy, type RunningProxy } from '../helpers/proxy.js';
import { useServe } from '../helpers/serve.js';
import { serveApi, startInteractionsBot } from './helpers/interactions-bot.js';
import type { TmuxSession } from './helpers/tmux.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { fetchControl } from '../helpers/emulator-control.js';

const serve = useServe(['--seed', 'empty']);
const runs = useTuiRuns();
let standIn: RunningProxy;
let bot: ChildProcess | undefined;
let gatewayBot: ChildProcess | undefined;

beforeAll(async () => {
  expect((await serveApi(serve(), 'PUT', `/applications/${serve().applicationId}/commands`, [{ name: 'ping', description: 'Replies with Pong!' }])).status).toBe(200);
  standIn = await startProxy(serve().baseUrl, (request, response) => {
    if (!request.url?.startsWith('/__emulator/')) return false;
    response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: '404: Not Found', code: 0 }));
    return true;
  });
});

afterAll(async () => {
  bot?.kill();
  gatewayBot?.kill();
  await standIn?.close();
});

const press = (tui: TmuxSession, action: Action, scope: KeyScope) => tui.press(action, scope);

/** The screen's text with Ink's line breaks as spaces. */
const flat = (screen: string) => screen.replace(/\s+/g, ' ');

/** The value on the screen's row named `label`. */
function shown(screen: string, label: string): string {
  const value = new RegExp(`^${label}\\s+(\\S+)`, 'm').exec(screen)?.[1];
  if (!value) throw new Error(`no ${label} on the screen:\n${screen}`);
  return value;
}

it("a server that cannot play Discord's client: enter tries the command on an emulator inside the TUI, where the example bot answers /ping", { timeout: 90_000 }, async () => {
  const writesBefore = await writesTo();
  let screen: string;
  const tui = runs.start(['--api', standIn.baseUrl], { columns: 120, rows: 40 }, { DISCORD_BOT_TOKEN: serve().botToken });
  await tui.waitFor((screen) => /^\s*▸?slash\s+ping/m.test(screen), 'the command list', 20_000);
  await press(tui, 'tryCommand', 'list');
  await tui.waitFor((screen) => /In channel\s+#general/.test(screen), 'the Try form on the stand-in');
  await press(tui, 'send', 'try');
  screen = await tui.waitForText('is not a cmd-tui serve emulator (it has no /__emulator/interactions)');
  expect(flat(screen)).toContain("it cannot play Discord's client. On Discord, no API lets a user run a command");
  expect(screen).toContain('Nothing is written to Discord: the commands are only read.');

  await press(tui, 'tryOnEmulator', 'try-offer');
  screen = await tui.waitForText('API URL', 20_000);
  expect(flat(screen)).toContain('Copied 1 global command and 0 commands of Pixel Pal HQ (ids kept), with its roles, channels and first 100 members as read. Nothing here is written to Discord');
  const api = shown(screen, 'API URL');
  const gateway = shown(screen, 'Gateway');
  const publicKey = /^([0-9a-f]{64})$/m.exec(screen)?.[1];
  const botToken = /^([A-Za-z0-9]+\.[\w-]{6}\.[\w-]{38})$/m.exec(screen)?.[1];
  expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/);
  expect(api).not.toBe(serve().baseUrl);
  expect(gateway).toBe(api.replace(/^http/, 'ws').replace(/\/api\/v10$/, ''));
  expect(botToken).toBeDefined();
  expect(publicKey).toBeDefined();
  expect(botToken).not.toBe(serve().botToken);
  // The emulator hands its bot the app's commands, ids kept.
  const commands = (await (await fetch(`${api}/applications/@me`, { headers: { Authorization: `Bot ${botToken}` } })).json()) as { id: string };
  const copied = (await (await fetch(`${api}/applications/${commands.id}/commands`, { headers: { Authorization: `Bot ${botToken}` } })).json()) as { id: string; name: string }[];
  const original = (await serveApi(serve(), 'GET', `/applications/${serve().applicationId}/commands`)) as unknown as { body: { id: string }[] };
  expect(copied.map((command) => command.id)).toEqual(original.body.map((command) => command.id));
  screen = await tui.waitFor((now) => /In channel\s+#general/.test(now), 'the Try form on the emulator');

  // Nobody answers yet: the screen says how to connect a bot here (not `serve --interactions-url`).
  await press(tui, 'send', 'try');
  screen = await tui.waitForText('No bot is connected to this emulator yet');
  expect(screen).not.toContain('--interactions-url');

  // The bot author's side: the example bot, verifying with the public key shown, its URL set in the field.
  const started = await startInteractionsBot({ PUBLIC_KEY: publicKey!, DISCORD_API: api });
  bot = started.child;
  await press(tui, 'interactionsUrl', 'try');
  await tui.waitForText('leave the URL as it was');
  await tui.key('ctrl+u');
  await tui.type(started.url);
  await press(tui, 'setInteractionsUrl', 'interactions-url');
  await tui.waitForText(`Interactions now go to ${started.url} (it answered Discord's PING checks).`, 15_000);
  await press(tui, 'send', 'try');
  screen = await tui.waitFor((now) => /· reply\n\s+Pong!/.test(now), "the bot's reply", 15_000);
  expect(screen).toMatch(/\/ping as @\S+.* in #general\n\S.* · reply\n\s+Pong!/);
  // Nothing was written where the commands were read.
  expect(await writesTo()).toEqual(writesBefore);

  // The emulator lives as long as the TUI. (esc while the reply is still followed would say so and stay: wait for it to settle.)
  await tui.waitFor((now) => !now.includes('Waiting for'), 'the reply followed to its end', 15_000);
  await tui.key('esc');
  await tui.waitFor((now) => !now.includes('Try /ping'), 'the command list again');
  await press(tui, 'quit', 'list');
  for (const started = Date.now(); tui.running(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() - started > 10_000) throw new Error(`still running 10 s after q; screen:\n${tui.screen()}`);
  }
  await expect(fetch(`${api}/gateway`)).rejects.toThrow();
});

/** The requests that changed something on the stand-in's serve (its own request log). */
async function writesTo(): Promise<string[]> {
  const log = (await (await fetchControl(serve(), '/__emulator/requests')).json()) as { method: string; path: string }[];
  return log.filter((entry) => entry.method !== 'GET').map((entry) => `${entry.method} ${entry.path}`);
}

it('under --demo the Try screen says the demo has no bot and how to connect one, and a gateway bot given the details shown answers', { timeout: 90_000 }, async () => {
  const tui = runs.start(['--demo'], { columns: 120, rows: 40 });
  await tui.waitFor((screen) => /^\s*▸?slash\s/m.test(screen), 'the command list', 20_000);
  await press(tui, 'filter', 'list');
  await tui.type('ping');
  await press(tui, 'filterDone', 'filter');
  await press(tui, 'tryCommand', 'list');
  // Where `cmd-tui try` runs the demo's /ping: the app's owner, in the first channel they may use it in.
  let screen = await tui.waitFor((now) => /In channel\s+#bot-commands/.test(now), 'the Try form');
  const api = shown(screen, 'API URL');
  expect(screen).toContain(`API demo emulator ${api}`);
  await press(tui, 'send', 'try');
  screen = await tui.waitForText('The demo has no bot');
  expect(flat(screen)).toContain('The demo has no bot: its app has no interactions endpoint URL and no bot is logged in to its gateway. Connect yours: ctrl+o sets the interactions URL of an HTTP bot, or start a gateway bot with the API URL and bot token (ctrl+b lists them to copy).');
  // What a demo user never ran is not suggested.
  expect(screen).not.toContain('--interactions-url');

  const token = /^([A-Za-z0-9]+\.[\w-]{6}\.[\w-]{38})$/m.exec(screen)?.[1];
  const botPath = fileURLToPath(new URL('../../examples/gateway-bot.mjs', import.meta.url));
  gatewayBot = spawn(process.execPath, [botPath], { env: { ...process.env, DISCORD_TOKEN: token!, DISCORD_API: api }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: gatewayBot!.stdout! }).on('line', (line) => line.startsWith('Logged in as') && resolve());
    gatewayBot!.once('exit', (code) => reject(new Error(`the gateway bot exited with ${code}`)));
  });
  await press(tui, 'send', 'try');
  screen = await tui.waitFor((now) => /· reply\n\s+Pong!/.test(now), "the gateway bot's reply", 15_000);
});
