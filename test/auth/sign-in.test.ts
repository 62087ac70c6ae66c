import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import { AuthRequiredError } from '../../source/api/errors.js';
import { AuthorizationArgs } from '../../source/auth/authorization-args.js';
import { permissionsScopes } from '../../source/auth/scopes.js';
import { AuthSession } from '../../source/auth/session.js';
import { signIn } from '../../source/auth/sign-in.js';
import { SignInError } from '../../source/auth/sign-in-error.js';
import { OAuthError } from '../../source/api/token-exchange.js';
import { useEmulator } from '../helpers/emulator.js';
import { approveInBrowser, consentRedirect } from './scripted-browser.js';
import { callControl } from '../helpers/emulator-control.js';

const emulator = useEmulator();

const tokenCalls = async () => {
  const log = (await callControl(emulator(), 'GET', '/__emulator/requests')).body as { path: string }[];
  return log.filter((entry) => entry.path.endsWith('/oauth2/token')).length;
};

const signInWith = (openBrowser: (url: string) => Promise<void>, extra: Partial<Parameters<typeof signIn>[0]> = {}) =>
  signIn({ baseUrl: emulator().baseUrl, clientId: emulator().publicClientId, scopes: permissionsScopes(), onUrl: () => undefined, openBrowser, ...extra });

/** The address a sign-in shows, as a promise, and the `onUrl` that fulfils it. */
function shownAddress() {
  let show!: (url: string) => void;
  const shown = new Promise<string>((resolve) => (show = resolve));
  return { shown, onUrl: (url: string) => show(url) };
}

describe('browser sign-in against the emulator', () => {
  it('completes the desktop flow: loopback redirect, PKCE exchange as a public client, usable token', async () => {
    const user = await signInWith(async (url) => {
      expect(new URL(url).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      expect(await approveInBrowser(url)).toBe(200);
    });
    expect(user?.scopes.sort()).toEqual(['applications.commands.permissions.update', 'guilds', 'identify']);
    expect(user?.refreshToken).toBeTruthy();
    expect(user?.expiresAt).toBeGreaterThan(Date.now());
    const api = await createDiscordApi({ baseUrl: emulator().baseUrl, applicationId: emulator().applicationId, credentials: { user } });
    expect((await api.getCurrentUser()).id).toBe(emulator().seeded.adminUserId);
  });

  it('answers 400 to a forged callback, keeps waiting, and makes exactly one token call (B5)', async () => {
    const before = await tokenCalls();
    const user = await signInWith(async (url) => {
      const redirect = new URL(url).searchParams.get('redirect_uri')!;
      const forged = await request(`${redirect}?code=stolen&state=not-ours`);
      await forged.body.text();
      expect(forged.statusCode).toBe(400);
      await approveInBrowser(url);
    });
    expect(user?.accessToken).toBeTruthy();
    expect((await tokenCalls()) - before).toBe(1);
  });

  it('reports a declined consent as cancelled, with no token call (B6)', async () => {
    const before = await tokenCalls();
    const failure = await signInWith((url) => approveInBrowser(url, 'cancel').then(() => undefined)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SignInError);
    expect((failure as SignInError).failure).toBe('cancelled');
    expect(await tokenCalls()).toBe(before);
  });

  it('times out when nobody signs in', async () => {
    const failure = await signInWith(async () => undefined, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ failure: 'timeout' });
  });

  it('can be aborted (Ctrl-C)', async () => {
    const controller = new AbortController();
    const failure = await signInWith(async () => controller.abort(), { signal: controller.signal }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ failure: 'aborted' });
  });

  it('custom-scheme paste flow: refuses a paste with the wrong state, accepts the real redirect', async () => {
    const refusals: string[] = [];
    const { shown, onUrl } = shownAddress();
    const pastes = [async () => 'discord-1:/authorize/callback?code=abc&state=forged', async () => consentRedirect(await shown, 'authorize')];
    const user = await signIn({
      baseUrl: emulator().baseUrl,
      clientId: emulator().publicClientId,
      scopes: permissionsScopes(),
      customScheme: '',
      onUrl,
      readPastedRedirect: () => pastes.shift()!(),
      onPasteRefused: (message) => refusals.push(message),
    });
    expect(new URL(await shown).searchParams.get('redirect_uri')).toBe(`discord-${emulator().publicClientId}:/authorize/callback`);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain('state');
    expect(user?.scopes).toContain('applications.commands.permissions.update');
  });

  it('with the loopback listening, a redirect address pasted back finishes it (a browser on another machine); refusals say what was wrong and never quote the code', async () => {
    const refusals: string[] = [];
    const { shown, onUrl } = shownAddress();
    const pastes = [
      async () => 'just some words',
      async () => 'http://127.0.0.1:1/callback?code=SECRETCODE1',
      async () => 'http://127.0.0.1:1/callback?code=SECRETCODE2&state=another-sign-in',
      async () => consentRedirect(await shown, 'authorize'),
    ];
    // The browser opens elsewhere (over SSH): nothing ever reaches this machine's listener.
    const user = await signInWith(async () => undefined, { onUrl, readPastedRedirect: () => pastes.shift()!(), onPasteRefused: (message) => refusals.push(message) });
    expect(new URL(await shown).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(refusals).toEqual([
      expect.stringContaining('neither an address nor a code'),
      expect.stringContaining('has no state'),
      expect.stringContaining('belongs to another sign-in'),
    ]);
    expect(refusals.join(' ')).not.toContain('SECRETCODE');
    expect(user?.scopes).toContain('applications.commands.permissions.update');
  });

  it('a pasted address that says the consent was declined ends it as cancelled', async () => {
    const { shown, onUrl } = shownAddress();
    const failure = await signInWith(async () => undefined, { onUrl, readPastedRedirect: async () => consentRedirect(await shown, 'cancel') }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'cancelled', message: expect.stringContaining('error=access_denied') });
  });

  it('checks the id_token nonce when openid is requested', async () => {
    const user = await signInWith((url) => approveInBrowser(url).then(() => undefined), { scopes: 'openid identify' });
    expect(user?.scopes).toContain('openid');
  });
});

describe('AuthSession (the SDK surface) against the emulator', () => {
  async function authorizedCode(session: AuthSession) {
    const verifier = session.createAuthorizationCodeVerifier();
    const args = new AuthorizationArgs().setScopes(permissionsScopes()).setCodeChallenge(verifier.challenge);
    const authorized = await session.authorize(args, { onUrl: () => undefined, openBrowser: (url) => approveInBrowser(url).then(() => undefined) });
    return { verifier, authorized };
  }

  it('rejects a reused code and a wrong verifier with invalid_grant', async () => {
    const session = new AuthSession(emulator().baseUrl, emulator().publicClientId);
    expect(session.httpRequestTimeout()).toBe(30_000);
    const { verifier, authorized } = await authorizedCode(session);
    await session.getToken({ ...authorized, codeVerifier: verifier.verifier });
    expect(session.hasToken()).toBe(true);
    const reused = await session.getToken({ ...authorized, codeVerifier: verifier.verifier }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(OAuthError);
    expect((reused as OAuthError).error).toBe('invalid_grant');
    expect((reused as OAuthError).hint).toContain('already used');

    const second = await authorizedCode(session);
    const wrong = await session.getToken({ ...second.authorized, codeVerifier: session.createAuthorizationCodeVerifier().verifier }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ error: 'invalid_grant' });
    await session.close();
  });

  it('refreshes (rotating the refresh token), then revokes; a revoked sign-in asks to sign in again', async () => {
    const session = new AuthSession(emulator().baseUrl, emulator().publicClientId);
    session.setHttpRequestTimeout(5_000);
    const { verifier, authorized } = await authorizedCode(session);
    const first = await session.getToken({ ...authorized, codeVerifier: verifier.verifier });
    const refreshed = await session.refreshToken(first.refresh_token!);
    expect(refreshed.access_token).not.toBe(first.access_token);
    const stale = await session.refreshToken(first.refresh_token!).catch((e: unknown) => e);
    expect(stale).toMatchObject({ error: 'invalid_grant', revoked: true });

    // The client refreshes an expired sign-in by itself…
    const refreshedUsers: unknown[] = [];
    const user = { ...session.toUserCredentials(refreshed), expiresAt: Date.now() - 1 };
    const api = await createDiscordApi({ baseUrl: emulator().baseUrl, applicationId: emulator().applicationId, credentials: { user }, onUserTokenRefreshed: (u) => refreshedUsers.push(u) });
    await api.getCurrentUser();
    expect(refreshedUsers).toHaveLength(1);

    // …and after a revoke, Discord answers invalid_grant and the user is told to sign in again.
    const latest = refreshedUsers[0] as { accessToken: string; refreshToken: string };
    await session.revokeToken(latest.refreshToken);
    const revoked = await createDiscordApi({
      baseUrl: emulator().baseUrl,
      applicationId: emulator().applicationId,
      credentials: { user: { ...latest, scopes: [], expiresAt: Date.now() - 1 } },
    });
    const failure = await revoked.getCurrentUser().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthRequiredError);
    expect((failure as AuthRequiredError).message).toContain('revoked');
    await session.close();
  });
});
