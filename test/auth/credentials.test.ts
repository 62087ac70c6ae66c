import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDiscordApi } from '../../source/api/connect.js';
import { AuthorizationArgs } from '../../source/auth/authorization-args.js';
import { defaultStores, loadCredentials, storeAppCredentials, updateStoredCredentials } from '../../source/auth/credentials.js';
import { permissionsScopes } from '../../source/auth/scopes.js';
import { AuthSession } from '../../source/auth/session.js';
import { openSecretStore } from '../../source/auth/secret-store.js';
import { openSettings } from '../../source/config/settings.js';
import { memoryKeyring } from '../helpers/credentials.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { requestLog } from '../commands/emulator-requests.js';
import { approveInBrowser } from './scripted-browser.js';

const home = useIsolatedHome();

const LIVE = 'https://discord.com/api/v10';
const LOCAL = 'http://127.0.0.1:4000/api/v10';

describe('loading credentials', () => {
  it('keeps credentials per API base and application, and remembers the application per base', async () => {
    const stores = defaultStores(home.env);
    const { where } = await updateStoredCredentials(stores, LIVE, '111', (c) => ({ ...c, botToken: 'live-bot' }));
    // Another API's credentials go under a profile of their own, never the live one's.
    await updateStoredCredentials({ ...stores, profile: 'local' }, LOCAL, '222', (c) => ({ ...c, botToken: 'local-bot' }));

    const live = await loadCredentials({ baseUrl: LIVE, env: home.env, stores });
    expect(live.applicationId).toBe('111');
    expect(live.credentials.botToken).toBe('live-bot');
    expect(live.sources).toEqual([`bot token from ${where}`]);

    const local = await loadCredentials({ baseUrl: LOCAL, env: home.env, stores });
    expect(local.credentials.botToken).toBe('local-bot');
    const otherApp = await loadCredentials({ baseUrl: LOCAL, env: home.env, applicationId: '333', stores });
    expect(otherApp.credentials).toEqual({});
  });

  it('lets the environment override the store', async () => {
    const stores = defaultStores(home.env);
    await updateStoredCredentials(stores, LIVE, '111', (c) => ({ ...c, botToken: 'stored', user: { accessToken: 'u', scopes: ['identify'] } }));
    const env = { ...home.env, DISCORD_BOT_TOKEN: 'from-env', DISCORD_CLIENT_ID: '111', DISCORD_CLIENT_SECRET: 'shh' };
    const loaded = await loadCredentials({ baseUrl: LIVE, env, stores });
    expect(loaded.applicationId).toBe('111');
    expect(loaded.credentials.botToken).toBe('from-env');
    expect(loaded.credentials.clientCredentials).toEqual({ clientId: '111', clientSecret: 'shh' });
    expect(loaded.credentials.user?.accessToken).toBe('u');
    expect(loaded.sources.join('\n')).not.toMatch(/from-env|shh/);
    expect(loaded.sources[0]).toBe('bot token from DISCORD_BOT_TOKEN');
  });

  it('does not give a bot token from the environment the application the settings remember: it has its own', async () => {
    const stores = defaultStores(home.env);
    await updateStoredCredentials(stores, LIVE, '111', (c) => ({ ...c, botToken: 'stored', user: { accessToken: 'u', scopes: ['identify'] } }));
    const loaded = await loadCredentials({ baseUrl: LIVE, env: { ...home.env, DISCORD_BOT_TOKEN: 'another-apps-bot' }, stores });
    expect(loaded.applicationId).toBeUndefined();
    expect(loaded.credentials).toEqual({ botToken: 'another-apps-bot' });
  });

  it('stores a typed bot token or client credentials next to a sign-in, and makes that app the default', async () => {
    const stores = defaultStores(home.env);
    await updateStoredCredentials(stores, LIVE, '111', () => ({ user: { accessToken: 'u', scopes: ['identify'] } }));
    await storeAppCredentials(stores, LIVE, '111', { botToken: 'typed-bot' });
    await storeAppCredentials(stores, LIVE, '111', { clientCredentials: { clientId: '111', clientSecret: 'typed-secret' } });
    const loaded = await loadCredentials({ baseUrl: LIVE, env: home.env, stores });
    expect(loaded.applicationId).toBe('111');
    expect(loaded.credentials).toEqual({ botToken: 'typed-bot', clientCredentials: { clientId: '111', clientSecret: 'typed-secret' }, user: { accessToken: 'u', scopes: ['identify'] } });
  });

  it('removes the entry when nothing is left', async () => {
    const stores = defaultStores(home.env);
    await updateStoredCredentials(stores, LIVE, '111', () => ({ botToken: 'x' }));
    await updateStoredCredentials(stores, LIVE, '111', () => ({}));
    expect((await loadCredentials({ baseUrl: LIVE, env: home.env, stores })).credentials).toEqual({});
  });
});

describe('with a working keyring', () => {
  it('keeps everything in the keyring and logout leaves nothing in either store (C1)', async () => {
    const keyring = memoryKeyring();
    const stores = { secrets: openSecretStore({ env: home.env, keyring }), settings: openSettings(home.env) };
    await updateStoredCredentials(stores, LIVE, '111', () => ({ botToken: 'b', user: { accessToken: 'a', refreshToken: 'r', scopes: [] } }));
    expect(keyring.entries.size).toBe(1);
    expect((await loadCredentials({ baseUrl: LIVE, env: home.env, stores })).sources).toEqual(['bot token from the OS keyring', 'sign-in from the OS keyring']);
    await updateStoredCredentials(stores, LIVE, '111', () => ({}));
    expect(keyring.entries.size).toBe(0);
    expect(await stat(join(home.home, 'data', 'secrets.json')).then(() => true, () => false)).toBe(false);
  });
});

describe('a refreshed sign-in is saved back', () => {
  const emulator = useEmulator();

  it('connectDiscordApi uses credentials typed in this run over an empty store', async () => {
    const { api } = await connectDiscordApi({ baseUrl: emulator().baseUrl, env: home.env, applicationId: emulator().applicationId, typed: { botToken: emulator().botToken } });
    expect(api.authKinds()).toContain('bot');
    expect(Array.isArray(await api.listCommands({ kind: 'global' }))).toBe(true);
  });

  it('connectDiscordApi learns the application of a bot token from the environment, and adds what is stored for it', async () => {
    const stores = defaultStores(home.env);
    const { baseUrl, applicationId, botToken, userToken } = emulator();
    const { where } = await updateStoredCredentials(stores, baseUrl, applicationId, () => ({ user: { accessToken: userToken, scopes: permissionsScopes().split(' ') } }));
    // Stored last, so the settings now remember this other application.
    await updateStoredCredentials({ ...stores, profile: 'other' }, baseUrl, '999999999999999999', () => ({ botToken: 'other-apps-bot' }));
    const before = (await requestLog(emulator())).length;
    const { api, sources } = await connectDiscordApi({ baseUrl, env: { ...home.env, DISCORD_BOT_TOKEN: botToken }, stores });
    expect(api.applicationId).toBe(applicationId);
    // The application read to learn the id is not read again by the client that adds the sign-in.
    expect((await api.getApplication()).id).toBe(applicationId);
    expect((await requestLog(emulator())).slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([`GET /api/v10/applications/@me`]);
    expect((await api.listCommands({ kind: 'global' })).length).toBeGreaterThan(0);
    expect(api.authKinds()).toEqual(expect.arrayContaining(['bot', 'user']));
    expect(sources).toEqual(['bot token from DISCORD_BOT_TOKEN', `sign-in from ${where}`]);
  });

  it('connectDiscordApi refreshes an expired stored sign-in and stores the rotated tokens', async () => {
    const stores = defaultStores(home.env);
    const session = new AuthSession(emulator().baseUrl, emulator().publicClientId);
    const verifier = session.createAuthorizationCodeVerifier();
    const authorized = await session.authorize(new AuthorizationArgs().setScopes(permissionsScopes()).setCodeChallenge(verifier.challenge), {
      onUrl: () => undefined,
      openBrowser: (url) => approveInBrowser(url).then(() => undefined),
    });
    const user = session.toUserCredentials(await session.getToken({ ...authorized, codeVerifier: verifier.verifier }));
    await session.close();
    const appId = emulator().applicationId;
    await updateStoredCredentials(stores, emulator().baseUrl, appId, () => ({ user: { ...user, expiresAt: Date.now() - 1 } }));

    let saved!: () => void;
    const savedOnce = new Promise<void>((resolve) => (saved = resolve));
    const watching = { ...stores, secrets: { ...stores.secrets, set: async (account: string, secret: string) => {
      const place = await stores.secrets.set(account, secret);
      saved();
      return place;
    } } };
    const { api } = await connectDiscordApi({ baseUrl: emulator().baseUrl, env: home.env, stores: watching });
    expect((await api.getCurrentUser()).username).toBe('ada');
    await savedOnce;
    const reloaded = await loadCredentials({ baseUrl: emulator().baseUrl, env: home.env, stores });
    expect(reloaded.credentials.user?.refreshToken).not.toBe(user.refreshToken);
    expect(reloaded.credentials.user?.expiresAt).toBeGreaterThan(Date.now());
  });
});
