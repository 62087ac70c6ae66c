/**
 * The Try screen (`t`) drawn on a fake session: what it says on live Discord, a server's hostile text shown
 * as escapes, and autocomplete as the client does it — asked a moment after the last key, the request of
 * an older key cancelled (through the request runner) when a newer one goes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { verifyKey } from 'discord-interactions';
import { expect, it, onTestFinished, vi } from 'vitest';
import type { Channel, Member, Role } from '../../source/discord/model.js';
import { DISCORD_API_BASE } from '../../source/api/target.js';
import { LIVE_DISCORD_REFUSAL } from '../../source/operations/try-command.js';
import { DiscordApiError } from '../../source/api/errors.js';
import { emulatorForTry } from '../../source/ui/session/emulator-for-try.js';
import { STOPPED_WAITING } from '../../source/ui/screens/try/try-view.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, fakeSession, GUILD_ID, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';
import { listenLocally } from '../helpers/local-server.js';


it('on live Discord, t says nobody can run a command as a user, in the words cmd-tui try uses, and offers an emulator here', async () => {
  const live = liveApi();
  const app = await renderApp(live, { columns: 200, rows: 40 }, fakeSession(live, { emulators: { forTry: emulatorForTry(() => undefined)(live) } }));
  await app.waitForText('ping');
  await app.pressAndWait('tryCommand', 'Try /ping');
  expect(app.frame()).toContain(LIVE_DISCORD_REFUSAL);
  expect(app.frame()).toContain('Nothing is written to Discord: the commands are only read.');
  expect(app.frame()).toMatch(/enter try on an emulator|enter try it on an emulator/);
  expect(app.api.calls.filter((call) => !call.startsWith('list '))).toEqual([]);
  await app.press('back');
  await waitFor(() => !app.frame().includes('Try /ping'));
});

const OWNER = '700000000000000001';
const LOBBY = '600000000000000001';

/** Live Discord with a guild whose people these credentials can read: one role, one channel, its owner. */
function liveApi(): FakeApi {
  const live = new FakeApi([makeCommand({ name: 'ping', description: 'Replies with Pong!' })], [makeCommand({ name: 'deploy', description: 'Ships it' }, { kind: 'guild', guildId: GUILD_ID }), makeCommand({ name: 'rollback', description: 'Unships it' }, { kind: 'guild', guildId: GUILD_ID })]);
  Object.defineProperty(live, 'baseUrl', { value: DISCORD_API_BASE });
  live.guilds = [{ id: GUILD_ID, name: 'Test Guild', owner_id: OWNER }];
  live.getGuildRoles = async () => [{ id: GUILD_ID, name: '@everyone', position: 0, permissions: String(1024 + 2048 + 2 ** 31) }];
  live.getGuildChannels = async () => [{ id: LOBBY, type: 0, name: 'lobby', position: 0, parent_id: null, permission_overwrites: [] }];
  live.listGuildMembers = async () => [{ user: { id: OWNER, username: 'olive' }, roles: [], nick: null }];
  // The app's bot is not among them: its stand-in gets @everyone's permissions only.
  live.getGuildMember = async (guildId, userId) => {
    throw new DiscordApiError(404, 10007, 'Unknown Member', 'GET', `/guilds/${guildId}/members/${userId}`);
  };
  return live;
}

it("enter starts an emulator here with the app's commands copied, shows how to point a bot at it, and opens the form there; a second t goes back to it", async () => {
  const live = liveApi();
  // The profile's guild in view: its commands and people are copied too.
  const session = fakeSession(live, { target: { label: 'test server', defaultGuildId: GUILD_ID }, emulators: { forTry: emulatorForTry(onTestFinished)(live) } });
  const app = await renderApp(live, { columns: 200, rows: 40 }, session);
  await app.waitForText('deploy');
  await app.pressAndWait('tryCommand', LIVE_DISCORD_REFUSAL);
  await app.pressAndWait('tryOnEmulator', 'Copied 1 global command and 2 commands of Test Guild (ids kept), with its roles, channels and first 100 members as read. Nothing here is written to Discord');
  const frame = app.frame();
  const api = /API URL\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v10)/.exec(frame)?.[1];
  expect(api).toBeDefined();
  expect(frame).toMatch(/Gateway\s+ws:\/\/127\.0\.0\.1:\d+/);
  expect(frame).toMatch(/^[0-9a-f]{64}$/m);
  expect(frame).toMatch(/^[A-Za-z0-9]+\.[\w-]{6}\.[\w-]{38}$/m);
  expect(frame).toMatch(/Interactions URL\s+none: interactions go to your bot on the gateway · ctrl\+o sets it for an HTTP bot/);
  // The form, on the emulator: its guild is the guild in view, with its people.
  await waitFor(() => /In channel\s+#lobby/.test(app.frame()), { message: () => app.frame() });
  expect(app.frame()).toMatch(/As member\s+@olive/);
  // Only reads went to live Discord.
  expect(live.calls.every((call) => /^(list|permissions) /.test(call))).toBe(true);

  // The emulator answers as Discord would with no bot there: the screen says how to connect one here.
  await app.pressAndWait('send', 'No bot is connected to this emulator yet');
  expect(app.frame()).not.toContain('--interactions-url');

  // The bot sets its URL itself, as the reply suggests (PATCH /applications/@me): ctrl+o shows that URL,
  // the row too, and the "no bot" reply is gone.
  const verifyKey = /^[0-9a-f]{64}$/m.exec(app.frame())![0];
  const botToken = /^[A-Za-z0-9]+\.[\w-]{6}\.[\w-]{38}$/m.exec(app.frame())![0];
  const bot = await pingAnsweringBot(verifyKey);
  const patched = await fetch(`${api}/applications/@me`, { method: 'PATCH', headers: { Authorization: `Bot ${botToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ interactions_endpoint_url: bot.url }) });
  expect(patched.status).toBe(200);
  await app.press('interactionsUrl');
  await waitFor(() => app.frame().includes(bot.url) && app.frame().includes('leave the URL as it was'), { message: () => app.frame() });
  await app.chord('esc');
  await waitFor(() => /Interactions URL\s+http:\/\/127\.0\.0\.1:\d+\/interactions · ctrl\+o/.test(app.frame()), { message: () => app.frame() });
  expect(app.frame()).not.toContain('No bot is connected to this emulator yet');

  // Another command: straight to the same emulator, the commands copied again.
  await app.press('back');
  await waitFor(() => !app.frame().includes('API URL'));
  await app.press('down');
  await app.pressAndWait('tryCommand', 'Try /rollback');
  await app.waitForText('Copied 1 global command');
  expect(app.frame()).toContain(`API URL           ${api}`);
  expect(app.frame()).not.toContain(LIVE_DISCORD_REFUSAL);
});

it("at 80×24, no frame after a send shows the reply with the form's title scrolled away: the emulator's details fold in the same frame", async () => {
  const live = liveApi();
  const app = await renderApp(live, { columns: 80, rows: 24 }, fakeSession(live, { emulators: { forTry: emulatorForTry(onTestFinished)(live) } }));
  await app.waitForText('ping');
  await app.pressAndWait('tryCommand', 'Nothing is written to Discord');
  await app.press('tryOnEmulator');
  // The form under the details whole, once the guild is read.
  await waitFor(() => app.frame().includes('API URL') && /In channel\s+#lobby/.test(app.frame()), { message: () => app.frame() });
  const sent = app.stdout.frames.length;
  await app.press('send');
  await waitFor(() => app.frame().includes('No bot is connected') && app.frame().includes('connect a bot (URLs'), { message: () => app.frame() });
  // From the first frame with a line of the reply (the bot being waited for, then its answer) the details are folded.
  const frames = app.framesFrom(sent);
  expect(frames.length).toBeGreaterThan(1);
  for (const frame of frames) {
    expect(frame).toContain('Try /ping');
    expect(frame).toMatch(/Language\s+en-US/);
  }
});

/** An HTTP bot that passes Discord's PING checks: refuses a wrong signature, answers a signed PING with a PONG. */
async function pingAnsweringBot(publicKey: string): Promise<{ url: string }> {
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const signed = await verifyKey(body, String(request.headers['x-signature-ed25519']), String(request.headers['x-signature-timestamp']), publicKey);
    response.writeHead(signed ? 200 : 401, { 'Content-Type': 'application/json' }).end(signed ? '{"type":1}' : '{}');
  });
  return { url: `${await listenLocally(server)}/interactions` };
}

const HOSTILE = 'desc\u001b]8;;https://evil.example\u001b\\link\u001b]0;title\u0007\u001b[8mhid\u200bden';

it("the command's names and descriptions from the server are shown as escapes, not obeyed", async () => {
  const command = makeCommand({ name: 'ping', description: HOSTILE, options: [{ type: 3, name: 'what', description: `opt${HOSTILE}`, required: true }] });
  const app = await renderApp(new FakeApi([command]), { columns: 200, rows: 30 });
  await app.waitForText('ping');
  await app.pressAndWait('tryCommand', 'Try /ping');
  await app.waitForText('\\x1b]8;;https://evil.example');
  await app.waitForText('optdesc\\x1b]8;;');
  expect(app.frame()).not.toMatch(/\u001b\]|\u001b\[8m|\u0007|\u200b/);
});

/** The emulator's two try routes, answering autocomplete for `P` never (the request stays open) and for `Pa` at once. */
async function tryRoutes() {
  const seen: { text: string; closedEarly: boolean }[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ type: 4, revision: 1, acknowledged: 8, choices: [{ name: 'Paris', value: 'paris' }], followups: [] }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { focused?: string; options: Record<string, string> };
    const entry = { text: body.options[body.focused ?? ''] ?? '', closedEarly: false };
    seen.push(entry);
    if (entry.text === 'Pa') response.writeHead(202, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: '7', botName: 'Bot', user: '@a', channel: '#general' }));
    else response.once('close', () => (entry.closedEarly = !response.writableEnded));
  });
  const origin = await listenLocally(server);
  return { seen, server, baseUrl: `${origin}/api/v10` };
}

class GuildApi extends FakeApi {
  override async getGuildChannels(): Promise<Channel[]> {
    return [{ id: '500000000000000001', type: 0, name: 'general' }];
  }
  override async listGuildMembers(): Promise<Member[]> {
    return [{ user: { id: '600000000000000001', username: 'ada' }, roles: [] }];
  }
}

it('autocomplete asks the bot after the last key, and a newer key cancels the request of the one before', { timeout: 15_000 }, async () => {
  const routes = await tryRoutes();
  const api = new GuildApi([makeCommand({ name: 'weather', options: [{ type: 3, name: 'city', description: 'Which city', required: true, autocomplete: true }] })]);
  Object.defineProperty(api, 'baseUrl', { value: routes.baseUrl });
  const app = await renderApp(api, { columns: 160, rows: 30 });
  await app.waitForText('weather');
  await app.pressAndWait('tryCommand', 'In channel    #general');
  // Focusing the option asks for suggestions for nothing typed yet; that request is held open too.
  await waitFor(() => routes.seen.length === 1);
  await app.type('P');
  await waitFor(() => routes.seen.length === 2);
  await waitFor(() => expect(routes.seen[0]!.closedEarly).toBe(true));
  await app.type('a');
  await app.waitForText('suggested: Paris');
  expect(routes.seen.map((entry) => entry.text)).toEqual(['', 'P', 'Pa']);
  expect(routes.seen[1]!.closedEarly).toBe(true);
  // Keys typed within the client's pause make one request, for the text as it stands after the last.
  await app.type('ri');
  await waitFor(() => routes.seen.length === 4);
  expect(routes.seen[3]!.text).toBe('Pari');
});

/**
 * An emulator whose POST holds its answer until `deliver()` (it delivers the interaction meanwhile), and
 * whose state answers `reply` once set, "nothing yet" before.
 */
async function heldTryRoute(start: { status: number; body: object } = { status: 202, body: { id: '9', botName: 'Bot', user: '@ada', channel: '#general' } }) {
  let bodyReceived = false;
  let release: (() => void) | undefined;
  let reply: object | undefined;
  let reads = 0;
  const server = createServer(async (request: IncomingMessage, response) => {
    if (request.method === 'GET') {
      reads += 1;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply ?? { type: 2, revision: 0, followups: [] }));
      return;
    }
    for await (const _chunk of request) void _chunk;
    bodyReceived = true;
    release = () => response.writeHead(start.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(start.body));
  });
  const origin = await listenLocally(server);
  return {
    server,
    baseUrl: `${origin}/api/v10`,
    received: () => bodyReceived,
    reads: () => reads,
    deliver: () => release?.(),
    answer: (content: string) => (reply = { type: 2, revision: 1, acknowledged: 4, original: { id: '1', content, edits: 0, embeds: [], components: [] }, followups: [] }),
  };
}

/** A server whose @everyone may use commands everywhere (the client sends for anyone). */
class OpenGuildApi extends GuildApi {
  override async getGuildRoles(): Promise<Role[]> {
    return [{ id: GUILD_ID, name: '@everyone', position: 0, permissions: String(1n << 10n | 1n << 31n) }];
  }
}

async function tryScreenOn(route: { server: Server; baseUrl: string }, columns = 160) {
  const api = new OpenGuildApi([makeCommand({ name: 'ping' })]);
  Object.defineProperty(api, 'baseUrl', { value: route.baseUrl });
  const app = await renderApp(api, { columns, rows: 30 });
  let exited = false;
  void app.instance.waitUntilExit().then(() => (exited = true));
  await app.waitForText('ping');
  await app.pressAndWait('tryCommand', 'In channel    #general');
  return { app, exited: () => exited };
}

it('ctrl+c after the command reached the emulator does not call it cancelled: it was sent, and the reply is followed', { timeout: 15_000 }, async () => {
  const route = await heldTryRoute();
  const { app, exited } = await tryScreenOn(route);
  await app.press('send');
  await waitFor(() => route.received());
  await app.waitForText('Sending /ping to the bot');
  await app.pressAndWait('interrupt', "sent; waiting for Discord's answer");
  expect(app.frame()).not.toContain('Cancelled');
  route.answer('pong');
  route.deliver();
  await app.waitForText('pong');
  expect(app.frame()).not.toContain('Cancelled');
  expect(exited()).toBe(false);
});

it('ctrl+c while waiting for the bot stops waiting, says the bot may still answer, and does not quit', { timeout: 15_000 }, async () => {
  const route = await heldTryRoute();
  const { app, exited } = await tryScreenOn(route);
  await app.press('send');
  await waitFor(() => route.received());
  route.deliver();
  await app.waitForText('waiting for the bot…');
  await app.pressAndWait('interrupt', STOPPED_WAITING);
  expect(app.frame()).not.toContain('waiting for the bot…');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(exited()).toBe(false);
  expect(app.frame()).toContain('Try /ping');
});

it("control characters in what the emulator says are shown as escapes and wrapped as shown: none is cut at the screen's edge", { timeout: 15_000 }, async () => {
  const route = await heldTryRoute({ status: 400, body: { message: `${'ab\u0007'.repeat(40)}END`, problems: [] } });
  const { app } = await tryScreenOn(route, 60);
  await app.press('send');
  await waitFor(() => route.received());
  route.deliver();
  await app.waitForText('END');
  const joined = app.frame().split('\n').map((line) => line.trim()).join('');
  expect(joined).toContain(`${'ab\\x07'.repeat(40)}END`);
  expect(app.frame()).not.toContain('\u0007');
});

it('a bot silent until its token expires (15 minutes) ends on "The application did not respond", as cmd-tui try says', { timeout: 15_000 }, async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    const route = await heldTryRoute();
    const { app } = await tryScreenOn(route);
    await app.press('send');
    await waitFor(() => route.received());
    route.deliver();
    await app.waitForText('waiting for the bot…');
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
    await app.waitForText('The application did not respond');
    await waitFor(() => !app.frame().includes('waiting for the bot…'));
  } finally {
    vi.useRealTimers();
  }
});

it('a send answered after the screen was left starts no watch: nothing polls the emulator on', { timeout: 15_000 }, async () => {
  const route = await heldTryRoute();
  const { app } = await tryScreenOn(route);
  await app.press('send');
  await waitFor(() => route.received());
  await app.press('back');
  await waitFor(() => !app.frame().includes('Try /ping'));
  route.deliver();
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(route.reads()).toBe(0);
});

/**
 * An emulator whose bot answered /ping with a select of two colours (up to two values) and a disabled
 * button; a pick is delivered as the component route is asked, and answered with a new reply.
 */
async function selectRoutes() {
  const picks: { path: string; body: unknown }[] = [];
  const views: Record<string, object> = {
    '9': {
      type: 2,
      revision: 1,
      acknowledged: 4,
      original: {
        id: '1',
        content: 'Choose',
        edits: 0,
        flags: 64,
        embeds: [],
        components: [
          { type: 1, components: [{ type: 3, custom_id: 'colour', placeholder: 'Colours', min_values: 1, max_values: 2, options: [{ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }] }] },
          { type: 1, components: [{ type: 2, style: 4, label: 'Off', custom_id: 'off', disabled: true }] },
        ],
      },
      followups: [],
    },
    '10': { type: 3, revision: 1, acknowledged: 4, original: { id: '2', content: 'You picked blue', edits: 0, flags: 0, embeds: [], components: [] }, followups: [] },
  };
  const server = createServer(async (request: IncomingMessage, response) => {
    const found = /\/__emulator\/interactions\/(\d+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && found) return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(views[found[1]!]));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const component = request.url?.includes('/components/');
    if (component) picks.push({ path: request.url!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    response.writeHead(202, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: component ? '10' : '9', botName: 'Bot', user: '@ada', channel: '#general' }));
  });
  const origin = await listenLocally(server);
  return { server, picks, baseUrl: `${origin}/api/v10` };
}

it("the reply's select: tab past Send reaches it, enter opens its menu, values are marked and sent; a disabled button says so and sends nothing", { timeout: 20_000 }, async () => {
  const route = await selectRoutes();
  const { app } = await tryScreenOn(route);
  await app.pressAndWait('send', 'string select: Colours (2 options)');
  // Past Send: the select, then the button.
  await app.press('nextField', 2);
  await app.pressAndWait('activate', 'is disabled: the client does not let it be used');
  expect(route.picks).toEqual([]);
  await app.press('prevField');
  await app.pressAndWait('activate', '✓ send 0 picked');
  await app.type('blue');
  await app.chord('enter');
  await app.waitForText('[x] Blue');
  for (let i = 0; i < 4; i++) await app.chord('backspace');
  await app.waitForText('✓ send 1 picked');
  await app.chord('enter');
  await app.waitForText('You picked blue');
  expect(route.picks).toEqual([{ path: '/__emulator/messages/1/components/colour', body: { values: ['blue'] } }]);
  expect(app.frame()).toContain('▸ picked blue in Colours');
});

it('what was typed before the server turned out not to be an emulator is in the form the emulator opens', { timeout: 20_000 }, async () => {
  // A server that plays nothing of Discord's client (Discord behind a proxy, say): every /__emulator route is unknown.
  const standIn = createServer((request, response) => {
    request.resume();
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message": "404: Not Found", "code": 0}');
  });
  const origin = await listenLocally(standIn);
  const api = new GuildApi([makeCommand({ name: 'echo', options: [{ type: 3, name: 'words', description: 'What to say', required: true }] })]);
  api.getGuildRoles = async () => [{ id: GUILD_ID, name: '@everyone', position: 0, permissions: String(1024 + 2048 + 2 ** 31) }];
  api.guilds = [{ id: GUILD_ID, name: 'Test Guild', owner_id: '600000000000000001' }];
  api.getGuildMember = async (guildId, userId) => {
    throw new DiscordApiError(404, 10007, 'Unknown Member', 'GET', `/guilds/${guildId}/members/${userId}`);
  };
  Object.defineProperty(api, 'baseUrl', { value: `${origin}/api/v10` });
  const app = await renderApp(api, { columns: 160, rows: 40 }, fakeSession(api, { emulators: { forTry: emulatorForTry(onTestFinished)(api) } }));
  await app.waitForText('echo');
  await app.pressAndWait('tryCommand', 'In channel    #general');
  await app.type('kept words');
  await app.pressAndWait('send', "it cannot play Discord's client");
  await app.pressAndWait('tryOnEmulator', 'API URL');
  await waitFor(() => app.frame().includes('kept words'), { message: () => app.frame() });
});
