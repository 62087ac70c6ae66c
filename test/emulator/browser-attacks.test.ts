/**
 * The emulator left running beside a browser (issue 39): every attack a web page (or a rebinding domain)
 * can make, tried against the real server over HTTP and WebSocket — `cmd-tui serve` where a flag matters
 * (--state, --interactions-url, --allow-host) — and each refused before it changes anything, with an
 * answer in Discord's shape. The bot libraries' and cmd-tui's own requests (no Origin) keep working.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmulator } from '../../source/emulator/server.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { callControl, controlHeaders } from '../helpers/emulator-control.js';
import { startProxy } from '../helpers/proxy.js';
import { useServe } from '../helpers/serve.js';
import { GatewayClient } from '../helpers/gateway-client.js';
import { cliEnv } from '../helpers/hermetic-env.js';
import { tempFolder } from '../helpers/temp-folder.js';

const EVIL = 'http://evil.example';
const home = tempFolder('cmd-tui-attacks-');
const statePath = join(home, 'state.json');
const served = useServe(['--seed', 'demo', '--state', statePath]);
const emulator = useEmulator({ seed: 'demo' });

/** A request exactly as a page's `fetch` or form sends it: Origin, a simple content type, no custom header. */
const crossSite = (url: string, body = '') => fetch(url, { method: 'POST', headers: { Origin: EVIL, 'Content-Type': 'text/plain' }, body });

const commandNames = async () => {
  const e = served();
  const answer = await fetch(`${e.baseUrl}/applications/${e.applicationId}/commands`, { headers: { authorization: `Bot ${e.botToken}` } });
  return ((await answer.json()) as { name: string }[]).map((command) => command.name);
};
const savedNames = () => (JSON.parse(readFileSync(statePath, 'utf8')) as { commands: Record<string, { name: string }[]> }).commands;

/** A GET with this Host header (fetch may not set one: a rebinding page's browser does). */
function withHost(url: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { ...headers, host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** The request `head` (its lines, without the blank line) sent as it is on a new connection: the status line and body of the answer. */
function rawRequest(origin: string, head: string[]): Promise<{ status: string; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(`${[...head, 'Connection: close'].join('\r\n')}\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: answer.split('\r\n')[0]!, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }));
  });
}

/** An upgrade with these headers: its HTTP status (101 when taken) and the body of a refusal. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url}?v=10&encoding=json`, { headers });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('open', () => {
      resolve({ status: 101, body: '' });
      socket.terminate();
    });
    socket.on('error', () => undefined);
  });
}

describe('a cross-site request', () => {
  it('cannot wipe the world or its --state file: POST /__emulator/reset from another site is refused, and so is one without the secret', async () => {
    const e = served();
    const created = await fetch(`${e.baseUrl}/applications/${e.applicationId}/commands`, { method: 'POST', headers: { authorization: `Bot ${e.botToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'survivor', description: 'Outlives the attack' }) });
    expect(created.status).toBe(201);
    const before = await commandNames();
    expect(before).toContain('survivor');

    const refused = await crossSite(`${e.origin}/__emulator/reset`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/^403: Forbidden \(a request from a web page of http:\/\/evil\.example is refused/), code: 0 });
    // Without Origin (a script, a form from a page that hides it) but without the secret: refused too.
    const secretless = await fetch(`${e.origin}/__emulator/reset`, { method: 'POST', headers: { 'Content-Type': 'text/plain' } });
    expect(secretless.status).toBe(403);
    expect(((await secretless.json()) as { message: string }).message).toContain('X-Emulator-Secret');
    // The secret in the query string (what a form could send) is not the header.
    expect((await fetch(`${e.origin}/__emulator/reset?secret=${e.controlSecret}`, { method: 'POST' })).status).toBe(403);

    expect(await commandNames()).toEqual(before);
    // The state file is written on change: it still holds the command once the emulator has saved.
    await expect.poll(() => JSON.stringify(savedNames())).toContain('"survivor"');
  });

  it('cannot fire a command at the bot or upload a file', async () => {
    const e = served();
    expect((await crossSite(`${e.origin}/__emulator/interactions`, JSON.stringify({ name: 'ping' }))).status).toBe(403);
    expect((await crossSite(`${e.origin}/__emulator/attachments?filename=x.txt`, 'bytes')).status).toBe(403);
    expect((await crossSite(`${e.origin}/__emulator/messages/1/components/add`, '{}')).status).toBe(403);
    // With the Origin right but no secret: still refused; with the secret (cmd-tui try, tests): taken.
    const own = { Origin: e.origin, 'Content-Type': 'text/plain' };
    expect((await fetch(`${e.origin}/__emulator/attachments?filename=x.txt`, { method: 'POST', headers: own, body: 'bytes' })).status).toBe(403);
    expect((await fetch(`${e.origin}/__emulator/attachments?filename=x.txt`, { method: 'POST', headers: { ...own, ...controlHeaders(e) }, body: 'bytes' })).status).toBe(201);
  });

  it('cannot write through the API either: a page’s request is refused on every route, whatever its credentials', async () => {
    const e = emulator();
    const path = `/applications/${e.applicationId}/commands`;
    const write = await call(e, 'POST', path, { auth: botAuth(e), json: { name: 'planted', description: 'By a page' }, headers: { origin: EVIL } });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe(0);
    expect((await call(e, 'GET', path, { auth: botAuth(e), headers: { origin: 'null' } })).status).toBe(403);
    expect(((await call(e, 'GET', path, { auth: botAuth(e) })).body as { name: string }[]).map((command) => command.name)).not.toContain('planted');
    // A browser that left Origin out still marks where the request came from: a change from another site (or another origin of this one) is refused too.
    for (const site of ['cross-site', 'same-site']) {
      const marked = await call(e, 'POST', path, { auth: botAuth(e), json: { name: 'planted', description: 'By a page' }, headers: { 'sec-fetch-site': site } });
      expect(marked.status, site).toBe(403);
      expect(marked.body.message).toContain('Sec-Fetch-Site');
    }
    expect((await call(e, 'GET', path, { auth: botAuth(e), headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
    expect(((await call(e, 'GET', path, { auth: botAuth(e) })).body as { name: string }[]).map((command) => command.name)).not.toContain('planted');
  });

  it('cannot approve the consent page, while its own form still can', async () => {
    const e = emulator();
    const form = { response_type: 'code', client_id: e.clientId, scope: 'identify', state: 's', redirect_uri: 'http://127.0.0.1:53682/callback', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', action: 'authorize' };
    for (const origin of [EVIL, 'null', `http://localhost:${new URL(e.origin).port}`]) {
      expect((await call(e, 'POST', '/oauth2/authorize', { form, headers: { origin } })).status, origin).toBe(403);
    }
    const approved = await call(e, 'POST', '/oauth2/authorize', { form, headers: { origin: e.origin } });
    expect(approved.status).toBe(302);
    expect(new URL(approved.headers.get('location')!).searchParams.get('code')).toBeTruthy();
    // The page itself: its query stays with its own origin, so its POST carries that origin.
    const page = await call(e, 'GET', `/oauth2/authorize?${new URLSearchParams(form)}`);
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
  });
});

describe('DNS rebinding', () => {
  it('a foreign Host is answered 421 on the API, the site and the gateway upgrade, in Discord’s shape', async () => {
    const e = emulator();
    const rebound = await withHost(`${e.baseUrl}/applications/@me`, 'evil.example', { authorization: botAuth(e) });
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toEqual({ message: expect.stringMatching(/^421: Misdirected Request \(.*--allow-host evil\.example\)$/), code: 0 });
    expect(rebound.body).not.toContain(e.botToken);
    expect((await withHost(`${e.origin}/oauth2/authorize`, 'evil.example')).status).toBe(421);
    expect((await withHost(`${e.origin}/.well-known/openid-configuration`, 'evil.example:80')).status).toBe(421);
    expect((await withHost(`${e.origin}/__emulator/requests`, 'evil.example', controlHeaders(e))).status).toBe(421);
    const gateway = await upgrade(e.gatewayUrl, { host: 'evil.example' });
    expect(gateway.status).toBe(421);
    expect(JSON.parse(gateway.body)).toMatchObject({ code: 0 });
    // Its own names and addresses are answered.
    for (const host of [new URL(e.origin).host, `localhost:${new URL(e.origin).port}`]) expect((await withHost(`${e.baseUrl}/applications/@me`, host, { authorization: botAuth(e) })).status, host).toBe(200);
  });

  it('loopback spelled as a URL takes it (127.1, 2130706433, 0x7f000001) is the loopback address, answered as it', async () => {
    const e = emulator();
    const { port } = new URL(e.origin);
    for (const name of ['127.1', '2130706433', '0x7f000001']) {
      expect((await withHost(`${e.baseUrl}/applications/@me`, `${name}:${port}`, { authorization: botAuth(e) })).status, name).toBe(200);
    }
  });

  it('a request without a Host, or with an empty one, is answered 400 in Discord’s shape, on the API and the gateway upgrade', async () => {
    const e = emulator();
    const upgradeHead = ['GET /?v=10&encoding=json HTTP/1.1', 'Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13'];
    for (const head of [['GET /api/v10/gateway HTTP/1.1'], ['GET /api/v10/gateway HTTP/1.1', 'Host:'], upgradeHead]) {
      const answer = await rawRequest(e.origin, head);
      expect(answer.status, head.join(' | ')).toMatch(/^HTTP\/1\.1 400 /);
      const json = answer.body.slice(answer.body.indexOf('{'), answer.body.lastIndexOf('}') + 1);
      expect(JSON.parse(json), head.join(' | ')).toEqual({ message: expect.stringMatching(/^400: Bad Request \(the request has no Host header/), code: 0 });
    }
  });

  it('a request Node cannot parse (a control byte in its Host) is answered 400 in Discord’s shape, not with an empty body', async () => {
    const e = emulator();
    const answer = await rawRequest(e.origin, ['GET /api/v10/gateway HTTP/1.1', 'Host: 127.0.0.1\x01']);
    expect(answer.status).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/^400: Bad Request \(the request could not be read as HTTP/), code: 0 });
  });

  it('serve --allow-host answers that name too (a bot in a container), and no other, and names its gateway by it', async () => {
    const child = spawn(process.execPath, [CLI_PATH, 'serve', '--json', '--port', '0', '--seed', 'empty', '--allow-host', 'host.docker.internal'], { stdio: ['ignore', 'pipe', 'inherit'], env: cliEnv({ CMD_TUI_HOME: home }) });
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
      const info = JSON.parse(line) as { baseUrl: string; botToken: string; gatewayUrl: string };
      const get = (host: string) => withHost(`${info.baseUrl}/users/@me`, host, { authorization: `Bot ${info.botToken}` });
      expect((await get('host.docker.internal:4010')).status).toBe(200);
      expect((await get('evil.example:4010')).status).toBe(421);
      // The gateway it names is under that name too (the container cannot reach the address serve printed).
      const found = await withHost(`${info.baseUrl}/gateway/bot`, 'host.docker.internal:4010', { authorization: `Bot ${info.botToken}` });
      expect(JSON.parse(found.body).url).toBe('ws://host.docker.internal:4010');
      const gateway = new URL(info.baseUrl).origin.replace('http', 'ws');
      expect((await upgrade(gateway, { host: 'host.docker.internal:4010' })).status).toBe(101);
      const bot = await GatewayClient.open(gateway, '?v=10&encoding=json', { headers: { host: 'host.docker.internal:4010' } });
      bot.identify(info.botToken);
      expect((await bot.dispatch('READY')).d.resume_gateway_url).toBe('ws://host.docker.internal:4010');
      bot.close();
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('serve refuses an --allow-host that is not a name', async () => {
    const refused = await runCli(['serve', '--allow-host', 'http://x.example:80'], { env: { CMD_TUI_HOME: home } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--allow-host takes a host name such as host.docker.internal');
  });
});

describe('the gateway', () => {
  it('refuses an upgrade from a web page (browsers always send Origin), and takes a bot library’s (none)', async () => {
    const e = emulator();
    const fromPage = await upgrade(e.gatewayUrl, { origin: EVIL });
    expect(fromPage.status).toBe(403);
    expect(JSON.parse(fromPage.body)).toEqual({ message: expect.stringContaining('http://evil.example'), code: 0 });
    expect((await upgrade(e.gatewayUrl, { origin: 'null' })).status).toBe(403);
    expect((await upgrade(e.gatewayUrl)).status).toBe(101);
  });
});

describe('no self-calls', () => {
  it('an interactions endpoint at the emulator itself is refused before any request: the world survives', async () => {
    const e = served();
    const before = await commandNames();
    const requestsBefore = ((await (await fetch(`${e.origin}/__emulator/requests`, { headers: controlHeaders(e) })).json()) as unknown[]).length;
    const port = new URL(e.origin).port;
    for (const url of [`${e.origin}/__emulator/reset`, `http://localhost:${port}/api/v10/gateway`, `http://[::ffff:127.0.0.1]:${port}/__emulator/reset`, `http://0.0.0.0:${port}/x`]) {
      const patched = await fetch(`${e.baseUrl}/applications/@me`, { method: 'PATCH', headers: { authorization: `Bot ${e.botToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ interactions_endpoint_url: url }) });
      expect(patched.status, url).toBe(400);
      expect(((await patched.json()) as { errors: unknown }).errors).toEqual({ interactions_endpoint_url: { _errors: [{ code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID', message: 'The specified interactions endpoint url could not be verified.' }] } });
    }
    // Only the four PATCHes reached the emulator: no PING to its own /api/v10/gateway.
    const log = (await (await fetch(`${e.origin}/__emulator/requests`, { headers: controlHeaders(e) })).json()) as { method: string; path: string }[];
    expect(log.slice(requestsBefore).map((entry) => `${entry.method} ${entry.path}`)).toEqual(Array.from({ length: 4 }, () => 'PATCH /api/v10/applications/@me'));
    expect(await commandNames()).toEqual(before);
  });

  it('serve --interactions-url at its own address stops at once and says why, instead of wiping the world every second', async () => {
    const port = await freePort();
    const refused = await runCli(['serve', '--port', String(port), '--interactions-url', `http://localhost:${port}/__emulator/reset`], { env: { CMD_TUI_HOME: home } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--interactions-url http://localhost:${port}/__emulator/reset is refused: http://localhost:${port} is this emulator's own address`);
  });

  it('a request that comes back through another address (a proxy in front) carries the run’s mark, and is answered 508 unread', async () => {
    const own = await startEmulator({ seed: 'demo', rateLimits: 'off' });
    const loop = await startProxy(own.baseUrl);
    try {
      const url = `${new URL(loop.baseUrl).origin}/api/v10/users/@me`;
      expect(await own.setInteractionsUrl(url)).toMatch(/^it answered a PING with a wrong signature with 508 instead of /);
      expect(own.interactionsUrl()).toBeNull();
      const log = (await callControl(own, 'GET', '/__emulator/requests')).body as { method: string; path: string; status: number }[];
      expect(log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(['POST /api/v10/users/@me 508']);
      // Its own address, given directly, is not even tried.
      expect(await own.setInteractionsUrl(`${own.origin}/__emulator/reset`)).toBe(`${own.origin} is this emulator's own address: interactions sent there would reach the emulator, not your bot; give the address your bot listens on`);
    } finally {
      await loop.close();
      await own.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
