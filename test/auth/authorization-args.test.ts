import { describe, expect, it } from 'vitest';
import { AuthorizationArgs, authorizeUrl, customSchemeRedirect } from '../../source/auth/authorization-args.js';
import { defaultCommunicationScopes, defaultPresenceScopes, permissionsScopes } from '../../source/auth/scopes.js';

describe('AuthorizationArgs', () => {
  it('has the SDK presets', () => {
    expect(defaultCommunicationScopes()).toBe('openid sdk.social_layer');
    expect(defaultPresenceScopes()).toBe('openid sdk.social_layer_presence');
    expect(permissionsScopes()).toBe('applications.commands.permissions.update identify guilds');
  });

  it('has a getter and a setX setter for every property of the SDK table', () => {
    const args = new AuthorizationArgs()
      .setClientId('123')
      .setScopes('identify')
      .setState('s')
      .setNonce('n')
      .setCodeChallenge({ method: 'S256', challenge: 'c' })
      .setIntegrationType(1)
      .setCustomSchemeParam('mygame');
    expect([args.clientId, args.scopes, args.state, args.nonce, args.codeChallenge, args.integrationType, args.customSchemeParam]).toEqual([
      '123',
      'identify',
      's',
      'n',
      { method: 'S256', challenge: 'c' },
      1,
      'mygame',
    ]);
  });

  it.each([
    ['no scopes', new AuthorizationArgs(), false],
    ['blank scopes', new AuthorizationArgs().setScopes('  '), false],
    ['non-numeric client id', new AuthorizationArgs().setScopes('identify').setClientId('abc'), false],
    ['bad scheme', new AuthorizationArgs().setScopes('identify').setCustomSchemeParam('1bad scheme'), false],
    ['scopes only (client id from the session)', new AuthorizationArgs().setScopes('identify'), true],
    ['complete', new AuthorizationArgs().setScopes(permissionsScopes()).setClientId('123'), true],
  ])('isValid: %s → %s', (_name, args, expected) => {
    expect(args.isValid()).toBe(expected);
  });

  it('clones independently, and nullobj is invalid and unchangeable', () => {
    const original = new AuthorizationArgs().setScopes('identify');
    const copy = original.clone().setScopes('guilds');
    expect(original.scopes).toBe('identify');
    expect(copy.scopes).toBe('guilds');
    expect(AuthorizationArgs.nullobj.isValid()).toBe(false);
    expect(() => AuthorizationArgs.nullobj.setScopes('identify')).toThrow(TypeError);
  });

  it('builds a code-flow URL with PKCE and never the implicit grant (B11)', () => {
    const args = new AuthorizationArgs().setClientId('123').setScopes('identify guilds').setState('st').setCodeChallenge({ method: 'S256', challenge: 'ch' });
    const url = new URL(authorizeUrl('https://discord.com', args, 'http://127.0.0.1:5000/callback'));
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: '123',
      scope: 'identify guilds',
      redirect_uri: 'http://127.0.0.1:5000/callback',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
    expect(url.search).toContain('scope=identify%20guilds');
  });

  it('derives the custom-scheme redirect', () => {
    expect(customSchemeRedirect(new AuthorizationArgs(), '42')).toBe('discord-42:/authorize/callback');
    expect(customSchemeRedirect(new AuthorizationArgs().setCustomSchemeParam('mygame'), '42')).toBe('mygame:/authorize/callback');
  });
});
