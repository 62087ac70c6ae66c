import { describe, expect, it } from 'vitest';
import { assertTokenSafeUrl, authorizeOrigin, DISCORD_API_BASE, InsecureApiTargetError, resolveApiBase } from '../../source/api/target.js';

describe('API target', () => {
  it.each([
    [undefined, { kind: 'discord', baseUrl: DISCORD_API_BASE }],
    ['local', { kind: 'local' }],
    ['https://proxy.example/api/v10/', { kind: 'custom', baseUrl: 'https://proxy.example/api/v10' }],
    ['http://127.0.0.1:4000/api/v10', { kind: 'custom', baseUrl: 'http://127.0.0.1:4000/api/v10' }],
    ['http://[::1]:4000/api/v10', { kind: 'custom', baseUrl: 'http://[::1]:4000/api/v10' }],
    ['http://localhost:4000/api/v10', { kind: 'custom', baseUrl: 'http://localhost:4000/api/v10' }],
    // Discord whatever the version, path or subdomain: try refuses them all as live.
    ['https://discord.com/api/v9', { kind: 'discord', baseUrl: 'https://discord.com/api/v9' }],
    ['https://discord.com/api', { kind: 'discord', baseUrl: 'https://discord.com/api' }],
    ['https://canary.discord.com/api/v10', { kind: 'discord', baseUrl: 'https://canary.discord.com/api/v10' }],
    ['https://DISCORD.com./api/v10', { kind: 'discord', baseUrl: 'https://DISCORD.com./api/v10' }],
    ['https://discordapp.com/api/v10', { kind: 'discord', baseUrl: 'https://discordapp.com/api/v10' }],
    ['https://notdiscord.com/api/v10', { kind: 'custom', baseUrl: 'https://notdiscord.com/api/v10' }],
  ])('--api %s', (flag, target) => {
    expect(resolveApiBase(flag)).toEqual(target);
  });

  it.each(['http://example.com/api/v10', 'http://10.0.0.2/api/v10', 'ftp://127.0.0.1/api', 'not a url'])('refuses to send tokens to %s', (url) => {
    expect(() => resolveApiBase(url)).toThrow(InsecureApiTargetError);
    expect(() => assertTokenSafeUrl(url)).toThrow(/Refusing to send Discord tokens/);
  });

  it('never repeats a query string in the refusal', () => {
    expect(() => assertTokenSafeUrl('http://example.com/api?token=abc')).toThrow(/^(?!.*abc)/);
  });

  it('finds the consent page origin of an API base', () => {
    expect(authorizeOrigin(DISCORD_API_BASE)).toBe('https://discord.com');
    expect(authorizeOrigin('http://127.0.0.1:4000/api/v10')).toBe('http://127.0.0.1:4000');
  });
});
