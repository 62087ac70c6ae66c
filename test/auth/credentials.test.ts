import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultStores, loadCredentials, updateStoredCredentials } from '../../source/auth/credentials.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';

let home: IsolatedHome;
beforeEach(async () => {
  home = await isolatedHome();
});
afterEach(() => home.cleanup());

const LIVE = 'https://discord.com/api/v10';
const LOCAL = 'http://127.0.0.1:4000/api/v10';

describe('loading credentials', () => {
  it('keeps credentials per API base and application, and remembers the application per base', async () => {
    const stores = defaultStores(home.env);
    await updateStoredCredentials(stores, LIVE, '111', (c) => ({ ...c, botToken: 'live-bot' }));
    await updateStoredCredentials(stores, LOCAL, '222', (c) => ({ ...c, botToken: 'local-bot' }));

    const live = await loadCredentials({ baseUrl: LIVE, env: home.env, stores });
    expect(live.applicationId).toBe('111');
    expect(live.credentials.botToken).toBe('live-bot');
    expect(live.sources).toEqual([`bot token from ${stores.secrets.location()}`]);

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

  it('removes the entry when nothing is left', async () => {
    const stores = defaultStores(home.env);
    await updateStoredCredentials(stores, LIVE, '111', () => ({ botToken: 'x' }));
    await updateStoredCredentials(stores, LIVE, '111', () => ({}));
    expect((await loadCredentials({ baseUrl: LIVE, env: home.env, stores })).credentials).toEqual({});
  });
});
