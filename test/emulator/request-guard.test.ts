/** What the emulator refuses before any route (emulator/request-guard.ts), one rule per row. */
import { describe, expect, it } from 'vitest';
import { guardRequest, guardRules } from '../../source/emulator/request-guard.js';

const rules = guardRules('127.0.0.1', ['host.docker.internal'], 'the-secret');
const statusOf = (headers: Record<string, string>, control = false, method = 'GET') => guardRequest(rules, { method, headers }, control)?.status;

describe('Host', () => {
  it.each([
    ['127.0.0.1:4010', undefined],
    ['localhost:4010', undefined],
    ['[::1]:4010', undefined],
    ['192.168.1.5:4010', undefined],
    ['app.localhost:4010', undefined],
    ['host.docker.internal:4010', undefined],
    ['HOST.DOCKER.INTERNAL.:4010', undefined],
    ['evil.example:4010', 421],
    ['localhost.evil.example:4010', 421],
    // Loopback in the spellings a URL takes is the loopback address, answered as it.
    ['127.1:4010', undefined],
    ['2130706433:4010', undefined],
    ['0x7f000001:4010', undefined],
    ['[0:0::1]:4010', undefined],
    // No host at all, or one that is not a host: a bad request.
    ['', 400],
    [' ', 400],
    ['foo.0x1:4010', 400],
    ['a b', 400],
  ])('%j → %s', (host, status) => {
    expect(statusOf({ host })).toBe(status);
  });

  it('answers a request without a Host, or with an empty one, in Discord’s shape, saying what to send', () => {
    for (const headers of [{}, { host: '' }]) {
      expect(guardRequest(rules, { headers }, false)?.body).toEqual({ message: expect.stringMatching(/^400: Bad Request \(the request has no Host header: .*Host: 127\.0\.0\.1:PORT/), code: 0 });
    }
  });

  it('answers a foreign name in Discord’s shape, saying how to allow it', () => {
    expect(guardRequest(rules, { headers: { host: 'evil.example:4010' } }, false)?.body).toEqual({
      message: expect.stringMatching(/^421: Misdirected Request \(.*evil\.example:4010 is not one of its names.*--allow-host evil\.example\)$/),
      code: 0,
    });
  });

  it('answers the name it was bound to', () => {
    expect(guardRequest(guardRules('devbox.lan', [], 's'), { headers: { host: 'devbox.lan:4010' } }, false)).toBeUndefined();
  });
});

describe('Origin', () => {
  it.each([
    [undefined, undefined],
    ['http://127.0.0.1:4010', undefined],
    ['http://127.0.0.1:4011', 403],
    ['http://localhost:4010', 403],
    ['https://127.0.0.1:4010', 403],
    ['http://evil.example', 403],
    ['null', 403],
  ])('%j on a request to 127.0.0.1:4010 → %s', (origin, status) => {
    expect(statusOf({ host: '127.0.0.1:4010', ...(origin === undefined ? {} : { origin }) })).toBe(status);
  });

  it('takes the default port as the same one', () => {
    expect(statusOf({ host: 'localhost', origin: 'http://localhost:80' })).toBeUndefined();
  });
});

describe('Sec-Fetch-Site without an Origin', () => {
  it.each([
    ['POST', 'cross-site', 403],
    ['DELETE', 'same-site', 403],
    ['PUT', 'cross-site', 403],
    ['POST', 'same-origin', undefined],
    ['POST', 'none', undefined],
    ['GET', 'cross-site', undefined],
    ['HEAD', 'cross-site', undefined],
  ])('a %s marked %s → %s', (method, site, status) => {
    expect(statusOf({ host: '127.0.0.1:4010', 'sec-fetch-site': site }, false, method)).toBe(status);
  });

  it('a program sends neither header and is let through', () => {
    expect(statusOf({ host: '127.0.0.1:4010' }, false, 'POST')).toBeUndefined();
  });
});

describe('the control secret of /__emulator/*', () => {
  it.each([
    [{}, 403],
    [{ 'x-emulator-secret': 'the-secret' }, undefined],
    [{ 'x-emulator-secret': 'the-secreT' }, 403],
    [{ 'x-emulator-secret': 'the-secret ' }, 403],
    [{ 'x-emulator-secret': '' }, 403],
  ])('%j → %s', (headers, status) => {
    expect(statusOf({ host: '127.0.0.1:4010', ...headers }, true)).toBe(status);
  });

  it('is asked only of the control routes', () => {
    expect(statusOf({ host: '127.0.0.1:4010' }, false)).toBeUndefined();
  });
});
