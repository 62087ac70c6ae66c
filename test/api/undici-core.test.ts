import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../../source/api/http-transport.js';
import { Agent } from '../../source/api/undici-core.js';

describe("undici's Agent loaded without its index", () => {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('x-seen', `${req.method} ${req.url} ${req.headers['x-test'] ?? ''} ${body}`);
      res.end('ok');
    });
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is the very Agent class undici exports', () => {
    expect(Agent).toBe(undici.Agent);
  });

  it('carries method, path with query, headers and body, and its answer is what undici.request reads', async () => {
    const agent = new Agent();
    const transport = createTransport();
    try {
      const ours = await transport.send({ method: 'POST', url: `${origin}/api/v10/x?with_localizations=true`, headers: { 'x-test': 'yes' }, body: '{"a":1}' });
      const theirs = await undici.request(`${origin}/api/v10/x?with_localizations=true`, { dispatcher: agent, method: 'POST', headers: { 'x-test': 'yes' }, body: '{"a":1}' });
      expect(ours.status).toBe(200);
      expect(ours.headers['x-seen']).toBe('POST /api/v10/x?with_localizations=true yes {"a":1}');
      expect(ours.headers['x-seen']).toBe(theirs.headers['x-seen']);
      expect(ours.text).toBe(await theirs.body.text());
    } finally {
      await transport.close();
      await agent.close();
    }
  });
});
