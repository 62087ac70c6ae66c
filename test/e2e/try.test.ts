/**
 * `cmd-tui try` end to end, every piece a real process over real HTTP on 127.0.0.1: `cmd-tui serve`,
 * the example bot (examples/interactions-bot.mjs, written with the unmodified `discord-interactions`
 * package), and the built binary trying its commands. The bot's endpoint is configured as on Discord,
 * with PATCH /applications/@me, which the emulator accepts only after the bot passes the PING checks.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { expectDeferredReply, serveApi, startInteractionsBot } from './helpers/interactions-bot.js';
import { tempFolder } from '../helpers/temp-folder.js';

const home = tempFolder('cmd-tui-try-e2e-');
const serve = useServe(['--seed', 'empty']);
let bot: ChildProcess | undefined;
let botUrl = '';

const COMMANDS = [
  { name: 'ping', description: 'Replies with Pong!' },
  { name: 'later', description: 'Thinks, then answers' },
  { name: 'slow', description: 'Answers too late' },
  { name: 'admin-only', description: 'For administrators', default_member_permissions: '8' },
  { name: 'weather', description: 'Autocompleted', options: [{ type: 3, name: 'city', description: 'Which city', required: true, autocomplete: true }] },
  { name: 'limits', description: 'Options with limits', options: [{ type: 3, name: 'city', description: 'Where', required: true, max_length: 10 }, { type: 4, name: 'days', description: 'How many', min_value: 1, max_value: 7 }] },
];

const api = (method: string, path: string, body?: unknown) => serveApi(serve(), method, path, body);

const tryCommand = (...args: string[]) => runCli(['try', ...args, '--api', serve().baseUrl], { env: { CMD_TUI_HOME: home, CMD_TUI_EMULATOR_SECRET: serve().controlSecret } });

beforeAll(async () => {
  const started = await startInteractionsBot({ PUBLIC_KEY: serve().verifyKey, DISCORD_API: serve().baseUrl });
  bot = started.child;
  botUrl = started.url;
  expect((await api('PUT', `/applications/${serve().applicationId}/commands`, COMMANDS)).status).toBe(200);
  const configured = await api('PATCH', '/applications/@me', { interactions_endpoint_url: botUrl });
  expect(configured.status).toBe(200);
  expect(configured.body.interactions_endpoint_url).toBe(botUrl);
  expect(configured.body.verify_key).toBe(serve().verifyKey);
}, 30_000);

afterAll(() => {
  bot?.kill();
});

it('the bot answers /ping and the reply is printed as the client shows it', { timeout: 30_000 }, async () => {
  const result = await tryCommand('ping');
  expect(result.stderr).toBe('');
  expect(result.stdout).toMatch(/^\/ping as @?\S.* in #general\n/);
  expect(result.stdout).toContain('· reply\n  Pong!\n');
  expect(result.code).toBe(0);

  const json = await tryCommand('ping', '--json');
  const document = JSON.parse(json.stdout) as { ok: boolean; interaction: Record<string, unknown>; reply: { original: { content: string } } };
  expect(document.ok).toBe(true);
  expect(document.interaction).toMatchObject({ type: 2, data: { name: 'ping' }, version: 1 });
  expect(document.interaction).not.toHaveProperty('token');
  expect(document.reply.original.content).toBe('Pong!');
});

it('a deferred reply shows "thinking…", then the reply, then the follow-up, in that order', { timeout: 30_000 }, async () => {
  const { stdout, code } = await tryCommand('later');
  expectDeferredReply(stdout);
  expect(code).toBe(0);
});

it("an autocomplete round trip shows the bot's choices, and the chosen value goes with the command", { timeout: 30_000 }, async () => {
  const suggested = await tryCommand('weather', '--option', 'city=P', '--autocomplete', 'city');
  expect(suggested.stdout).toContain('suggests 4 choices:\n  Paris → "paris"\n  Pau → "pau"\n  Porto → "porto"\n  Prague → "prague"\n');
  expect(suggested.code).toBe(0);
  const answered = await tryCommand('weather', '--option', 'city=paris');
  expect(answered.stdout).toContain('Sunny in paris.');
});

it('a bot that does not answer within 3 seconds gives Discord\'s message', { timeout: 30_000 }, async () => {
  const { stdout, code } = await tryCommand('slow');
  expect(stdout).toContain('The application did not respond');
  expect(stdout).not.toContain('Too late.');
  expect(code).toBe(1);
});

it('refuses, with the who-can-use reason, a member who would not see the command', { timeout: 30_000 }, async () => {
  const member = await memberId('milo');
  const { stderr, code } = await tryCommand('admin-only', '--as', member);
  expect(stderr).toMatch(/would not see \/admin-only in #general: denied: needs ADMINISTRATOR \(default_member_permissions\)/);
  expect(code).toBe(1);
});

it('holds option values to the client\'s rules before anything is sent', { timeout: 30_000 }, async () => {
  const missing = await tryCommand('limits');
  expect(missing.stderr).toContain('option "city" is required');
  const wrong = await tryCommand('limits', '--option', 'city=Constantinople', '--option', 'days=9');
  expect(wrong.stderr).toContain('option "city" (STRING) must be 0 to 10 characters long, not 14');
  expect(wrong.stderr).toContain('option "days" (INTEGER) must be from 1 to 7, not 9');
  expect(wrong.code).toBe(1);
});

it('the endpoint is refused when a bot does not check signatures (Discord\'s PING with a bad signature)', { timeout: 30_000 }, async () => {
  const careless = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":1}'));
  await new Promise<void>((resolve) => careless.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(careless.address() as AddressInfo).port}/`;
    const refused = await api('PATCH', '/applications/@me', { interactions_endpoint_url: url });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('The specified interactions endpoint url could not be verified.');
    expect((await api('GET', '/applications/@me')).body.interactions_endpoint_url).toBe(botUrl);
  } finally {
    careless.close();
  }
});

it('refuses live Discord: no API lets a user run a command', async () => {
  const { stderr, code } = await runCli(['try', 'ping', '--api', 'https://discord.com/api/v10'], { env: { CMD_TUI_HOME: home } });
  expect(stderr).toContain('no API lets a user run a command');
  expect(stderr).toContain('cmd-tui serve');
  expect(code).toBe(2);
});

/** A seeded member of the first guild, by username (milo holds no ADMINISTRATOR). */
async function memberId(username: string): Promise<string> {
  const response = await fetch(`${serve().baseUrl}/guilds/${serve().guildIds[0]}/members?limit=100`, { headers: { Authorization: `Bot ${serve().botToken}` } });
  const members = (await response.json()) as { user: { id: string; username: string } }[];
  return members.find((member) => member.user.username === username)!.user.id;
}
