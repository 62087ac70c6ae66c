import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDiscordApi } from '../../source/connect/connect.js';
import { AuthorizationArgs } from '../../source/auth/authorization-args.js';
import { defaultStores, loadCredentials, storeAppCredentials, updateStoredCredentials, writeStoredCredentials } from '../../source/auth/credentials.js';
import { permissionsScopes } from '../../source/auth/scopes.js';
import { AuthSession } from '../../source/auth/session.js';
import { openSecretStore } from '../../source/auth/secret-store.js';
import { openSettings } from '../../source/config/settings.js';
import { memoryKeyring } from '../helpers/credentials.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { requestLog } from '../commands/emulator-requests.js';
import { approveInBrowser } from './scripted-browser.js';
import { readEnvironment } from '../../source/config/environment.js';

const home = useIsolatedHome();

const LIVE = 'https://discord.com/api/v10';
const LOCAL = 'http://127.0.0.1:4000/api/v10';
const APP = '111111111111111111';
const OTHER = '222222222222222222';
/** An obviously fake Discord-shaped bot token naming `id`. */
const tokenOf = (id: string) => `${Buffer.from(id).toString('base64').replace(/=+$/, '')}.AAAAAA.${'f'.repeat(27)}`;

describe('loading credentials', () => {
  it('keeps credentials per API base and application, and remembers the application per base', async () => {
    const stores = defaultStores(home.environment);
    const { where } = await updateStoredCredentials(stores, LIVE, '111', (c) => ({ ...c, botToken: 'live-bot' }));
    // Another API's credentials go under a profile of their own, never the live one's.
    await updateStoredCredentials({ ...stores, profile: 'local' }, LOCAL, '222', (c) => ({ ...c, botToken: 'local-bot' }));

    const live = await loadCredentials({ baseUrl: LIVE, overrides: {}, stores });
    expect(live.applicationId).toBe('111');
    expect(live.credentials.botToken).toBe('live-bot');
    expect(live.sources).toEqual([`bot token from ${where}`]);

    const local = await loadCredentials({ baseUrl: LOCAL, overrides: {}, stores });
    expect(local.credentials.botToken).toBe('local-bot');
    const otherApp = await loadCredentials({ baseUrl: LOCAL, overrides: {}, applicationId: '333', stores });
    expect(otherApp.credentials).toEqual({});
  });

  it("uses the application's own token and client credentials from the environment over the stored ones", async () => {
    const stores = defaultStores(home.environment);
    await updateStoredCredentials(stores, LIVE, APP, (c) => ({ ...c, botToken: 'stored', user: { accessToken: 'u', scopes: ['identify'] } }));
    const overrides = { botToken: tokenOf(APP), clientId: APP, clientSecret: 'shh' };
    const loaded = await loadCredentials({ baseUrl: LIVE, overrides, stores });
    expect(loaded.applicationId).toBe(APP);
    expect(loaded.credentials.botToken).toBe(tokenOf(APP));
    expect(loaded.credentials.clientCredentials).toEqual({ clientId: APP, clientSecret: 'shh' });
    expect(loaded.credentials.user?.accessToken).toBe('u');
    expect(loaded.sources.join('\n')).not.toMatch(/AAAAAA|shh/);
    expect(loaded.sources[0]).toBe('bot token from DISCORD_BOT_TOKEN');
    expect(loaded.setAside).toEqual([]);
  });

  it("sets another application's token aside where credentials are stored for the run's, and says why", async () => {
    const stores = defaultStores(home.environment);
    const { where } = await updateStoredCredentials(stores, LIVE, APP, (c) => ({ ...c, botToken: 'stored', user: { accessToken: 'u', scopes: ['identify'] } }));
    const loaded = await loadCredentials({ baseUrl: LIVE, overrides: { botToken: tokenOf(OTHER) }, stores });
    expect(loaded.applicationId).toBe(APP);
    expect(loaded.credentials).toEqual({ botToken: 'stored', user: { accessToken: 'u', scopes: ['identify'] } });
    expect(loaded.sources).toEqual([`bot token from ${where}`, `sign-in from ${where}`]);
    expect(loaded.environment.botToken).toEqual({ use: false, because: 'another-application', names: OTHER });
    expect(loaded.setAside).toEqual([expect.stringContaining(`DISCORD_BOT_TOKEN is not used: it is the token of bot ${OTHER}, and the credentials stored for application ${APP} at ${LIVE} are used instead.`)]);
  });

  it('uses a token from the environment for the application remembered when nothing is stored for it, without switching to the token\'s own', async () => {
    const stores = defaultStores(home.environment);
    await updateStoredCredentials(stores, LIVE, APP, () => ({ botToken: 'x' }));
    await updateStoredCredentials(stores, LIVE, APP, () => ({}));
    const loaded = await loadCredentials({ baseUrl: LIVE, overrides: { botToken: tokenOf(OTHER) }, stores });
    expect(loaded.applicationId).toBe(APP);
    expect(loaded.credentials).toEqual({ botToken: tokenOf(OTHER) });
  });

  it('gives a token from the environment its own application where nothing names one', async () => {
    const loaded = await loadCredentials({ baseUrl: LIVE, overrides: { botToken: tokenOf(OTHER) }, stores: defaultStores(home.environment) });
    expect(loaded.applicationId).toBeUndefined();
    expect(loaded.credentials).toEqual({ botToken: tokenOf(OTHER) });
    expect(loaded.environment.botToken).toEqual({ use: true, because: 'no-application' });
  });

  it('stores a typed bot token or client credentials next to a sign-in, and makes that app the default', async () => {
    const stores = defaultStores(home.environment);
    await updateStoredCredentials(stores, LIVE, '111', () => ({ user: { accessToken: 'u', scopes: ['identify'] } }));
    await storeAppCredentials(stores, LIVE, '111', { botToken: 'typed-bot' });
    await storeAppCredentials(stores, LIVE, '111', { clientCredentials: { clientId: '111', clientSecret: 'typed-secret' } });
    const loaded = await loadCredentials({ baseUrl: LIVE, overrides: {}, stores });
    expect(loaded.applicationId).toBe('111');
    expect(loaded.credentials).toEqual({ botToken: 'typed-bot', clientCredentials: { clientId: '111', clientSecret: 'typed-secret' }, user: { accessToken: 'u', scopes: ['identify'] } });
  });

  it('removes the entry when nothing is left', async () => {
    const stores = defaultStores(home.environment);
    await updateStoredCredentials(stores, LIVE, '111', () => ({ botToken: 'x' }));
    await updateStoredCredentials(stores, LIVE, '111', () => ({}));
    expect((await loadCredentials({ baseUrl: LIVE, overrides: {}, stores })).credentials).toEqual({});
  });
});

describe('with a working keyring', () => {
  it('keeps everything in the keyring and logout leaves nothing in either store (C1)', async () => {
    const keyring = memoryKeyring();
    const stores = { secrets: openSecretStore({ environment: home.environment, keyring }), settings: openSettings(home.environment.paths()) };
    await updateStoredCredentials(stores, LIVE, '111', () => ({ botToken: 'b', user: { accessToken: 'a', refreshToken: 'r', scopes: [] } }));
    expect(keyring.entries.size).toBe(1);
    expect((await loadCredentials({ baseUrl: LIVE, overrides: {}, stores })).sources).toEqual(['bot token from the OS keyring', 'sign-in from the OS keyring']);
    await updateStoredCredentials(stores, LIVE, '111', () => ({}));
    expect(keyring.entries.size).toBe(0);
    expect(await stat(join(home.home, 'data', 'secrets.json')).then(() => true, () => false)).toBe(false);
  });
});

describe('a refreshed sign-in is saved back', () => {
  const emulator = useEmulator();

  it('connectDiscordApi uses credentials typed in this run over an empty store', async () => {
    const { api } = await connectDiscordApi({ baseUrl: emulator().baseUrl, environment: home.environment, applicationId: emulator().applicationId, typed: { botToken: emulator().botToken } });
    expect(api.authKinds()).toContain('bot');
    expect(Array.isArray(await api.listCommands({ kind: 'global' }))).toBe(true);
  });

  it('connectDiscordApi learns the application of a bot token from the environment where nothing names one, and adds what is stored for it', async () => {
    const stores = defaultStores(home.environment);
    const { baseUrl, applicationId, botToken, userToken } = emulator();
    // Kept in the secret store only: no profile or settings name the application.
    const { where } = await writeStoredCredentials(stores.secrets, baseUrl, applicationId, () => ({ user: { accessToken: userToken, scopes: permissionsScopes().split(' ') } }));
    const before = (await requestLog(emulator())).length;
    const { api, sources, environment } = await connectDiscordApi({ baseUrl, environment: readEnvironment({ ...home.env, DISCORD_BOT_TOKEN: botToken }, process.platform), stores });
    expect(api.applicationId).toBe(applicationId);
    expect(environment.botToken).toEqual({ use: true, because: 'no-application' });
    // The application read to learn the id is not read again by the client that adds the sign-in.
    expect((await api.getApplication()).id).toBe(applicationId);
    expect((await requestLog(emulator())).slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([`GET /api/v10/applications/@me`]);
    expect((await api.listCommands({ kind: 'global' })).length).toBeGreaterThan(0);
    expect(api.authKinds()).toEqual(expect.arrayContaining(['bot', 'user']));
    expect(sources).toEqual(['bot token from DISCORD_BOT_TOKEN', `sign-in from ${where}`]);
  });

  it("connectDiscordApi never sends another application's exported token where the run's has stored credentials", async () => {
    const stores = defaultStores(home.environment);
    const { baseUrl, applicationId, botToken } = emulator();
    await updateStoredCredentials(stores, baseUrl, applicationId, () => ({ botToken }));
    const shellToken = tokenOf(OTHER);
    const notices: string[] = [];
    const before = (await requestLog(emulator())).length;
    const { api, sources } = await connectDiscordApi({ baseUrl, environment: readEnvironment({ ...home.env, DISCORD_BOT_TOKEN: shellToken }, process.platform), stores, notice: (line) => notices.push(line) });
    expect((await api.listCommands({ kind: 'global' })).length).toBeGreaterThan(0);
    expect(sources).toEqual([expect.stringMatching(/^bot token from .*secrets\.json$/)]);
    expect(notices).toEqual([expect.stringContaining(`DISCORD_BOT_TOKEN is not used: it is the token of bot ${OTHER}`)]);
    expect(notices.join('\n')).not.toContain(shellToken.split('.')[2]);
    // Every request carried a token the emulator knows: none was the shell's.
    expect((await requestLog(emulator())).slice(before).filter((request) => request.auth === 'invalid')).toEqual([]);
  });

  it('connectDiscordApi refreshes an expired stored sign-in and stores the rotated tokens', async () => {
    const stores = defaultStores(home.environment);
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
    const { api } = await connectDiscordApi({ baseUrl: emulator().baseUrl, environment: home.environment, stores: watching });
    expect((await api.getCurrentUser()).username).toBe('ada');
    await savedOnce;
    const reloaded = await loadCredentials({ baseUrl: emulator().baseUrl, overrides: {}, stores });
    expect(reloaded.credentials.user?.refreshToken).not.toBe(user.refreshToken);
    expect(reloaded.credentials.user?.expiresAt).toBeGreaterThan(Date.now());
  });
});
