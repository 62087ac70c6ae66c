/**
 * The transport's own promises about one exchange, against a real HTTP server on 127.0.0.1: a read
 * cancelled while the server is silent stops at once and closes its socket; a server silent past the
 * deadline is a timeout that names the host; an answer that trickles in is read whole.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestCancelledError } from '../../source/api/errors.js';
import { createTransport, TransportError } from '../../source/api/http-transport.js';

describe('one HTTP exchange', () => {
  const closedSockets: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.socket.once('close', () => closedSockets.push(req.url ?? ''));
    if (req.url === '/silent') return;
    if (req.url === '/trickle') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-bucket': 'abc' });
      res.write('[{"id":"1"},');
      setTimeout(() => res.end('{"id":"2"}]'), 50);
    }
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a read cancelled while the server is silent rejects at once as sent, and its socket is closed', async () => {
    const transport = createTransport();
    const cancel = new AbortController();
    try {
      const exchange = transport.send({ method: 'GET', url: `${origin}/silent` }, cancel.signal);
      await new Promise((resolve) => setTimeout(resolve, 100));
      cancel.abort();
      const error = await exchange.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestCancelledError);
      expect((error as RequestCancelledError).sent).toBe(true);
      await expect.poll(() => closedSockets).toContain('/silent');
    } finally {
      await transport.close();
    }
  });

  it('a server silent past the deadline is a timeout that names the host, not the path', async () => {
    const transport = createTransport({ timeoutMs: 150 });
    try {
      const error = await transport.send({ method: 'GET', url: `${origin}/silent?token=secret` }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ code: 'ETIMEDOUT', message: `No answer from ${new URL(origin).host} within 150 ms.` });
    } finally {
      await transport.close();
    }
  });

  it('an answer that arrives in pieces is read whole, with its headers lower-cased', async () => {
    const lines: string[] = [];
    const transport = createTransport({ debug: (line) => lines.push(line) });
    try {
      const answer = await transport.send({ method: 'GET', url: `${origin}/trickle`, headers: { authorization: 'Bot not-a-real-token' } });
      expect(answer).toMatchObject({ status: 200, text: '[{"id":"1"},{"id":"2"}]', headers: { 'content-type': 'application/json', 'x-ratelimit-bucket': 'abc' } });
      expect(lines[0]).toBe(`→ GET ${origin}/trickle Authorization: Bot ****`);
      expect(lines[1]).toMatch(new RegExp(`^← 200 GET ${origin}/trickle \\d+ ms bucket=abc remaining=\\?$`));
    } finally {
      await transport.close();
    }
  });
});
