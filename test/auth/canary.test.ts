/**
 * Check C4: canary secrets pushed through every auth command and error path (rejected tokens and
 * secrets, failed refresh, failed exchange, status, logout, --debug logging) never appear in any
 * output — neither as is, nor base64- or URL-encoded.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import { describeError } from '../../source/api/errors.js';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import { guildScope } from '../../source/discord/model.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { canary } from '../helpers/credentials.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { approvingBrowser } from '../helpers/approving-browser.js';

const emulator = useEmulator();
const home = useIsolatedHome();

const secrets = { bot: canary('BOT'), secret: canary('SECRET'), access: canary('ACCESS'), refresh: canary('REFRESH') };
const forms = (value: string) => [value, Buffer.from(value).toString('base64'), encodeURIComponent(value), value.slice(0, 12) + value.slice(-8)];

function expectNoCanary(label: string, text: string): void {
  for (const value of Object.values(secrets)) {
    for (const form of forms(value)) expect(text.includes(form), `${label} leaked ${form}`).toBe(false);
  }
}
const output = (result: CliResult) => `${result.stdout}\n${result.stderr}`;

describe('canary secrets never appear in output', () => {
  it('through every auth command and its error paths', { timeout: 120_000 }, async () => {
    const api = ['--api', emulator().baseUrl];
    const appId = emulator().applicationId;
    const runs: [string, CliResult][] = [];
    const runWith = async (label: string, args: string[], env: NodeJS.ProcessEnv = {}, input?: string) => {
      runs.push([label, await runCli(args, { env: { ...home.env, ...env }, input })]);
    };

    await runWith('set-bot-token rejected', ['auth', 'set-bot-token', ...api], {}, `${secrets.bot}\n`);
    await runWith('set-client-credentials rejected', ['auth', 'set-client-credentials', '--client-id', appId, ...api], {}, `${secrets.secret}\n`);
    await runWith('set-client-credentials with the id read like the secret', ['auth', 'set-client-credentials', '--debug', ...api], {}, `${appId}\n${secrets.secret}\n`);
    await runWith('status with env bot token', ['auth', 'status', ...api], { DISCORD_BOT_TOKEN: secrets.bot, DISCORD_CLIENT_ID: appId });
    await runWith('status --json with env secrets', ['auth', 'status', '--json', ...api], { DISCORD_BOT_TOKEN: secrets.bot, DISCORD_CLIENT_ID: appId, DISCORD_CLIENT_SECRET: secrets.secret });
    await runWith('list with a rejected bot token', ['list', ...api], { DISCORD_BOT_TOKEN: secrets.bot, DISCORD_CLIENT_ID: appId });
    await runWith('list with rejected client credentials', ['list', ...api], { DISCORD_CLIENT_ID: appId, DISCORD_CLIENT_SECRET: secrets.secret });
    await runWith('list against nothing listening', ['list', '--api', 'http://127.0.0.1:9/api/v10'], { DISCORD_BOT_TOKEN: secrets.bot, DISCORD_CLIENT_ID: appId });
    await runWith('list over plain http to another host', ['list', '--api', 'http://example.invalid/api/v10'], { DISCORD_BOT_TOKEN: secrets.bot, DISCORD_CLIENT_ID: appId });
    await runWith('login whose exchange fails (wrong secret)', ['auth', 'login', '--debug', '--client-id', appId, ...api], {
      DISCORD_CLIENT_ID: appId,
      DISCORD_CLIENT_SECRET: secrets.secret,
      BROWSER: await approvingBrowser(home.home),
    });
    await runWith('login paste flow that ends without a redirect', ['auth', 'login', '--client-id', appId, '--custom-scheme', 'pixelpal', ...api], {}, 'pixelpal:/authorize/callback?code=x&state=y\n');

    // A stored, expired sign-in whose refresh Discord rejects; then status and logout.
    const stores = defaultStores(home.environment);
    await updateStoredCredentials(stores, emulator().baseUrl, appId, () => ({
      user: { accessToken: secrets.access, refreshToken: secrets.refresh, expiresAt: Date.now() - 1000, scopes: ['applications.commands.permissions.update'], clientId: appId },
    }));
    await runWith('perms list with a revoked sign-in', ['perms', 'list', '--guild', emulator().guildIds[0]!, ...api]);
    await runWith('status with a stored sign-in', ['auth', 'status', ...api]);
    await runWith('status --json with a stored sign-in', ['auth', 'status', '--json', ...api]);
    await runWith('status --recheck with a stored sign-in', ['auth', 'status', '--recheck', ...api]);
    await runWith('a store for another API, refused', ['auth', 'set-bot-token', '--api', 'http://127.0.0.1:9/api/v10'], {}, `${secrets.bot}\n`);
    await runWith('logout of a sign-in Discord does not know', ['auth', 'logout', '--debug', ...api]);

    for (const [label, result] of runs) expectNoCanary(label, output(result));
    // The error paths above really were taken.
    const byLabel = new Map(runs);
    expect(byLabel.get('set-bot-token rejected')!.code).not.toBe(0);
    expect(byLabel.get('set-client-credentials rejected')!.stderr).toContain('invalid_client');
    expect(byLabel.get('list with a rejected bot token')!.code).not.toBe(0);
    expect(byLabel.get('login whose exchange fails (wrong secret)')!.code).not.toBe(0);
    expect(byLabel.get('list over plain http to another host')!.stderr).toContain('Refusing');
    expect(byLabel.get('set-client-credentials with the id read like the secret')!.stderr).toContain('invalid_client');
    expect(byLabel.get('a store for another API, refused')!.stderr).toContain('nothing was stored, and no profile was changed');
    // --debug logs the token exchange and the revocation, their secrets masked (checked above).
    expect(byLabel.get('login whose exchange fails (wrong secret)')!.stderr).toMatch(/^debug: → POST \S+\/oauth2\/token Authorization: Basic \*\*\*\*$/m);
    expect(byLabel.get('logout of a sign-in Discord does not know')!.stderr).toMatch(/^debug: → POST \S+\/oauth2\/token\/revoke/m);
    expect(byLabel.get('logout of a sign-in Discord does not know')!.stdout).toMatch(/^ {2}(removed from|nothing was in) /m);
    expect(byLabel.get('status --recheck with a stored sign-in')!.stdout).toMatch(/^OS keyring: /m);
  });

  it('through the client: --debug lines and error messages for rejected tokens', async () => {
    const lines: string[] = [];
    const messages: string[] = [];
    const attempt = async (credentials: Parameters<typeof createDiscordApi>[0]['credentials']) => {
      try {
        const api = await createDiscordApi({ baseUrl: emulator().baseUrl, applicationId: emulator().applicationId, credentials, debug: (line) => lines.push(line) });
        await api.listCommands(guildScope(emulator().guildIds[0]!));
        await api.getCurrentUser();
      } catch (error) {
        const { message, hint } = describeError(error);
        messages.push(`${message} ${hint ?? ''}`);
      }
    };
    await attempt({ botToken: secrets.bot });
    await attempt({ clientCredentials: { clientId: emulator().applicationId, clientSecret: secrets.secret } });
    await attempt({ user: { accessToken: secrets.access, refreshToken: secrets.refresh, scopes: [], expiresAt: Date.now() - 1 } });
    expect(lines.join('\n')).toContain('Authorization: Bot ****');
    expect(messages).toHaveLength(3);
    expectNoCanary('debug log', lines.join('\n'));
    expectNoCanary('error messages', messages.join('\n'));
  });
});

describe('working secrets stay in the secret store', () => {
  /** Every file under the home but the secrets file, as text. */
  async function filesBesidesTheStore(root: string, storeFile: string): Promise<[string, string][]> {
    const { readdir, readFile } = await import('node:fs/promises');
    const found: [string, string][] = [];
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isFile() && path !== storeFile) found.push([path, await readFile(path, 'utf8')]);
    }
    return found;
  }

  it('the bot token, client secret and sign-in tokens, stored and used by every command, appear in no output, backup, ledger, export or log', { timeout: 120_000 }, async () => {
    const { baseUrl, applicationId, botToken, clientSecret, userToken, guildIds } = emulator();
    const working = { bot: botToken, secret: clientSecret, access: userToken };
    const stores = defaultStores(home.environment);
    await updateStoredCredentials(stores, baseUrl, applicationId, () => ({
      botToken,
      clientCredentials: { clientId: applicationId, clientSecret },
      user: { accessToken: userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'], clientId: applicationId },
    }));
    const api = ['--api', baseUrl];
    const guild = ['--guild', guildIds[0]!];
    const exported = join(home.home, 'guild.json');
    const outputs: [string, string][] = [];
    const run = async (args: string[]) => {
      const result = await runCli(args, { env: home.env });
      outputs.push([args.join(' '), output(result)]);
      return result;
    };
    expect((await run(['list', ...guild, ...api])).code).toBe(0);
    expect((await run(['export', ...guild, '-o', exported, ...api])).code).toBe(0);
    await writeFile(join(home.home, 'changed.json'), JSON.stringify([{ name: 'canary-check', description: 'Added by the canary test', type: 1 }]));
    await run(['plan', join(home.home, 'changed.json'), ...guild, ...api]);
    expect((await run(['apply', join(home.home, 'changed.json'), ...guild, '--yes', ...api])).code).toBe(0);
    const backups = await run(['backups', '--json']);
    const newest = (JSON.parse(backups.stdout) as { path: string }[]).at(-1)?.path;
    expect(newest).toBeDefined();
    expect((await run(['restore', newest!, '--yes', ...api])).code).toBe(0);
    await run(['audit', ...guild, '--markdown', ...api]);
    await run(['perms', 'list', ...guild, ...api]);
    expect((await run(['perms', 'set', ...guild, '--command', 'app', '--allow', 'everyone', '--yes', ...api])).code).toBe(0);
    await run(['auth', 'status', '--json', ...api]);
    await run(['auth', 'status', '--recheck', ...api]);
    const logout = await run(['auth', 'logout', '--debug', ...api]);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toMatch(/^debug: ← 200 POST \S+\/oauth2\/token\/revoke/m);

    const leaks = (label: string, text: string) => {
      for (const value of Object.values(working)) for (const form of forms(value)) expect(text.includes(form), `${label} leaked ${form.slice(0, 6)}…`).toBe(false);
    };
    for (const [label, text] of outputs) leaks(label, text);
    const files = await filesBesidesTheStore(home.home, stores.secrets.filePath);
    // The commands above wrote settings, backups, the daily-creates ledger and an export.
    expect(files.map(([path]) => path)).toEqual(expect.arrayContaining([exported, expect.stringContaining('backups')]));
    for (const [path, text] of files) leaks(path, text);
  });
});
