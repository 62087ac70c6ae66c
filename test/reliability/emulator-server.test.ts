/**
 * The emulator as a server (`cmd-tui serve`, the built binary, over real HTTP): it answers every
 * hostile request with Discord's shape and keeps answering the next one — malformed JSON, a body over
 * the documented 8 MiB limit (413 / 40005), clients that stall mid-request, bad Authorization headers,
 * request targets no URL parser accepts, and 1,000 connections at once — and it listens on 127.0.0.1
 * unless `--host` says otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';

interface Served {
  child: ChildProcess;
  info: { baseUrl: string; applicationId: string; botToken: string };
  stderr: () => string;
  stop(): Promise<number | null>;
}

async function serve(args: string[]): Promise<Served> {
  // A home of its own: serve leaves its control secret there, removed with it.
  const home = mkdtempSync(join(tmpdir(), 'cmd-tui-hostile-serve-'));
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--json', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CMD_TUI_HOME: home } });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return {
    child,
    info: JSON.parse(first) as Served['info'],
    stderr: () => stderr,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(home, { recursive: true, force: true });
      return code;
    },
  };
}

/** One raw HTTP exchange on its own connection: the status line and the body, or how it ended. */
function rawExchange(port: number, request: string | Buffer, host = '127.0.0.1'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.end(request));
    let answer = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
  });
}

let served: Served;
let port: number;
const auth = () => ({ authorization: `Bot ${served.info.botToken}` });
const commandsUrl = () => `${served.info.baseUrl}/applications/${served.info.applicationId}/commands`;
/** The check after each hostile request: an ordinary call is still answered, and correctly. */
async function stillAnswers(): Promise<void> {
  const answer = await fetch(commandsUrl(), { headers: auth() });
  expect(answer.status).toBe(200);
  expect(Array.isArray(await answer.json())).toBe(true);
}

beforeAll(async () => {
  // Rate limits off: 1,000 requests at once would otherwise be mostly (correct) 429s.
  served = await serve(['--rate-limits', 'off', '--seed', 'empty']);
  port = Number(new URL(served.info.baseUrl).port);
});
afterAll(async () => {
  expect(await served.stop()).toBe(0);
});

describe('cmd-tui serve under hostile clients', () => {
  it('malformed JSON and a body not sent as JSON get Discord’s 400s, and the next request is answered', async () => {
    const headers = { ...auth(), 'content-type': 'application/json' };
    for (const body of ['{', '[{"name": "x",', '\u0000', '{"name": "a"}}', '']) {
      const answer = await fetch(commandsUrl(), { method: 'POST', headers, body });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
    }
    const plain = await fetch(commandsUrl(), { method: 'POST', headers: { ...auth(), 'content-type': 'text/plain' }, body: '{}' });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { code: number }).code).toBe(50035);
    await stillAnswers();
  });

  it('a body over 8 MiB is answered 413 / 40005 as Discord does, with or without a length, and the client reads the answer', async () => {
    const oversized = `[${' '.repeat(8 * 1024 * 1024)}]`;
    const withLength = await fetch(commandsUrl(), { method: 'PUT', headers: { ...auth(), 'content-type': 'application/json' }, body: oversized });
    expect(withLength.status).toBe(413);
    expect(await withLength.json()).toEqual({ message: 'Request entity too large', code: 40005 });
    const chunks = new TextEncoder().encode(oversized);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < chunks.length; at += 64 * 1024) controller.enqueue(chunks.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await fetch(commandsUrl(), { method: 'PUT', headers: { ...auth(), 'content-type': 'application/json' }, body: streamed, duplex: 'half' });
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual({ message: 'Request entity too large', code: 40005 });
    // A body just under the limit is read (and refused for what it says, not for its size).
    const under = await fetch(commandsUrl(), { method: 'PUT', headers: { ...auth(), 'content-type': 'application/json' }, body: `[${' '.repeat(8 * 1024 * 1024 - 10)}]` });
    expect(under.status).toBe(200);
    await stillAnswers();
  });

  it('clients that stall half-way through their headers or body do not keep others waiting', async () => {
    const stalled: Socket[] = [];
    const open = (text: string) =>
      new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text, () => resolve()));
        socket.on('error', () => undefined);
        stalled.push(socket);
      });
    await Promise.all(Array.from({ length: 50 }, (_, index) => open(index % 2 === 0 ? 'GET /api/v10/users/@me HTTP/1.1\r\nHost: 127.0.0.1' : `PUT /api/v10/applications/${served.info.applicationId}/commands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[`)));
    try {
      await stillAnswers();
    } finally {
      for (const socket of stalled) socket.destroy();
    }
  });

  it.each([
    ['no scheme', 'abc'],
    ['an empty bot token', 'Bot '],
    ['a bearer with no token', 'Bearer'],
    ['an unknown scheme', 'Basic dXNlcjpwYXNz'],
    ['another token', 'Bot not-the-token'],
  ])('answers a bad Authorization header (%s) with 401 and Discord’s body', async (_case, header) => {
    const answer = await fetch(commandsUrl(), { headers: { authorization: header } });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ message: expect.stringMatching(/^401: Unauthorized$|Invalid/), code: expect.any(Number) });
    await stillAnswers();
  });

  it('answers bytes that are not text, and a header over Node’s size limit, and keeps serving', async () => {
    const binary = Buffer.concat([Buffer.from('GET /api/v10/users/@me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bot '), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from('\r\n\r\n')]);
    expect((await rawExchange(port, binary)).status).toBe(401);
    expect((await rawExchange(port, `GET /api/v10/users/@me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bot ${'a'.repeat(20_000)}\r\n\r\n`)).status).toBe(431);
    await stillAnswers();
  });

  it.each([
    ['a target no URL parser accepts', 'http://[', 400, { message: '400: Bad Request', code: 0 }],
    ['a doubled slash', '//api/v10/users/@me', 404, { message: '404: Not Found', code: 0 }],
    ['a climb out of the API', '/api/v10/../../etc/passwd', 404, { message: '404: Not Found', code: 0 }],
    ['a broken escape', '/api/v10/applications/%ZZ/commands', 400, { code: 50035, errors: { application_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "%ZZ" is not snowflake.' }] } }, message: 'Invalid Form Body' }],
    // GET /users/{user.id} is a route: `@me` plus a NUL is a user id that is no snowflake, as with %ZZ above.
    ['a NUL byte', '/api/v10/users/@me%00', 400, { code: 50035, errors: { user_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "@me\u0000" is not snowflake.' }] } }, message: 'Invalid Form Body' }],
    ['an asterisk', '*', 404, { message: '404: Not Found', code: 0 }],
    ['an unknown version', '/api/v3/users/@me', 400, { message: 'Invalid API version provided', code: 50041 }],
    ['2,000 segments', `/api/v10/${'a/'.repeat(2_000)}`, 404, { message: '404: Not Found', code: 0 }],
  ])('answers an odd path (%s) with JSON and keeps serving', async (_case, target, status, body) => {
    const answer = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual(body);
    await stillAnswers();
  });

  it('answers 1,000 connections open at once, each correctly', { timeout: 60_000 }, async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 1000 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect(port, '127.0.0.1', () => resolve(socket));
            socket.on('error', reject);
          }),
      ),
    );
    // Every connection is open before the first request is sent.
    const answers = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<{ status: number; body: string }>((resolve, reject) => {
            let answer = '';
            socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
            socket.on('error', reject);
            socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }));
            socket.end(`GET /api/v10/applications/${served.info.applicationId}/commands HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bot ${served.info.botToken}\r\nConnection: close\r\n\r\n`);
          }),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const first = answers[0]!.body;
    expect(answers.every((answer) => answer.body === first)).toBe(true);
    await stillAnswers();
  });
});

/** An address of this machine that is not loopback, if it has one. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('where cmd-tui serve listens', () => {
  it.skipIf(outside === undefined)('only on 127.0.0.1 by default: another address of the machine is refused', async () => {
    await expect(rawExchange(port, 'GET /api/v10/users/@me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', outside)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(served.info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/);
  });

  it.skipIf(outside === undefined)('on every address with --host 0.0.0.0, with a warning', async () => {
    const open = await serve(['--host', '0.0.0.0', '--seed', 'empty']);
    try {
      const openPort = Number(new URL(open.info.baseUrl).port);
      expect((await rawExchange(openPort, 'GET /api/v10/users/@me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', outside)).status).toBe(401);
      expect(open.stderr()).toContain('warning: listening on 0.0.0.0; anyone who can reach it can read the fake credentials.');
    } finally {
      expect(await open.stop()).toBe(0);
    }
  });
});

describe('a client too slow to finish its request', () => {
  // Shortened limits (10 s and 30 s by default), so the drop is seen in a moment.
  const emulator = useEmulator({ seed: 'empty', slowClientLimits: { headersMs: 300, requestMs: 600 } });

  it.each([
    ['its headers', 'GET /api/v10/users/@me HTTP/1.1\r\nHost: 127.0.0.1'],
    ['its body', 'PUT /api/v10/applications/1/commands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n['],
  ])('stalling in %s is answered 408 and dropped, instead of holding the connection', async (_case, partial) => {
    const port = Number(new URL(emulator().origin).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(partial));
      let received = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
