/**
 * The emulator keeps connections as the edge in front of Discord does (issue 31): a client that waits out
 * a rate-limit window on an idle keep-alive connection sends its next request on that same connection,
 * an idle connection outlives the stalled-client limits, and a shutdown answers what is in flight first.
 * Requests go through node:http with a keep-alive agent of one socket, as a bot library's pool would.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../source/emulator/server.js';
import { controlHeaders } from '../helpers/emulator-control.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
  localPort: number | undefined;
}

let running: RunningEmulator | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await running?.close();
  running = undefined;
});

async function start(options: EmulatorOptions): Promise<{ e: RunningEmulator; send: (method: string, path: string, json?: unknown) => Promise<Answer> }> {
  const e = (running = await startEmulator({ seed: 'empty', ...options }));
  const pool = (agent = new Agent({ keepAlive: true, maxSockets: 1 }));
  const send = (method: string, path: string, json?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = json === undefined ? undefined : JSON.stringify(json);
      const outgoing = request(`${e.baseUrl}${path}`, {
        method,
        agent: pool,
        headers: { authorization: `Bot ${e.botToken}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      });
      outgoing.on('error', reject);
      outgoing.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, reusedSocket: outgoing.reusedSocket, localPort: outgoing.socket?.localPort }),
        );
      });
      outgoing.end(payload);
    });
  return { e, send };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when an HTTP server of this process next starts on a request (Node's diagnostics channel). */
function nextRequestReceived(): Promise<void> {
  return new Promise((resolve) => {
    const received = () => {
      unsubscribe('http.server.request.start', received);
      resolve();
    };
    subscribe('http.server.request.start', received);
  });
}

describe('connections kept like a production edge', () => {
  it('keeps an idle connection across the command-create window (5 s, Node\'s default keep-alive) and takes the next request on it', async () => {
    const { e, send } = await start({ rateLimits: 'discord' });
    const commands = `/applications/${e.applicationId}/commands`;
    const first = await send('POST', commands, { name: 'first', description: 'Created before the wait' });
    expect(first.status).toBe(201);
    expect(first.headers['keep-alive']).toMatch(/timeout=\d{3,}/);
    // Wait the window out on the idle connection, as a client honouring X-RateLimit-Reset-After does, and a
    // little more: Node's default closed it 5 s + a 1 s buffer after the last answer.
    await sleep(Number(first.headers['x-ratelimit-reset-after']) * 1000 + 1_500);
    const second = await send('POST', commands, { name: 'second', description: 'Created after the wait' });
    expect(second.status).toBe(201);
    expect(second.reusedSocket).toBe(true);
    expect(second.localPort).toBe(first.localPort);
    // A new window began: the wait was long enough, and the connection outlived it.
    expect(second.headers['x-ratelimit-remaining']).toBe(first.headers['x-ratelimit-remaining']);
  });

  it('does not count an idle connection as a stalled client: the headers limit starts with a request', async () => {
    const { e, send } = await start({ rateLimits: 'off', slowClientLimits: { headersMs: 200, requestMs: 400 } });
    const first = await send('GET', `/applications/${e.applicationId}/commands`);
    await sleep(1_000);
    const second = await send('GET', `/applications/${e.applicationId}/commands`);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.reusedSocket).toBe(true);
  });

  it('on shutdown answers the request in flight, closes idle connections at once, and accepts no new ones', async () => {
    const { e, send } = await start({ rateLimits: 'off', faults: 'slow:1@400' });
    const idlePool = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // An idle kept-alive connection of another client must not hold the shutdown for the keep-alive time.
      await new Promise<void>((resolve, reject) =>
        request(`${e.origin}/__emulator/requests`, { agent: idlePool, headers: controlHeaders(e) }, (response) => response.resume().on('end', resolve)).on('error', reject).end(),
      );
      // Shut down once the emulator has the request (not after a guessed 100 ms: a loaded machine may not
      // have accepted the connection by then, and a connection with no request yet is idle, so closed).
      const received = nextRequestReceived();
      const inFlight = send('GET', `/applications/${e.applicationId}/commands`);
      await received;
      const started = Date.now();
      const closed = running!.close();
      running = undefined;
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe('close');
      await closed;
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect(send('GET', `/applications/${e.applicationId}/commands`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    } finally {
      idlePool.destroy();
    }
  });
});
