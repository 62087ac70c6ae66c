import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import { InvalidRequestGuard } from '../../source/api/invalid-request-guard.js';
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer, type SeenRequest } from './scripted-server.js';

const APP = '100000000000000001';
const guildId = (n: number) => String(300000000000000000n + BigInt(n));

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that enforces one fixed-window bucket per guild and answers 429 when it is exceeded. */
function bucketServer(limit: number, windowMs: number) {
  const windows = new Map<string, { start: number; used: number }>();
  let rejected = 0;
  const script = (req: SeenRequest): ScriptedAnswer => {
    const major = req.path.split('/')[4] ?? 'global';
    const now = performance.now();
    let window = windows.get(major);
    if (!window || now - window.start >= windowMs) windows.set(major, (window = { start: now, used: 0 }));
    const resetAfter = ((window.start + windowMs - now) / 1000).toFixed(3);
    if (window.used >= limit) {
      rejected += 1;
      return { status: 429, body: { message: 'You are being rate limited.', retry_after: Number(resetAfter), global: false }, headers: { 'x-ratelimit-scope': 'user' } };
    }
    window.used += 1;
    const headers = {
      'x-ratelimit-bucket': 'roles-bucket',
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - window.used),
      'x-ratelimit-reset-after': resetAfter,
    };
    return { status: 200, body: [], headers };
  };
  return { script, rejected: () => rejected };
}

async function apiOn(baseUrl: string) {
  return createDiscordApi({ baseUrl, applicationId: APP, credentials: { botToken: 't' }, invalidRequestGuard: new InvalidRequestGuard() });
}

describe('rate limits against a server that enforces them', () => {
  it('sends nothing into a known, exhausted bucket: 0 429s, and waits for the reset (A2)', async () => {
    const buckets = bucketServer(2, 250);
    server = await startScriptedServer(buckets.script);
    const api = await apiOn(server.baseUrl);
    await api.getGuildRoles(guildId(1)); // learns the bucket
    await Promise.all(Array.from({ length: 9 }, () => api.getGuildRoles(guildId(1))));
    expect(buckets.rejected()).toBe(0);
    const times = server.requests.map((r) => r.at);
    // 10 requests at 2 per 250 ms: the last is at least 4 windows after the first.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(4 * 250 - 20);
  });

  it('keeps every 1-second window at 50 requests or fewer across many routes (A3)', async () => {
    server = await startScriptedServer(() => ({ status: 200, body: [] }));
    const api = await apiOn(server.baseUrl);
    await Promise.all(Array.from({ length: 130 }, (_, i) => api.getGuildRoles(guildId(i % 40))));
    const times = server.requests.map((r) => r.at).sort((a, b) => a - b);
    let most = 0;
    for (let start = 0, end = 0; end < times.length; end += 1) {
      while (times[end]! - times[start]! >= 1000) start += 1;
      most = Math.max(most, end - start + 1);
    }
    expect(most).toBeLessThanOrEqual(50);
    expect(times).toHaveLength(130);
  });

  it('waits retry_after (with its decimals) before the next attempt after a 429 (A4)', async () => {
    server = await startScriptedServer((_req, index) =>
      index === 0
        ? { status: 429, body: { message: 'You are being rate limited.', retry_after: 0.3, global: false }, headers: { 'retry-after': '1', 'x-ratelimit-scope': 'user' } }
        : { status: 200, body: [] },
    );
    const api = await apiOn(server.baseUrl);
    await api.getGuildRoles(guildId(1));
    const [first, second] = server.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(300);
  });

  it('pauses every queue after a global 429 (A4)', async () => {
    let globalAt = 0;
    server = await startScriptedServer((req, index) => {
      if (index === 0) {
        globalAt = req.at;
        return { status: 429, body: { message: 'You are being rate limited.', retry_after: 0.4, global: true }, headers: { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' } };
      }
      return { status: 200, body: [] };
    });
    let sawGlobalPause!: () => void;
    const globalPauseSeen = new Promise<void>((resolve) => (sawGlobalPause = resolve));
    const api = await createDiscordApi({
      baseUrl: server.baseUrl,
      applicationId: APP,
      credentials: { botToken: 't' },
      invalidRequestGuard: new InvalidRequestGuard(),
      debug: (line) => {
        if (line.includes('(global-429)')) sawGlobalPause();
      },
    });
    const first = api.getGuildRoles(guildId(1));
    // Another route, queued only once the client has seen the global 429.
    await globalPauseSeen;
    await Promise.all([first, api.getGuildRoles(guildId(2))]);
    const others = server.requests.slice(1);
    expect(others).toHaveLength(2);
    for (const req of others) expect(req.at - globalAt).toBeGreaterThanOrEqual(400);
  });
});
