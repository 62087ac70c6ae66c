/** The Host header read as a name and a port (discord/host-header.ts), which the emulator and the sign-in listener judge. */
import { describe, expect, it } from 'vitest';
import { formatHost, isIpAddress, isLocalhostName, isLoopbackName, parseHostHeader } from '../../source/discord/host-header.js';

describe('parseHostHeader', () => {
  it.each([
    ['127.0.0.1:8080', { name: '127.0.0.1', port: 8080 }],
    ['LocalHost.:80', { name: 'localhost', port: 80 }],
    ['[::1]:9000', { name: '::1', port: 9000 }],
    ['[::ffff:127.0.0.1]', { name: '::ffff:7f00:1' }],
    // Loopback as other spellings write it, read as the address a browser sends for it.
    ['127.1:4010', { name: '127.0.0.1', port: 4010 }],
    ['2130706433', { name: '127.0.0.1' }],
    ['0x7f000001:80', { name: '127.0.0.1', port: 80 }],
    ['0177.0.0.1', { name: '127.0.0.1' }],
    ['127.0.0.1.', { name: '127.0.0.1' }],
    ['[0:0:0:0:0:0:0:1]:9000', { name: '::1', port: 9000 }],
    ['host.docker.internal', { name: 'host.docker.internal' }],
    ['evil.example:3000', { name: 'evil.example', port: 3000 }],
  ])('%j → %j', (header, host) => {
    expect(parseHostHeader(header)).toEqual(host);
  });

  it.each([undefined, '', ' ', 'a b', 'evil.example:99999', 'evil.example:', '::1', '[evil.example]', 'user@host', 'a..b', 'host:1:2', '[::1', 'http://x', 'foo.0x1', '1.2.3.4.5', '999999999999', '[::1::2]'])('%j is no host', (header) => {
    expect(parseHostHeader(header)).toBeUndefined();
  });
});

describe('what can and cannot be a rebinding', () => {
  it.each([
    ['127.0.0.1', true],
    ['192.168.1.5', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['localhost', false],
    ['evil.example', false],
  ])('isIpAddress(%j) is %s', (name, expected) => {
    expect(isIpAddress(name)).toBe(expected);
  });

  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['localhost.evil.example', false],
    ['notlocalhost', false],
  ])('isLocalhostName(%j) is %s', (name, expected) => {
    expect(isLocalhostName(name)).toBe(expected);
  });

  it('formats a host back for a URL, brackets around IPv6', () => {
    expect(formatHost({ name: '::1', port: 80 })).toBe('[::1]:80');
    expect(formatHost({ name: 'localhost' })).toBe('localhost');
  });
});

describe('isLoopbackName', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.3.2.1', true],
    ['::1', true],
    ['app.localhost', false],
    ['128.0.0.1', false],
    ['127.0.0.1.evil.example', false],
    ['::ffff:127.0.0.1', false],
  ])('%j is %s', (name, expected) => {
    expect(isLoopbackName(name)).toBe(expected);
  });
});
