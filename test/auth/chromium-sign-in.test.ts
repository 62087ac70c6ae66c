/**
 * The full browser sign-in with real headless Chromium: `auth login` opens $BROWSER, a program that
 * drives Chromium (playwright-core) to the emulator's consent page and clicks Authorize; the
 * redirect reaches the loopback listener, the code is exchanged, and `auth status` shows the scopes.
 * (test/e2e/secrets.test.ts signs in with the permissions preset; this one with the SDK's openid
 * preset, whose id_token is verified through the discovery document and the published key.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumBrowserProgram } from '../helpers/chromium.js';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { requestLog } from '../commands/emulator-requests.js';

if (!CHROMIUM) console.warn('Skipping the Chromium sign-in test: no chromium binary (apt-get install chromium; CI installs it).');

const emulator = useEmulator();
const home = useIsolatedHome();

describe('browser sign-in with real Chromium', () => {
  it.skipIf(!CHROMIUM)('auth login --preset communication → consent page → Authorize → loopback → verified id_token; auth status shows the scopes', { timeout: 120_000 }, async () => {
    const { program, log } = await chromiumBrowserProgram(home.home, CHROMIUM!);
    const api = ['--api', emulator().baseUrl];
    const login = await runCli(['auth', 'login', '--client-id', emulator().publicClientId, '--preset', 'communication', ...api], {
      env: { ...home.env, BROWSER: program },
    });
    expect(login.code, `${login.stderr}\n${await readFile(log, 'utf8').catch(() => '')}`).toBe(0);
    // The browser program may still be writing its log: the login's success is the proof the redirect arrived.
    expect(await readFile(log, 'utf8')).toContain('consent: Authorize');
    const status = await runCli(['auth', 'status', '--json', ...api], { env: home.env });
    const report = JSON.parse(status.stdout) as { user: { scopes: string[]; username: string | null } };
    expect(report.user.scopes.sort()).toEqual(['openid', 'sdk.social_layer']);
    // Without `identify` nobody is named; the id_token's subject was checked, not stored.
    expect(report.user.username).toBeNull();
    const requests = (await requestLog(emulator())).map((request) => `${request.method} ${request.path}`);
    expect(requests).toEqual(expect.arrayContaining(['GET /.well-known/openid-configuration', 'GET /api/oauth2/keys']));
  });
});
