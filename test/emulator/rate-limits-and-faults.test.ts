/** Rate-limit headers and 429s, seeded fault injection, and the /__emulator introspection routes. */
import { describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { parseFaultSpec } from '../../source/emulator/faults.js';
import { DISCORD_RATE_LIMITS } from '../../source/emulator/rate-limits.js';
import { bearer, botAuth, call, useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';

let now = Date.parse('2026-11-22T05:00:00Z');
const limited = useEmulator({
  clock: () => now,
  rateLimits: { global: { limit: 6, windowMs: 1000 }, read: { limit: 2, windowMs: 2500 }, write: { limit: 1, windowMs: 5000 } },
});
const unlimited = useEmulator({ rateLimits: 'off' });
let banClock = Date.parse('2026-11-22T05:00:00Z');
const banning = useEmulator({
  clock: () => banClock,
  rateLimits: { ...DISCORD_RATE_LIMITS, invalidRequests: { limit: 5, windowMs: 10 * 60_000, banMs: 60 * 60_000 } },
});
const faultyA = useEmulator({ faults: '500:0.25,503:0.15,429:0.1@1500,seed:7' });
const faultyB = useEmulator({ faults: '500:0.25,503:0.15,429:0.1@1500,seed:7' });
const faultyC = useEmulator({ faults: '500:0.25,503:0.15,429:0.1@1500,seed:8' });
const resetting = useEmulator({ faults: 'reset:1' });
const slow = useEmulator({ faults: 'slow:1@20' });

describe('rate limits', () => {
  it('sends bucket headers, then a per-route 429 with Retry-After and scope user; other guilds have their own bucket', async () => {
    const e = limited();
    const path = (i: number) => `/applications/${e.applicationId}/guilds/${e.guildIds[i]}/commands`;
    const first = await call(e, 'GET', path(0), { auth: botAuth(e) });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset-after')).toBe('2.500');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeCloseTo((now + 2500) / 1000, 3);
    const bucket = first.headers.get('x-ratelimit-bucket');
    expect(bucket).toMatch(/^[0-9a-f]{32}$/);
    await call(e, 'GET', path(0), { auth: botAuth(e) });
    const third = await call(e, 'GET', path(0), { auth: botAuth(e) });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: 'You are being rate limited.', retry_after: 2.5, global: false });
    expect(third.headers.get('retry-after')).toBe('3');
    expect(third.headers.get('x-ratelimit-scope')).toBe('user');
    const otherGuild = await call(e, 'GET', path(1), { auth: botAuth(e) });
    expect(otherGuild.status).toBe(200);
    expect(otherGuild.headers.get('x-ratelimit-bucket')).toBe(bucket);
    now += 2500;
    expect((await call(e, 'GET', path(0), { auth: botAuth(e) })).status).toBe(200);
  });

  it('limits each token globally: a global 429 without bucket headers', async () => {
    const e = limited();
    now += 10_000;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await call(e, 'GET', `/guilds/${e.guildIds[i % 3]}/roles`, { auth: bearer(e.userToken) });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 6).every((status) => status !== 429)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.global).toBe(true);
    expect(last!.headers.get('x-ratelimit-global')).toBe('true');
    expect(last!.headers.get('x-ratelimit-scope')).toBe('global');
    expect(last!.headers.get('x-ratelimit-bucket')).toBeNull();
    // Another token is not affected.
    expect((await call(e, 'GET', '/applications/@me', { auth: botAuth(e) })).status).toBe(200);
  });

  it('--rate-limits off sends no rate-limit headers', async () => {
    const e = unlimited();
    const response = await call(e, 'GET', '/applications/@me', { auth: botAuth(e) });
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('the invalid-request limit (DOCS/RL: 10,000 invalid answers per 10 minutes, then a temporary ban)', () => {
  it('is Discord\'s by default', () => {
    expect(DISCORD_RATE_LIMITS.invalidRequests).toMatchObject({ limit: 10_000, windowMs: 600_000 });
  });

  it('bans the IP after the limit of 401/403/429 answers: a bodied 429 without rate-limit headers, until the ban ends', async () => {
    const e = banning();
    for (let i = 0; i < 4; i += 1) expect((await call(e, 'GET', '/users/@me', { auth: 'Bot wrong-token' })).status).toBe(401);
    // Answers that are not invalid do not count.
    expect((await call(e, 'GET', '/applications/@me', { auth: botAuth(e) })).status).toBe(200);
    expect((await call(e, 'GET', '/users/@me', { auth: 'Bot wrong-token' })).status).toBe(401);
    const banned = await call(e, 'GET', '/applications/@me', { auth: botAuth(e) });
    expect(banned.status).toBe(429);
    expect(banned.body).toEqual({ code: 0, message: expect.stringContaining('You are being blocked from accessing our API temporarily') });
    for (const header of ['via', 'retry-after', 'x-ratelimit-bucket', 'x-ratelimit-scope']) expect(banned.headers.get(header), header).toBeNull();
    banClock += 60 * 60_000;
    expect((await call(e, 'GET', '/applications/@me', { auth: botAuth(e) })).status).toBe(200);
  });

  it('forgets invalid answers older than the window', async () => {
    const e = banning();
    banClock += 2 * 60 * 60_000;
    for (let i = 0; i < 4; i += 1) await call(e, 'GET', '/users/@me', { auth: 'Bot wrong-token' });
    banClock += 10 * 60_000 + 1;
    for (let i = 0; i < 4; i += 1) await call(e, 'GET', '/users/@me', { auth: 'Bot wrong-token' });
    expect((await call(e, 'GET', '/applications/@me', { auth: botAuth(e) })).status).toBe(200);
  });
});

describe('faults', () => {
  async function statuses(e: ReturnType<typeof faultyA>, count: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await call(e, 'GET', '/applications/@me', { auth: botAuth(e) })).status);
    return out;
  }

  it('the same seed gives the same faults in the same order; another seed differs', async () => {
    const a = await statuses(faultyA(), 40);
    const b = await statuses(faultyB(), 40);
    const c = await statuses(faultyC(), 40);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(new Set(a)).toEqual(new Set([200, 500, 503, 429]));
  });

  it('an injected 429 is a shared-scope limit with the configured retry_after', async () => {
    const e = faultyA();
    for (let i = 0; i < 100; i++) {
      const response = await call(e, 'GET', '/applications/@me', { auth: botAuth(e) });
      if (response.status !== 429) continue;
      expect(response.body).toEqual({ message: 'The resource is being rate limited.', retry_after: 1.5, global: false });
      expect(response.headers.get('x-ratelimit-scope')).toBe('shared');
      expect(response.headers.get('retry-after')).toBe('2');
      return;
    }
    throw new Error('no 429 in 100 requests');
  });

  it('reset drops the connection; slow still answers', async () => {
    const e = resetting();
    await expect(fetch(`${e.baseUrl}/applications/@me`, { headers: { authorization: botAuth(e) } })).rejects.toThrow();
    const s = slow();
    expect((await call(s, 'GET', '/applications/@me', { auth: botAuth(s) })).status).toBe(200);
  });

  it('rejects malformed specs with a message that says what to write', () => {
    expect(() => parseFaultSpec('500')).toThrow(/kind:rate/);
    expect(() => parseFaultSpec('teapot:0.1')).toThrow(/unknown fault/);
    expect(() => parseFaultSpec('500:0.7,503:0.7')).toThrow(/at most 1/);
    expect(parseFaultSpec('slow:0.05@2000,seed:42')).toEqual({ rules: [{ kind: 'slow', rate: 0.05, ms: 2000 }], seed: 42 });
  });
});

describe('introspection', () => {
  it('logs method, path, status and auth kind, never token values', async () => {
    const e = unlimited();
    await call(e, 'GET', `/applications/${e.applicationId}/commands`, { auth: botAuth(e), headers: { 'User-Agent': 'DiscordBot (https://example.test, 1.0)' } });
    await call(e, 'GET', '/users/@me', { auth: bearer(e.userToken) });
    await call(e, 'GET', '/users/@me', { auth: bearer('wrong') });
    const log = await callControl(e, 'GET', '/__emulator/requests');
    expect(log.status).toBe(200);
    expect(log.body.slice(-3)).toEqual([
      expect.objectContaining({ method: 'GET', path: `/api/v10/applications/${e.applicationId}/commands`, status: 200, auth: 'bot', userAgent: 'DiscordBot (https://example.test, 1.0)' }),
      expect.objectContaining({ path: '/api/v10/users/@me', status: 200, auth: 'user' }),
      expect.objectContaining({ path: '/api/v10/users/@me', status: 401, auth: 'invalid' }),
    ]);
    expect(log.text).not.toContain(e.botToken);
    expect(log.text).not.toContain(e.userToken);
    expect(log.text).not.toContain('wrong');
  });

  it('reset restores the seeded state', async () => {
    const e = unlimited();
    const path = `/applications/${e.applicationId}/commands`;
    const before = await call(e, 'GET', path, { auth: botAuth(e) });
    await call(e, 'POST', path, { auth: botAuth(e), json: { name: 'temporary', description: 'gone after reset' } });
    expect((await callControl(e, 'POST', '/__emulator/reset')).status).toBe(204);
    const after = await call(e, 'GET', path, { auth: botAuth(e) });
    expect(after.body.map((c: { id: string }) => c.id)).toEqual(before.body.map((c: { id: string }) => c.id));
    expect((await callControl(e, 'GET', '/__emulator/requests')).body).toHaveLength(1);
  });
});
