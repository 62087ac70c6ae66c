import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { TmuxSession } from '../e2e/helpers/tmux.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { startCli } from './cli-process.js';
import { consentRedirect } from './scripted-browser.js';
import { callControl } from '../helpers/emulator-control.js';
import { approvingBrowser } from '../helpers/approving-browser.js';

const emulator = useEmulator();
const home = useIsolatedHome();

const api = () => ['--api', emulator().baseUrl];
const status = async () => {
  const result = await runCli(['auth', 'status', '--json', ...api()], { env: home.env });
  return { ...result, report: JSON.parse(result.stdout) as Record<string, any> };
};

describe('cmd-tui auth', () => {
  it("status says which credential the rule picks: a token of another application is set aside where one is stored, and says why", async () => {
    await runCli(['auth', 'set-bot-token', ...api()], { env: home.env, input: `${emulator().botToken}\n` });
    const shellToken = `${Buffer.from('222222222222222222').toString('base64')}.AAAAAA.${'f'.repeat(27)}`;
    const env = { ...home.env, DISCORD_BOT_TOKEN: shellToken };
    const result = await runCli(['auth', 'status', ...api()], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Application: ${emulator().applicationId}`);
    expect(result.stdout).toMatch(/Bot token: set \(.*secrets\.json\)/);
    expect(result.stdout).toContain(`DISCORD_BOT_TOKEN is not used: it is the token of bot 222222222222222222, and the credentials stored for application ${emulator().applicationId}`);
    expect(result.stdout + result.stderr).not.toContain(shellToken.split('.')[2]);
    const json = JSON.parse((await runCli(['auth', 'status', '--json', ...api()], { env })).stdout);
    expect(json).toMatchObject({ applicationId: emulator().applicationId, environment: { botToken: { use: false, because: 'another-application', names: '222222222222222222' }, clientId: null } });
    expect(json.botToken.source).toContain('secrets.json');
  });

  it('status says a token from the environment is used, and why, where nothing names an application', async () => {
    const result = await runCli(['auth', 'status', ...api()], { env: { ...home.env, DISCORD_BOT_TOKEN: 'fake-env-bot-token' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Application: the bot token's own");
    expect(result.stdout).toContain('Bot token: set (DISCORD_BOT_TOKEN, as nothing here names an application)');
    expect(result.stdout).not.toContain('fake-env-bot-token');
  });

  it('set-bot-token reads stdin, checks the token, files it under its application; status never shows it', async () => {
    const stored = await runCli(['auth', 'set-bot-token', ...api()], { env: home.env, input: `${emulator().botToken}\n` });
    expect(stored.code).toBe(0);
    expect(stored.stdout).toContain(emulator().applicationId);
    expect(stored.stderr).toContain('secrets.json');
    const { code, report, stdout } = await status();
    expect(code).toBe(0);
    expect(report.applicationId).toBe(emulator().applicationId);
    expect(report.botToken.source).toContain('secrets.json');
    expect(stdout).not.toContain(emulator().botToken);
    const listed = await runCli(['list', ...api()], { env: home.env });
    expect(listed.code).toBe(0);
  });

  it('refuses a bot token Discord rejects, and stores nothing', async () => {
    const result = await runCli(['auth', 'set-bot-token', ...api()], { env: home.env, input: 'not-a-real-token\n' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/401|rejected|invalid/i);
    expect((await status()).report.botToken).toBeNull();
  });

  it('set-client-credentials verifies the pair with a token request', async () => {
    const ok = await runCli(['auth', 'set-client-credentials', '--client-id', emulator().clientId, ...api()], { env: home.env, input: `${emulator().clientSecret}\n` });
    expect(ok.code).toBe(0);
    expect((await status()).report.clientCredentials.clientId).toBe(emulator().clientId);
    const bad = await runCli(['auth', 'set-client-credentials', '--client-id', emulator().clientId, ...api()], { env: home.env, input: 'wrong-secret\n' });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('invalid_client');
  });

  it('login opens $BROWSER, receives the code on 127.0.0.1, and status shows who and which scopes; logout revokes', async () => {
    const browser = await approvingBrowser(home.home);
    const login = await runCli(['auth', 'login', '--client-id', emulator().publicClientId, ...api()], { env: { ...home.env, BROWSER: browser } });
    expect(login.stderr).toContain('/oauth2/authorize?');
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/Signed in as \S+ for application/);
    const { report } = await status();
    expect(report.user.scopes.sort()).toEqual(['applications.commands.permissions.update', 'guilds', 'identify']);
    expect(report.user.username).toBeTruthy();
    expect(report.user.refreshable).toBe(true);

    const revokesBefore = ((await callControl(emulator(), 'GET', '/__emulator/requests')).body as { path: string }[]).filter((r) => r.path.endsWith('/token/revoke')).length;
    const logout = await runCli(['auth', 'logout', ...api()], { env: home.env });
    expect(logout.code).toBe(0);
    expect(logout.stdout).toContain('Revoked');
    const revokes = ((await callControl(emulator(), 'GET', '/__emulator/requests')).body as { path: string }[]).filter((r) => r.path.endsWith('/token/revoke')).length;
    expect(revokes - revokesBefore).toBe(1);
    expect((await status()).report.user).toBeNull();
  });

  it('login --custom-scheme shows the URL and accepts the pasted redirect, refusing one with the wrong state', async () => {
    const cli = startCli(['auth', 'login', '--client-id', emulator().publicClientId, '--custom-scheme', 'pixelpal', ...api()], home.env);
    const [url] = await cli.waitForStderr(/http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?\S+/);
    expect(new URL(url).searchParams.get('redirect_uri')).toBe('pixelpal:/authorize/callback');
    cli.child.stdin.write('pixelpal:/authorize/callback?code=forged&state=forged\n');
    await cli.waitForStderr(/belongs to another sign-in/);
    cli.child.stdin.write(`${await consentRedirect(url, 'authorize')}\n`);
    const done = await cli.exit;
    expect(done.code).toBe(0);
    expect((await status()).report.user.scopes).toContain('applications.commands.permissions.update');
  });

  it('login --no-browser answers a paste that is no address with what was expected, asks again, and stops after five', async () => {
    const cli = startCli(['auth', 'login', '--client-id', emulator().publicClientId, '--no-browser', ...api()], home.env);
    await cli.waitForStderr(/http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?\S+/);
    cli.child.stdin.write('hello\n');
    await cli.waitForStderr(/neither an address nor a code[^\n]*\nTry again: paste the address the browser was sent to here and press Enter:/);
    cli.child.stdin.write('hello\nhello\nhello\nhello\n');
    const done = await cli.exit;
    expect(done.code).not.toBe(0);
    expect(done.stderr).toContain("5 pastes in a row were not this sign-in's redirect address, so cmd-tui stopped asking.");
    expect(done.stderr).not.toContain('A code on its own');
  });

  it('login --no-browser on a terminal reads the pasted address without echoing it (it holds the code), and says so', { timeout: 60_000 }, async () => {
    // Kept on screen after it exits (the pane would close), to read what the terminal shows of the paste.
    const login = [process.execPath, CLI_PATH, 'auth', 'login', '--client-id', emulator().publicClientId, '--no-browser', ...api()].map((word) => `'${word}'`).join(' ');
    const tui = new TmuxSession(['sh', '-c', `${login}; sleep 60`], { columns: 400, rows: 30, cwd: home.home, env: { CMD_TUI_HOME: home.home, DISCORD_BOT_TOKEN: '', DISCORD_CLIENT_ID: '', DISCORD_CLIENT_SECRET: '' } });
    try {
      await tui.waitForText('it is not shown as you paste: it holds a sign-in code', 30_000);
      const url = /http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?\S+/.exec(tui.screen({ joined: true }))![0];
      await tui.paste(await consentRedirect(url, 'authorize'));
      await tui.key('enter');
      const done = await tui.waitForText('Signed in');
      expect(done).not.toContain('code=');
    } finally {
      tui.kill();
    }
  });

  it('login --no-browser reports a declined consent cleanly', async () => {
    const cli = startCli(['auth', 'login', '--client-id', emulator().publicClientId, '--no-browser', ...api()], home.env);
    const [url] = await cli.waitForStderr(/http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?\S+/);
    cli.child.stdin.write(`${await consentRedirect(url, 'cancel')}\n`);
    const done = await cli.exit;
    expect(done.code).not.toBe(0);
    expect(done.stderr).toContain('cancelled');
  });

  it.each([
    [['--preset', 'everything']],
    [['--scopes', 'identify', '--preset', 'permissions']],
    [['--client-id', 'not-a-number']],
  ])('login refuses bad flags %j with usage (exit 2)', async (flags) => {
    const result = await runCli(['auth', 'login', ...flags, ...api()], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage:');
  });

  it('keeps secrets out of argv: set-bot-token takes no token argument', async () => {
    const result = await runCli(['auth', 'set-bot-token', 'some-token', ...api()], { env: home.env });
    expect(result.code).toBe(2);
  });

  it('set-client-credentials reads the client id the same way as the secret (stdin, one per line); --client-id still works', async () => {
    const { applicationId, clientSecret } = emulator();
    const stored = await runCli(['auth', 'set-client-credentials', ...api()], { env: home.env, input: `${applicationId}\n${clientSecret}\n` });
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stdout).toContain(`Stored the client credentials of application ${applicationId}`);
    // The first credentials stored make the first profile, named after the app, as a bot token does.
    expect(stored.stdout).toContain('under the profile pixel-pal (new).');
    expect((await status()).report.clientCredentials).toMatchObject({ clientId: applicationId });
    const short = await runCli(['auth', 'set-client-credentials', ...api()], { env: home.env, input: `${applicationId}\n` });
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain('Expected 2 lines on stdin');
    expect(short.stderr).not.toContain(applicationId);
    const flagged = await runCli(['auth', 'set-client-credentials', '--client-id', applicationId, ...api()], { env: home.env, input: `${clientSecret}\n` });
    expect(flagged.code, flagged.stderr).toBe(0);
  });

  it('login on a fresh machine finds the application from DISCORD_BOT_TOKEN instead of asking for --client-id', async () => {
    const cli = startCli(['auth', 'login', '--preset', 'permissions', '--no-browser', ...api()], { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken });
    const [url] = await cli.waitForStderr(/http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?\S+/);
    expect(new URL(url!).searchParams.get('client_id')).toBe(emulator().applicationId);
    cli.child.kill();
    await cli.exit;
  });

  it('logout forgets every credential of the application (the bot token too) and says where; --sign-in-only keeps the bot token', async () => {
    const { botToken, userToken, applicationId } = emulator();
    expect((await runCli(['auth', 'set-bot-token', ...api()], { env: home.env, input: `${botToken}\n` })).code).toBe(0);
    const { defaultStores, updateStoredCredentials } = await import('../../source/auth/credentials.js');
    const addSignIn = () => updateStoredCredentials(defaultStores(home.environment), emulator().baseUrl, applicationId, (current) => ({ ...current, user: { accessToken: userToken, scopes: ['identify'] } }));
    await addSignIn();
    const signInOnly = await runCli(['auth', 'logout', '--sign-in-only', ...api()], { env: home.env });
    expect(signInOnly.code, signInOnly.stderr).toBe(0);
    expect(signInOnly.stdout).toContain('its bot token and client credentials stay');
    expect((await status()).report).toMatchObject({ user: null, botToken: { source: expect.any(String) } });

    await addSignIn();
    const all = await runCli(['auth', 'logout', ...api()], { env: home.env });
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain('Revoked the sign-in at Discord.');
    expect(all.stdout).toMatch(/^ {2}removed from \S+secrets\.json$/m);
    expect(all.stdout).toContain('The bot token still works at Discord');
    expect((await status()).report).toMatchObject({ user: null, botToken: null, clientCredentials: null });
  });

  it('CMD_TUI_SECRET_STORE must name a store: an unknown one is a usage error, a forced keyring that cannot be used is refused with the reason', async () => {
    const bogus = await runCli(['auth', 'status', ...api()], { env: { ...home.env, CMD_TUI_SECRET_STORE: 'bogus' } });
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('CMD_TUI_SECRET_STORE="bogus" is not a secret store.');
    const forced = await runCli(['auth', 'set-bot-token', ...api()], { env: { ...home.env, CMD_TUI_SECRET_STORE: 'keyring', DBUS_SESSION_BUS_ADDRESS: '' }, input: `${emulator().botToken}\n` });
    expect(forced.code).toBe(1);
    expect(forced.stderr).toContain('CMD_TUI_SECRET_STORE=keyring, but the OS keyring cannot be used here: no Secret Service');
    expect((await status()).report.botToken).toBeNull();
  });
});
