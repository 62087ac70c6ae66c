/** OAuth2 over real HTTP: consent page, form approval, code exchange with and without PKCE, refresh, client credentials, revoke, negatives. */
import { createLocalJWKSet, jwtVerify } from 'jose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearer, botAuth, call, useEmulator } from '../helpers/emulator.js';

let now = Date.parse('2026-11-22T05:00:00Z');
const emulator = useEmulator({ clock: () => now });

// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const LOOPBACK = 'http://127.0.0.1:53682/callback';

function basic() {
  const e = emulator();
  return `Basic ${Buffer.from(`${e.clientId}:${e.clientSecret}`).toString('base64')}`;
}

function authorizeFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: emulator().clientId,
    scope: 'identify guilds applications.commands.permissions.update',
    state: 'st-123',
    redirect_uri: LOOPBACK,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The documented script approval: POST the authorize parameters plus action=authorize. */
async function approve(overrides: Record<string, string | undefined> = {}, extra: Record<string, string> = {}) {
  const response = await call(emulator(), 'POST', '/oauth2/authorize', { form: { ...authorizeFields(overrides), action: 'authorize', ...extra } });
  return { response, location: new URL(response.headers.get('location') ?? 'about:blank') };
}

async function exchange(code: string, fields: Record<string, string> = {}, auth?: string) {
  return call(emulator(), 'POST', '/api/v10/oauth2/token', {
    auth,
    form: { grant_type: 'authorization_code', code, redirect_uri: LOOPBACK, client_id: emulator().clientId, code_verifier: VERIFIER, ...fields },
  });
}

describe('consent page', () => {
  it('serves escaped HTML naming the app, the scopes and both buttons', async () => {
    const query = new URLSearchParams(authorizeFields({ state: '"><script>alert(1)</script>' }));
    const page = await call(emulator(), 'GET', `/oauth2/authorize?${query}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('Pixel Pal');
    expect(page.text).toContain('applications.commands.permissions.update');
    expect(page.text).toContain('value="authorize"');
    expect(page.text).toContain('value="cancel"');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    // form-action would block the redirect to the app's URI that follows the POST (Chromium enforces it).
    expect(page.headers.get('content-security-policy')).not.toContain('form-action');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.text).toContain('&#34;&#62;&#60;script&#62;');
    const api = await call(emulator(), 'GET', `/api/oauth2/authorize?${query}`);
    expect(api.status).toBe(200);
  });

  it('answers a HEAD as the GET of the same page, without a body (a link checker, a browser probing it)', async () => {
    const query = new URLSearchParams(authorizeFields());
    const page = await fetch(`${emulator().origin}/oauth2/authorize?${query}`, { method: 'HEAD' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toBe('');
    const refused = await fetch(`${emulator().origin}/oauth2/authorize?${new URLSearchParams(authorizeFields({ client_id: '1' }))}`, { method: 'HEAD' });
    const asGet = await call(emulator(), 'GET', `/oauth2/authorize?${new URLSearchParams(authorizeFields({ client_id: '1' }))}`);
    expect(refused.status).toBe(asGet.status);
    expect(await refused.text()).toBe('');
  });

  it('escapes every request value it shows (generated hostile strings)', async () => {
    const markup = (html: string) => [...html].filter((char) => '<>"'.includes(char)).length;
    const page = (state: string, nonce: string) => call(emulator(), 'GET', `/oauth2/authorize?${new URLSearchParams(authorizeFields({ state, nonce }))}`);
    const baseline = markup((await page('q', 'q')).text);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom('<', '>', '"', "'", '&', 'a', ' ', '/', '='), minLength: 1, maxLength: 30 }), async (hostile) => {
        const response = await page(hostile, hostile);
        expect(response.status).toBe(200);
        // Markup characters come only from the template: none from the input survives unescaped.
        expect(markup(response.text)).toBe(baseline);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses unknown clients and unregistered redirect URIs on the page, without redirecting', async () => {
    const badClient = await call(emulator(), 'GET', `/oauth2/authorize?${new URLSearchParams(authorizeFields({ client_id: '1' }))}`);
    expect(badClient.status).toBe(400);
    const badRedirect = await call(emulator(), 'GET', `/oauth2/authorize?${new URLSearchParams(authorizeFields({ redirect_uri: 'https://evil.example/cb' }))}`);
    expect(badRedirect.status).toBe(400);
    expect(badRedirect.headers.get('location')).toBeNull();
  });

  it('Cancel redirects with error=access_denied and the state', async () => {
    const response = await call(emulator(), 'POST', '/oauth2/authorize', { form: { ...authorizeFields(), action: 'cancel' } });
    const location = new URL(response.headers.get('location')!);
    expect(response.status).toBe(302);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-123');
  });

  it.each([
    ['implicit grant', { response_type: 'token' }, 'unsupported_response_type'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['unknown scope', { scope: 'identify everything' }, 'invalid_scope'],
    ['unknown integration type', { integration_type: '7' }, 'invalid_request'],
    ['custom scheme without PKCE', { redirect_uri: 'pixelpal:/authorize/callback', code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
  ])('redirects %s back with an OAuth error', async (_name, overrides, error) => {
    const { response, location } = await approve(overrides);
    expect(response.status).toBe(302);
    expect(location.searchParams.get('error')).toBe(error);
  });
});

describe('authorization code', () => {
  it('public client: PKCE exchange without a secret; any loopback port matches the port-less registration', async () => {
    const { location } = await approve();
    expect(`${location.origin}${location.pathname}`).toBe(LOOPBACK);
    expect(location.searchParams.get('state')).toBe('st-123');
    const code = location.searchParams.get('code')!;
    const tokens = await exchange(code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: 'identify guilds applications.commands.permissions.update' });
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    const me = await call(emulator(), 'GET', '/users/@me', { auth: bearer(tokens.body.access_token) });
    expect(me.body.id).toBe(emulator().seeded.adminUserId);
    const authorization = await call(emulator(), 'GET', '/oauth2/@me', { auth: bearer(tokens.body.access_token) });
    expect(authorization.body).toMatchObject({ application: { id: emulator().applicationId }, scopes: ['identify', 'guilds', 'applications.commands.permissions.update'] });
    expect(authorization.body.user.id).toBe(emulator().seeded.adminUserId);
  });

  it('prompt=none skips the page once the scopes were approved, and answers consent_required before', async () => {
    const query = (scope: string) => `/oauth2/authorize?${new URLSearchParams(authorizeFields({ scope, prompt: 'none' }))}`;
    const never = await call(emulator(), 'GET', query('identify email'));
    expect(new URL(never.headers.get('location')!).searchParams.get('error')).toBe('consent_required');
    await approve({ scope: 'identify' });
    const silent = await call(emulator(), 'GET', query('identify'));
    expect(silent.status).toBe(302);
    expect(new URL(silent.headers.get('location')!).searchParams.get('code')).toEqual(expect.any(String));
  });

  it('codes are single use: a replay fails and revokes what the code minted', async () => {
    const { location } = await approve();
    const code = location.searchParams.get('code')!;
    const first = await exchange(code);
    expect(first.status).toBe(200);
    const replay = await exchange(code);
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    expect((await call(emulator(), 'GET', '/users/@me', { auth: bearer(first.body.access_token) })).status).toBe(401);
  });

  it('codes expire after 10 minutes', async () => {
    const { location } = await approve();
    now += 10 * 60 * 1000 + 1;
    const late = await exchange(location.searchParams.get('code')!);
    expect(late.body.error).toBe('invalid_grant');
  });

  it.each([
    ['a wrong verifier', { code_verifier: 'x'.repeat(43) }, 'invalid_grant'],
    ['a short verifier', { code_verifier: 'short' }, 'invalid_request'],
    ['a verifier over 128 characters', { code_verifier: 'v'.repeat(129) }, 'invalid_request'],
    ['a missing verifier', { code_verifier: undefined }, 'invalid_grant'],
    ['a different redirect_uri', { redirect_uri: 'http://127.0.0.1:1/callback' }, 'invalid_grant'],
  ])('rejects %s', async (_name, fields, error) => {
    const { location } = await approve();
    const form: Record<string, string> = {
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: LOOPBACK,
      client_id: emulator().clientId,
      code_verifier: VERIFIER,
    };
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) delete form[key];
      else form[key] = value;
    }
    const response = await call(emulator(), 'POST', '/api/v10/oauth2/token', { form });
    expect([response.status, response.body.error]).toEqual([400, error]);
  });

  it('confidential client: Basic auth without PKCE; a public exchange without PKCE is refused; PKCE downgrade is refused', async () => {
    const { location } = await approve({ code_challenge: undefined, code_challenge_method: undefined });
    const code = location.searchParams.get('code')!;
    const noSecret = await exchange(code, { code_verifier: '' }, undefined);
    expect(noSecret.status).toBe(400);
    const second = await approve({ code_challenge: undefined, code_challenge_method: undefined });
    const secondCode = second.location.searchParams.get('code')!;
    const downgrade = await call(emulator(), 'POST', '/api/oauth2/token', {
      auth: basic(),
      form: { grant_type: 'authorization_code', code: secondCode, redirect_uri: LOOPBACK, code_verifier: VERIFIER },
    });
    expect(downgrade.body.error).toBe('invalid_grant');
    const third = await approve({ code_challenge: undefined, code_challenge_method: undefined });
    const ok = await call(emulator(), 'POST', '/api/oauth2/token', {
      auth: basic(),
      form: { grant_type: 'authorization_code', code: third.location.searchParams.get('code')!, redirect_uri: LOOPBACK },
    });
    expect(ok.status).toBe(200);
    const wrongSecret = await call(emulator(), 'POST', '/api/oauth2/token', {
      auth: `Basic ${Buffer.from(`${emulator().clientId}:nope`).toString('base64')}`,
      form: { grant_type: 'client_credentials', scope: 'applications.commands.update' },
    });
    expect([wrongSecret.status, wrongSecret.body.error]).toEqual([401, 'invalid_client']);
  });

  it('custom-scheme redirects work with PKCE', async () => {
    const redirect = `discord-${emulator().applicationId}:/authorize/callback`;
    const { location } = await approve({ redirect_uri: redirect });
    expect(location.protocol).toBe(`discord-${emulator().applicationId}:`);
    const tokens = await exchange(location.searchParams.get('code')!, { redirect_uri: redirect });
    expect(tokens.status).toBe(200);
  });

  it('openid adds an RS256 id_token whose key the discovery document publishes, with sub, aud and nonce', async () => {
    const { location } = await approve({ scope: 'openid identify', nonce: 'n-42' });
    const tokens = await exchange(location.searchParams.get('code')!);
    const discovery = await call(emulator(), 'GET', `${emulator().origin}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(discovery.body).toMatchObject({ issuer: emulator().origin, id_token_signing_alg_values_supported: ['RS256'] });
    const keys = await call(emulator(), 'GET', discovery.body.jwks_uri);
    expect(keys.body.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })]);
    expect(keys.body.keys[0]).not.toHaveProperty('d');
    const { payload, protectedHeader } = await jwtVerify(tokens.body.id_token, createLocalJWKSet(keys.body), {
      issuer: emulator().origin,
      audience: emulator().clientId,
      // The emulator's clock, not the machine's: the token expires 7 days after `now`, whatever today is.
      currentDate: new Date(now),
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: keys.body.keys[0].kid });
    expect(payload).toMatchObject({ sub: emulator().seeded.adminUserId, nonce: 'n-42' });
  });

  it('a script can sign in as the seeded member (user_id) who then lacks MANAGE_GUILD', async () => {
    const { location } = await approve({}, { user_id: emulator().seeded.memberUserId });
    const tokens = await exchange(location.searchParams.get('code')!);
    const me = await call(emulator(), 'GET', '/users/@me', { auth: bearer(tokens.body.access_token) });
    expect(me.body.id).toBe(emulator().seeded.memberUserId);
  });

  it('accepts only form bodies at the token endpoint: a JSON body answers unsupported_grant_type, as on Discord', async () => {
    // https://github.com/discord/discord-api-docs/issues/645 and #5249 (open): the grant type is read from the form first.
    const response = await call(emulator(), 'POST', '/api/oauth2/token', { json: { grant_type: 'client_credentials' } });
    expect([response.status, response.body]).toEqual([400, { error: 'unsupported_grant_type', error_description: 'Grant type None is not supported' }]);
  });

  it('names an unknown grant type in its error_description', async () => {
    const response = await call(emulator(), 'POST', '/api/oauth2/token', { form: { grant_type: 'password' } });
    expect([response.status, response.body]).toEqual([400, { error: 'unsupported_grant_type', error_description: 'Grant type password is not supported' }]);
  });

  it('sends Cache-Control: no-store and Pragma: no-cache on every token answer, success or error (RFC 6749 §5.1)', async () => {
    const e = emulator();
    const basic = (secret: string) => `Basic ${Buffer.from(`${e.clientId}:${secret}`).toString('base64')}`;
    const answers = await Promise.all([
      call(e, 'POST', '/api/oauth2/token', { auth: basic(e.clientSecret), form: { grant_type: 'client_credentials', scope: 'applications.commands.update' } }),
      call(e, 'POST', '/api/oauth2/token', { auth: basic('not-the-secret'), form: { grant_type: 'client_credentials', scope: 'identify' } }),
      call(e, 'POST', '/api/oauth2/token', { auth: basic(e.clientSecret), form: { grant_type: 'authorization_code', code: 'never-issued', redirect_uri: e.redirectUris[0]! } }),
      call(e, 'POST', '/api/oauth2/token', { form: {} }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 400, 400]);
    for (const answer of answers) {
      expect([answer.headers.get('cache-control'), answer.headers.get('pragma')]).toEqual(['no-store', 'no-cache']);
    }
  });
});

describe('refresh, client credentials, revoke', () => {
  it('refresh rotates: the old pair stops working, an unknown refresh token is invalid_grant', async () => {
    const { location } = await approve();
    const first = await exchange(location.searchParams.get('code')!);
    const refreshed = await call(emulator(), 'POST', '/api/oauth2/token', {
      form: { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id: emulator().clientId },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await call(emulator(), 'GET', '/users/@me', { auth: bearer(first.body.access_token) })).status).toBe(401);
    expect((await call(emulator(), 'GET', '/users/@me', { auth: bearer(refreshed.body.access_token) })).status).toBe(200);
    const reuse = await call(emulator(), 'POST', '/api/oauth2/token', {
      form: { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id: emulator().clientId },
    });
    expect(reuse.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request' });
  });

  it('client credentials: Basic auth, no refresh token, may manage commands but not permissions', async () => {
    const e = emulator();
    const cc = await call(e, 'POST', '/api/v10/oauth2/token', { auth: basic(), form: { grant_type: 'client_credentials', scope: 'applications.commands.update' } });
    expect(cc.status).toBe(200);
    expect(cc.body).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: 'applications.commands.update' });
    expect(cc.body).not.toHaveProperty('refresh_token');
    const list = await call(e, 'GET', `/applications/${e.applicationId}/commands`, { auth: bearer(cc.body.access_token) });
    expect(list.status).toBe(200);
    const commandId = list.body[0].id;
    const put = await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${e.guildIds[0]}/commands/${commandId}/permissions`, {
      auth: bearer(cc.body.access_token),
      json: { permissions: [] },
    });
    expect([put.status, put.body.code]).toEqual([403, 50026]);
    const badScope = await call(e, 'POST', '/api/oauth2/token', { auth: basic(), form: { grant_type: 'client_credentials', scope: 'applications.commands.permissions.update' } });
    expect(badScope.body.error).toBe('invalid_scope');
    const identifyOnly = await call(e, 'POST', '/api/oauth2/token', { auth: basic(), form: { grant_type: 'client_credentials', scope: 'identify' } });
    const noScope = await call(e, 'GET', `/applications/${e.applicationId}/commands`, { auth: bearer(identifyOnly.body.access_token) });
    expect([noScope.status, noScope.body.code]).toEqual([403, 50026]);
  });

  it('revoking the refresh token revokes the whole authorization', async () => {
    const { location } = await approve();
    const tokens = await exchange(location.searchParams.get('code')!);
    const revoked = await call(emulator(), 'POST', '/api/oauth2/token/revoke', {
      auth: basic(),
      form: { token: tokens.body.refresh_token, token_type_hint: 'refresh_token' },
    });
    expect(revoked.status).toBe(200);
    const after = await call(emulator(), 'GET', '/oauth2/@me', { auth: bearer(tokens.body.access_token) });
    expect([after.status, after.body.code]).toEqual([401, 50025]);
  });

  it('a token without applications.commands.permissions.update cannot edit permissions (50026)', async () => {
    const { location } = await approve({ scope: 'identify' });
    const tokens = await exchange(location.searchParams.get('code')!);
    const e = emulator();
    const list = await call(e, 'GET', `/applications/${e.applicationId}/commands`, { auth: botAuth(e) });
    const put = await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${e.guildIds[0]}/commands/${list.body[0].id}/permissions`, {
      auth: bearer(tokens.body.access_token),
      json: { permissions: [] },
    });
    expect([put.status, put.body.code]).toEqual([403, 50026]);
  });
});

describe('the "add to server" flow (install address of a 50001 hint)', () => {
  const installFields = () => ({ client_id: emulator().clientId, scope: 'bot applications.commands', guild_id: emulator().seeded.uninstalledGuildId, disable_guild_select: 'true' });
  const commandsOfUninstalled = () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${emulator().seeded.uninstalledGuildId}/commands`, { auth: botAuth(emulator()) });

  it('shows the guild on the consent page; a member without Manage Server is refused; cancel adds nothing', async () => {
    const page = await call(emulator(), 'GET', `/oauth2/authorize?${new URLSearchParams(installFields())}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('will be added to Not Installed Yet');
    const member = await call(emulator(), 'POST', '/oauth2/authorize', { form: { ...installFields(), action: 'authorize', user_id: emulator().seeded.memberUserId } });
    expect(member.status).toBe(403);
    const cancelled = await call(emulator(), 'POST', '/oauth2/authorize', { form: { ...installFields(), action: 'cancel' } });
    expect(cancelled.text).toContain('was not added');
    expect((await commandsOfUninstalled()).body.code).toBe(50001);
  });

  it('authorizing installs the app and its bot: the guild commands answer', async () => {
    const added = await call(emulator(), 'POST', '/oauth2/authorize', { form: { ...installFields(), action: 'authorize' } });
    expect(added.text).toContain('was added to Not Installed Yet');
    expect((await commandsOfUninstalled()).status).toBe(200);
  });
});

describe('OpenID userinfo', () => {
  it('answers the signed-in user with sub for a Bearer with identify; 401 for the bot, 50026 without identify', async () => {
    const e = emulator();
    const info = await call(e, 'GET', '/api/oauth2/userinfo', { auth: bearer(e.userToken) });
    expect(info.status).toBe(200);
    const me = await call(e, 'GET', '/users/@me', { auth: bearer(e.userToken) });
    expect(info.body).toEqual({ sub: me.body.id, preferred_username: me.body.username, nickname: me.body.global_name, ...me.body });
    expect((await call(e, 'GET', '/api/oauth2/userinfo', { auth: botAuth(e) })).status).toBe(401);
    const cc = await call(e, 'POST', '/api/oauth2/token', { auth: basic(), form: { grant_type: 'client_credentials', scope: 'applications.commands.update' } });
    const withoutIdentify = await call(e, 'GET', '/api/oauth2/userinfo', { auth: bearer(cc.body.access_token) });
    expect([withoutIdentify.status, withoutIdentify.body.code]).toEqual([403, 50026]);
    const discovery = await call(e, 'GET', `${e.origin}/.well-known/openid-configuration`);
    expect(discovery.body.userinfo_endpoint).toBe(`${e.origin}/api/oauth2/userinfo`);
  });
});
