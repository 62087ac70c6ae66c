import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from '../../source/api/undici-core.js';

describe("undici's Agent and request() loaded without its index", () => {
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

  it('sends method, path with query, headers and body, and answers like undici.request', async () => {
    const agent = new Agent();
    try {
      const ours = await request(agent, `${origin}/api/v10/x?with_localizations=true`, { method: 'POST', headers: { 'x-test': 'yes' }, body: '{"a":1}' });
      const theirs = await undici.request(`${origin}/api/v10/x?with_localizations=true`, { dispatcher: agent, method: 'POST', headers: { 'x-test': 'yes' }, body: '{"a":1}' });
      expect(ours.statusCode).toBe(200);
      expect(ours.headers['x-seen']).toBe('POST /api/v10/x?with_localizations=true yes {"a":1}');
      expect(ours.headers['x-seen']).toBe(theirs.headers['x-seen']);
      expect(await ours.body.text()).toBe(await theirs.body.text());
    } finally {
      await agent.close();
    }
  });
});
