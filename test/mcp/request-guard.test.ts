/** The Streamable HTTP door's Host and Origin checks (DNS-rebinding protection), case by case. */
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../../source/mcp/request-guard.js';

const PORT = 8765;

describe('checkRequest', () => {
  it.each([
    ['127.0.0.1:8765', undefined],
    ['localhost:8765', undefined],
    ['[::1]:8765', undefined],
    ['localhost', undefined],
    ['127.0.0.1:8765', 'http://127.0.0.1:8765'],
    ['localhost:8765', 'http://localhost:8765'],
    ['127.0.0.1:8765', 'http://[::1]:8765'],
    // Loopback as other spellings write it, read as the emulator reads it (discord/host-header.ts).
    ['127.1:8765', undefined],
    ['2130706433:8765', undefined],
    ['0x7f000001:8765', undefined],
    ['[0:0::1]:8765', 'http://127.1:8765'],
  ])('answers Host %s with Origin %s', (host, origin) => {
    expect(checkRequest({ host, origin }, PORT)).toEqual({ ok: true });
  });

  it.each([
    ['evil.example.com:8765'],
    ['evil.example.com'],
    ['127.0.0.1.nip.io:8765'],
    ['localhost.evil.example.com'],
    ['127.0.0.2:8765'],
  ])('refuses Host %s with 421', (host) => {
    expect(checkRequest({ host }, PORT)).toMatchObject({ ok: false, status: 421 });
  });

  it.each([[undefined], [''], [' '], ['user@127.0.0.1:8765'], ['127.0.0.1:8765/path'], ['foo.0x1']])('refuses Host %j, which names no host, with 400', (host) => {
    expect(checkRequest({ host }, PORT)).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('address it to 127.0.0.1:8765') });
  });

  it.each([
    ['http://evil.example.com'],
    ['http://127.0.0.1:8766'],
    ['http://localhost'],
    ['https://127.0.0.1:8765'],
    ['null'],
    ['file://'],
    [''],
  ])('refuses Origin %s with 403', (origin) => {
    expect(checkRequest({ host: '127.0.0.1:8765', origin }, PORT)).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses more than one Origin', () => {
    expect(checkRequest({ host: '127.0.0.1:8765', origin: ['http://127.0.0.1:8765', 'http://evil.example.com'] }, PORT)).toMatchObject({ ok: false, status: 403 });
  });
});
