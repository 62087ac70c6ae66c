/**
 * The emulator's gateway, from a raw WebSocket client: where it is (GET /gateway, /gateway/bot), the
 * HELLO → IDENTIFY → READY handshake with heartbeats, Discord's close codes for what it refuses, RESUME
 * replaying what a dropped connection missed, and the events it sends (INTERACTION_CREATE when the app
 * has no endpoint URL, APPLICATION_COMMAND_PERMISSIONS_UPDATE when overwrites change).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmulator } from '../../source/emulator/server.js';
import { CLI_PATH } from '../helpers/cli.js';
import { botAuth, bearer, call, useEmulator } from '../helpers/emulator.js';
import { GatewayClient, streamDecompressor } from '../helpers/gateway-client.js';
import { callControl } from '../helpers/emulator-control.js';

const emulator = useEmulator({ seed: 'demo' });

/** A frame recorded from Discord's gateway (test/fixtures/discord/gateway/NAME.json). */
function recordedFrame(name: string): { text: string; frame?: number[] } {
  return JSON.parse(readFileSync(new URL(`../fixtures/discord/gateway/${name}.json`, import.meta.url), 'utf8'));
}

async function gatewayUrl(): Promise<string> {
  return (await call(emulator(), 'GET', '/gateway/bot', { auth: botAuth(emulator()) })).body.url;
}

async function identified(intents = 0): Promise<{ client: GatewayClient; ready: any }> {
  const client = await GatewayClient.open(await gatewayUrl());
  client.identify(emulator().botToken, intents);
  return { client, ready: (await client.dispatch('READY')).d };
}

describe('start-up cost', () => {
  it('the built serve loads the WebSocket library (and node:tls with it) only when a bot connects', { timeout: 30_000 }, async () => {
    // Logs each module the process loads that only the gateway needs.
    const hook = `import { registerHooks } from 'node:module'; registerHooks({ load(url, context, next) { if (/[/]ws[/]|wrapper-|node:tls/.test(url)) process.stderr.write('loaded ' + url + '\\n'); return next(url, context); } });`;
    const home = mkdtempSync(join(tmpdir(), 'cmd-tui-gateway-serve-'));
    const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, CLI_PATH, 'serve', '--json', '--port', '0', '--seed', 'empty'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CMD_TUI_HOME: home } });
    let loaded = '';
    child.stderr!.on('data', (chunk: Buffer) => (loaded += chunk.toString()));
    try {
      const details = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))) as { baseUrl: string };
      await fetch(`${details.baseUrl}/gateway`);
      expect(loaded).toBe('');
      const client = await GatewayClient.open(new URL(details.baseUrl).origin.replace('http', 'ws'));
      expect(loaded).toContain('node:tls');
      client.close();
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('finding the gateway', () => {
  it('GET /gateway/bot gives the bot its ws:// URL, one shard and the session start limit; GET /gateway needs no token', async () => {
    const bot = await call(emulator(), 'GET', '/gateway/bot', { auth: botAuth(emulator()) });
    expect(bot.status).toBe(200);
    expect(bot.body).toEqual({ url: emulator().origin.replace('http', 'ws'), shards: 1, session_start_limit: { total: 1000, remaining: expect.any(Number), reset_after: expect.any(Number), max_concurrency: 1 } });
    expect((await call(emulator(), 'GET', '/gateway')).body).toEqual({ url: bot.body.url });
    expect((await call(emulator(), 'GET', '/gateway/bot')).status).toBe(401);
    expect((await call(emulator(), 'GET', '/gateway/bot', { auth: bearer(emulator().userToken) })).status).toBe(401);
  });

  it('counts each IDENTIFY against the session start limit', async () => {
    const before = (await call(emulator(), 'GET', '/gateway/bot', { auth: botAuth(emulator()) })).body.session_start_limit.remaining;
    const { client } = await identified();
    client.close();
    expect((await call(emulator(), 'GET', '/gateway/bot', { auth: botAuth(emulator()) })).body.session_start_limit.remaining).toBe(before - 1);
  });
});

describe('the handshake', () => {
  it('says HELLO with the heartbeat interval, acknowledges heartbeats, and answers IDENTIFY with READY, each frame as Discord writes it', async () => {
    const client = await GatewayClient.open(await gatewayUrl());
    // Discord's HELLO, as recorded: t and s null, the interval, a _trace; its keys in Discord's order.
    const recordedHello = JSON.parse(recordedFrame('hello-zstd-stream').text);
    expect(client.received[0]).toEqual({ ...recordedHello, d: { ...recordedHello.d, _trace: [expect.any(String)] } });
    expect(Object.keys(JSON.parse(client.frames[0]!.data.toString('utf8')))).toEqual(Object.keys(recordedHello));
    client.send({ op: 1, d: null });
    await client.next((payload) => payload.op === 11);
    expect(client.frames.at(-1)!.data.toString('utf8')).toBe(recordedFrame('heartbeat-ack').text);
    client.identify(emulator().botToken, 0);
    const ready = await client.dispatch('READY');
    expect(ready.s).toBe(1);
    expect(Object.keys(ready)).toEqual(['t', 's', 'op', 'd']);
    expect(ready.d).toMatchObject({
      v: 10,
      user: { id: emulator().seeded.botUserId, bot: true },
      guilds: emulator().guildIds.map((id) => ({ id, unavailable: true })),
      session_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      resume_gateway_url: emulator().origin.replace('http', 'ws'),
      application: { id: emulator().applicationId, flags: expect.any(Number) },
    });
    client.close();
  });

  it('sends a GUILD_CREATE per guild to a session with the GUILDS intent, channels the bot cannot view obfuscated', async () => {
    const { client, ready } = await identified(1);
    const created = [];
    for (const _guild of ready.guilds) created.push((await client.dispatch('GUILD_CREATE')).d);
    expect(created.map((guild) => guild.id)).toEqual(emulator().guildIds);
    expect(created[0]).toMatchObject({ unavailable: false, members: [{ user: { id: emulator().seeded.botUserId } }], roles: expect.any(Array) });
    const hidden = created[0].channels.find((channel: { id: string }) => channel.id === emulator().seeded.hiddenChannelId);
    expect(hidden).toMatchObject({ name: '___hidden___', flags: 1 << 17 });
    client.close();
  });

  it('compresses with zlib-stream when asked: binary frames from one zlib context, each ending 00 00 ff ff', async () => {
    const client = await GatewayClient.open(await gatewayUrl(), '?v=10&encoding=json&compress=zlib-stream');
    client.identify(emulator().botToken, 1);
    expect((await client.dispatch('READY')).d.session_id).toBeTruthy();
    await client.dispatch('GUILD_CREATE');
    expect(client.frames.every((frame) => frame.binary && frame.data.subarray(-4).equals(Buffer.from([0, 0, 0xff, 0xff])))).toBe(true);
    client.close();
  });

  it('compresses with zstd-stream when asked: one Zstandard frame for the connection, each payload a block a streaming decompressor yields whole', async () => {
    // The decoder (helpers/gateway-client.ts, Node's zlib) reads the HELLO recorded from Discord's zstd-stream…
    const recorded = recordedFrame('hello-zstd-stream');
    expect(await streamDecompressor('zstd-stream')!(Buffer.from(recorded.frame!))).toBe(recorded.text);
    // …and the emulator's stream: HELLO, IDENTIFY, READY, GUILD_CREATE.
    const client = await GatewayClient.open(await gatewayUrl(), '?v=10&encoding=json&compress=zstd-stream');
    expect(client.received[0]).toMatchObject({ op: 10, t: null, s: null, d: { heartbeat_interval: 41_250 } });
    client.identify(emulator().botToken, 1);
    expect((await client.dispatch('READY')).d.session_id).toBeTruthy();
    expect((await client.dispatch('GUILD_CREATE')).d.id).toBe(emulator().guildIds[0]);
    expect(client.frames.every((frame) => frame.binary)).toBe(true);
    // The frame's header as Discord's: magic, no content size, a 256 KiB window.
    expect(client.frames[0]!.data.subarray(0, 6)).toEqual(Buffer.from(recorded.frame!.slice(0, 6)));
    client.close();
  });

  it('accepts a token with the `Bot ` prefix, as some libraries send it', async () => {
    const client = await GatewayClient.open(await gatewayUrl());
    client.identify(`Bot ${emulator().botToken}`);
    expect((await client.dispatch('READY')).d.session_id).toBeTruthy();
    client.close();
  });
});

describe("Discord's close codes", () => {
  const closing = async (act: (client: GatewayClient) => void, query?: string) => {
    const client = query ? new GatewayClient(`${await gatewayUrl()}${query}`) : await GatewayClient.open(await gatewayUrl());
    act(client);
    return client.closed;
  };

  it('4004 for a bad token', async () => {
    expect(await closing((client) => client.identify('not-the-bot-token.fake'))).toEqual({ code: 4004, reason: 'Authentication failed.' });
  });
  it('4001 for an opcode clients do not send', async () => {
    expect((await closing((client) => client.send({ op: 99, d: null }))).code).toBe(4001);
  });
  it('4002 for a frame that is not a JSON payload, or over 4,096 bytes', async () => {
    expect((await closing((client) => client.send('{not json'))).code).toBe(4002);
    expect((await closing((client) => client.send({ op: 1, d: 'x'.repeat(5000) }))).code).toBe(4002);
  });
  it('4003 for a request before IDENTIFY', async () => {
    expect((await closing((client) => client.send({ op: 3, d: { status: 'online', since: null, activities: [], afk: false } }))).code).toBe(4003);
  });
  it('4005 for a second IDENTIFY', async () => {
    const { client } = await identified();
    client.identify(emulator().botToken);
    expect((await client.closed).code).toBe(4005);
  });
  it('4002 for an IDENTIFY whose properties are not an object', async () => {
    expect((await closing((client) => client.identify(emulator().botToken, 0, { properties: ['linux'] }))).code).toBe(4002);
  });
  it('4013 for intents that are not intents, 4014 for a privileged intent the app has not enabled', async () => {
    expect((await closing((client) => client.identify(emulator().botToken, 1 << 30))).code).toBe(4013);
    expect(await closing((client) => client.identify(emulator().botToken, 1 << 1))).toEqual({ code: 4014, reason: 'Disallowed intent(s).' });
  });
  it('4010 for an invalid shard, 4012 for an API version other than 9 or 10', async () => {
    expect((await closing((client) => client.identify(emulator().botToken, 0, { shard: [1, 1] }))).code).toBe(4010);
    expect((await closing(() => undefined, '?v=8&encoding=json')).code).toBe(4012);
  });
  it('1003, saying so, for an encoding or a compression the emulator does not speak', async () => {
    expect(await closing(() => undefined, '?v=10&encoding=etf')).toEqual({ code: 1003, reason: 'cmd-tui serve speaks encoding=json only' });
    expect(await closing(() => undefined, '?v=10&encoding=json&compress=brotli')).toEqual({ code: 1003, reason: 'cmd-tui serve compresses with zlib-stream or zstd-stream only' });
  });
  it('4008 past 120 payloads a minute', async () => {
    expect((await closing((client) => {
      for (let sent = 0; sent < 121; sent += 1) client.send({ op: 1, d: null });
    })).code).toBe(4008);
  });
  it('4009 when heartbeats stop: a late one is asked for first (op 1)', async () => {
    const quick = await startEmulator({ seed: 'empty', rateLimits: 'off', gatewayHeartbeatMs: 200 });
    try {
      const client = await GatewayClient.open(quick.origin.replace('http', 'ws'));
      client.identify(quick.botToken);
      await client.dispatch('READY');
      expect(await client.next((payload) => payload.op === 1)).toEqual({ t: null, s: null, op: 1, d: null });
      expect((await client.closed).code).toBe(4009);
    } finally {
      await quick.close();
    }
  });
});

describe('bounds', () => {
  it('a client that breaks the WebSocket protocol is cut off, before or after the query is refused, and the emulator goes on', async () => {
    const origin = new URL(emulator().origin);
    for (const query of ['?v=10&encoding=json', '?v=8']) {
      const socket = connect(Number(origin.port), origin.hostname);
      const key = randomBytes(16).toString('base64');
      socket.write(`GET /${query} HTTP/1.1\r\nHost: ${origin.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
      await new Promise((resolve) => socket.once('data', resolve));
      // An unmasked frame with a reserved opcode: two protocol errors at once.
      socket.write(Buffer.from([0x8f, 0x00]));
      await new Promise((resolve) => socket.once('close', resolve));
    }
    expect((await call(emulator(), 'GET', '/gateway')).status).toBe(200);
  });

  const upgradeStatus = (gateway: string) =>
    new Promise<number>((resolve) => {
      const extra = new WebSocket(`${gateway}?v=10&encoding=json`);
      extra.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        extra.terminate();
      });
      extra.on('open', () => {
        resolve(101);
        extra.terminate();
      });
      extra.on('error', () => undefined);
    });

  it('takes 100 connections at once and answers the next 503; a frame over 64 KiB is cut off unread (1009)', { timeout: 30_000 }, async () => {
    const own = await startEmulator({ seed: 'empty', rateLimits: 'off' });
    const gateway = own.origin.replace('http', 'ws');
    const open: GatewayClient[] = [];
    try {
      // In batches: at most 20 sockets may wait unidentified at once.
      while (open.length < 100) {
        const batch = await Promise.all(Array.from({ length: 10 }, () => GatewayClient.open(gateway)));
        for (const client of batch) client.identify(own.botToken);
        await Promise.all(batch.map((client) => client.dispatch('READY')));
        open.push(...batch);
      }
      expect(await upgradeStatus(gateway)).toBe(503);
      open[0]!.send({ op: 1, d: 'x'.repeat(65 * 1024) });
      expect((await open[0]!.closed).code).toBe(1009);
    } finally {
      for (const client of open) client.drop();
      await own.close();
    }
  });

  it('25 silent sockets cannot lock a bot out: past 10 waiting from one address the oldest is closed, and the bot gets its HELLO and READY', { timeout: 30_000 }, async () => {
    const own = await startEmulator({ seed: 'empty', rateLimits: 'off' });
    const gateway = own.origin.replace('http', 'ws');
    const silent: GatewayClient[] = [];
    try {
      // One after another, each given its HELLO: the first 15 are closed to make room, oldest first.
      for (let index = 0; index < 25; index += 1) silent.push(await GatewayClient.open(gateway));
      await Promise.all(silent.slice(0, 15).map((client) => client.closed));
      const bot = await GatewayClient.open(gateway);
      silent.push(bot);
      bot.identify(own.botToken);
      expect((await bot.dispatch('READY')).d.application.id).toBe(own.applicationId);
      // Identified, it is no longer waiting: ten more silent sockets close the older silent ones, never the bot.
      for (let index = 0; index < 10; index += 1) silent.push(await GatewayClient.open(gateway));
      await Promise.all(silent.slice(15, 25).map((client) => client.closed));
      bot.send({ op: 1, d: null });
      expect((await bot.next((payload) => payload.op === 11)).op).toBe(11);
    } finally {
      for (const client of silent) client.drop();
      await own.close();
    }
  });

  it('keeps the waiting sockets of one address from closing those of another, up to 20 waiting in all', { timeout: 30_000 }, async () => {
    const own = await startEmulator({ seed: 'empty', rateLimits: 'off', host: '0.0.0.0', allowRemoteHost: true });
    const port = new URL(own.origin).port;
    const from = (localAddress: string) => GatewayClient.open(`ws://127.0.0.1:${port}`, '?v=10&encoding=json', { localAddress });
    const clients: GatewayClient[] = [];
    try {
      const other = [];
      for (let index = 0; index < 5; index += 1) other.push(await from('127.0.0.2'));
      clients.push(...other);
      for (let index = 0; index < 25; index += 1) clients.push(await from('127.0.0.3'));
      // The flood from 127.0.0.3 closed only its own: 127.0.0.2's five still wait (5 + 10 ≤ 20).
      await Promise.all(clients.slice(5, 20).map((client) => client.closed));
      for (const client of other) {
        client.send({ op: 1, d: null });
        await client.next((payload) => payload.op === 11);
      }
      // A third address past the bound of 20 in all closes the oldest waiting socket, wherever it is from.
      for (let index = 0; index < 6; index += 1) clients.push(await from('127.0.0.4'));
      expect((await other[0]!.closed).code).toBe(1006);
    } finally {
      for (const client of clients) client.drop();
      await own.close();
    }
  });

  it('cuts off a client that does not answer the close frame, within seconds', { timeout: 15_000 }, async () => {
    const origin = new URL(emulator().origin);
    const socket = connect(Number(origin.port), origin.hostname);
    socket.write(`GET /?v=10&encoding=json HTTP/1.1\r\nHost: ${origin.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    await new Promise((resolve) => socket.once('data', resolve));
    // A masked text frame with an opcode clients do not send: the emulator closes (4001), and this client never answers.
    const payload = Buffer.from('{"op":99,"d":null}');
    const mask = randomBytes(4);
    socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, payload.map((byte, index) => byte ^ mask[index % 4]!)]));
    const started = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('RESUME', () => {
  it('replays what a dropped connection missed, then RESUMED; a session closed with 1000 is over (INVALID_SESSION)', async () => {
    const { client, ready } = await identified();
    client.drop();
    await client.closed;
    const guildId = emulator().guildIds[0]!;
    const ban = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).body[0];
    const put = await call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${guildId}/commands/${ban.id}/permissions`, {
      auth: bearer(emulator().userToken),
      json: { permissions: [{ id: emulator().seeded.memberUserId, type: 2, permission: true }] },
    });
    expect(put.status).toBe(200);

    const again = await GatewayClient.open(ready.resume_gateway_url);
    again.send({ op: 6, d: { token: emulator().botToken, session_id: ready.session_id, seq: 1 } });
    const missed = await again.next((payload) => payload.op === 0);
    expect(missed).toMatchObject({ t: 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', s: 2, d: { id: ban.id, guild_id: guildId } });
    expect(await again.next((payload) => payload.op === 0)).toMatchObject({ t: 'RESUMED', s: 3 });
    again.close(1000);
    await again.closed;

    const late = await GatewayClient.open(ready.resume_gateway_url);
    late.send({ op: 6, d: { token: emulator().botToken, session_id: ready.session_id, seq: 3 } });
    expect(await late.next((payload) => payload.op === 9)).toEqual({ t: null, s: null, op: 9, d: false });
    late.close();
  });
});

describe('Request Guild Members (op 8)', () => {
  it('answers a prefix or an id request with one GUILD_MEMBERS_CHUNK, and the whole list, without GUILD_MEMBERS, with nothing', async () => {
    const { client } = await identified(0);
    const guildId = emulator().guildIds[0]!;
    client.send({ op: 8, d: { guild_id: guildId, query: 'mi', limit: 10, nonce: 'by-name' } });
    const byName = await client.dispatch('GUILD_MEMBERS_CHUNK');
    expect(byName.d).toMatchObject({ guild_id: guildId, chunk_index: 0, chunk_count: 1, nonce: 'by-name' });
    expect(byName.d.members.map((member: { user: { username: string } }) => member.user.username)).toEqual(['milo']);

    client.send({ op: 8, d: { guild_id: guildId, user_ids: [emulator().seeded.memberUserId, '123456789012345678'], nonce: 'by-id' } });
    const byId = await client.dispatch('GUILD_MEMBERS_CHUNK');
    expect(byId.d.members.map((member: { user: { id: string } }) => member.user.id)).toEqual([emulator().seeded.memberUserId]);
    expect(byId.d.not_found).toEqual(['123456789012345678']);

    // Names a plain object inherits are no member's id.
    client.send({ op: 8, d: { guild_id: guildId, user_ids: ['constructor', '__proto__', 'toString'], nonce: 'inherited' } });
    const inherited = await client.next((payload) => payload.t === 'GUILD_MEMBERS_CHUNK' && payload.d.nonce === 'inherited');
    expect(inherited.d.members).toEqual([]);
    expect(inherited.d.not_found).toEqual(['constructor', '__proto__', 'toString']);

    // Payloads are answered in order: the heartbeat's ACK comes after whatever the request would have sent.
    client.send({ op: 8, d: { guild_id: guildId, query: '', limit: 0 } });
    client.send({ op: 1, d: null });
    await client.next((payload) => payload.op === 11);
    expect(client.received.filter((payload) => payload.t === 'GUILD_MEMBERS_CHUNK')).toHaveLength(3);
    client.close();
  });
});

describe('events', () => {
  it('APPLICATION_COMMAND_PERMISSIONS_UPDATE when overwrites change, with the overwrites as saved, to a session without intents', async () => {
    const { client } = await identified(0);
    const guildId = emulator().guildIds[0]!;
    const command = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).body[0];
    const permissions = [{ id: emulator().seeded.memberUserId, type: 2, permission: false }];
    await call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${guildId}/commands/${command.id}/permissions`, { auth: bearer(emulator().userToken), json: { permissions } });
    const event = await client.dispatch('APPLICATION_COMMAND_PERMISSIONS_UPDATE');
    expect(event.d).toEqual({ id: command.id, application_id: emulator().applicationId, guild_id: guildId, permissions });
    client.close();
  });

  it('GUILD_CREATE when the consent page adds the bot to a guild, to a session with the GUILDS intent; none without it', async () => {
    // An emulator of its own: the guild the bot joins would change what READY lists for the other tests.
    const own = await startEmulator({ seed: 'demo', rateLimits: 'off' });
    const url = (await call(own, 'GET', '/gateway/bot', { auth: botAuth(own) })).body.url;
    const withGuilds = await GatewayClient.open(url);
    const without = await GatewayClient.open(url);
    try {
      withGuilds.identify(own.botToken, 1);
      without.identify(own.botToken, 0);
      const ready = (await withGuilds.dispatch('READY')).d;
      for (const _guild of ready.guilds) await withGuilds.dispatch('GUILD_CREATE');
      await without.dispatch('READY');
      const guildId = own.seeded.uninstalledGuildId;
      const install = { client_id: own.clientId, scope: 'bot applications.commands', guild_id: guildId, disable_guild_select: 'true', action: 'authorize' };
      expect((await call(own, 'POST', '/oauth2/authorize', { form: install })).status).toBe(200);
      const joined = (await withGuilds.dispatch('GUILD_CREATE')).d;
      expect(joined).toMatchObject({ id: guildId, unavailable: false, members: [{ user: { id: own.seeded.botUserId } }] });
      expect(joined.joined_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
      // Authorizing again adds nothing: the bot is in the guild already.
      expect((await call(own, 'POST', '/oauth2/authorize', { form: install })).status).toBe(200);
      withGuilds.send({ op: 1, d: null });
      await withGuilds.next((payload) => payload.op === 11);
      expect(withGuilds.received.filter((payload) => payload.t === 'GUILD_CREATE' && payload.d.id === guildId)).toHaveLength(1);
      without.send({ op: 1, d: null });
      await without.next((payload) => payload.op === 11);
      expect(without.received.some((payload) => payload.t === 'GUILD_CREATE')).toBe(false);
    } finally {
      withGuilds.close();
      without.close();
      await own.close();
    }
  });

  it('INTERACTION_CREATE for a tried command when the app has no endpoint URL; the reply comes by the callback route', async () => {
    // An emulator of its own: a session another test left resumable would be a bot listening.
    const own = await startEmulator({ seed: 'demo', rateLimits: 'off' });
    try {
      const guildId = own.guildIds[0]!;
      const command = (await call(own, 'GET', `/applications/${own.applicationId}/guilds/${guildId}/commands`, { auth: botAuth(own) })).body.find((candidate: { options?: unknown[] }) => !candidate.options?.length);
      // Nobody listening: try says where to connect.
      const refused = await callControl(own, 'POST', '/__emulator/interactions', { json: { name: command.name, guildId } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('no bot is connected to the gateway');

      const client = await GatewayClient.open(own.origin.replace('http', 'ws'));
      client.identify(own.botToken);
      await client.dispatch('READY');
      const tried = await callControl(own, 'POST', '/__emulator/interactions', { json: { name: command.name, guildId } });
      expect(tried.status).toBe(202);
      const event = await client.dispatch('INTERACTION_CREATE');
      expect(event.d).toMatchObject({ id: tried.body.id, type: 2, guild_id: guildId, data: { name: command.name }, token: expect.any(String), version: 1 });
      const callback = await call(own, 'POST', `/interactions/${event.d.id}/${event.d.token}/callback`, { json: { type: 4, data: { content: 'over the gateway' } } });
      expect(callback.status).toBe(204);
      expect((await callControl(own, 'GET', `/__emulator/interactions/${tried.body.id}`)).body.original.content).toBe('over the gateway');
      client.close();
    } finally {
      await own.close();
    }
  });
});
