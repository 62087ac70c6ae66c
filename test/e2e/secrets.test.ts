/**
 * Secrets survive the process that stored them, on this very machine: the built binary run as a user
 * would, with a fresh HOME and no store override, against the emulator over HTTP. First as over SSH
 * or in CI (no D-Bus session: the keyring is refused and the 0600 file is used), then with a real
 * Secret Service (gnome-keyring on a private session bus), as on a Linux desktop — and one account
 * that works at that desktop and over SSH in turn.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, stat, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumBrowserProgram } from '../helpers/chromium.js';
import { CLI_PATH, runCli, type CliResult } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { SECRET_SERVICE_AVAILABLE, startSecretService, type SecretService } from '../helpers/secret-service.js';
import { TmuxSession } from './helpers/tmux.js';

const emulator = useEmulator();
/** `chattr +i` needs root and a filesystem with the immutable flag (ext4, xfs, btrfs). */
const CHATTR = chattrWorks();
let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cmd-tui-user-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

/** A new user's environment: their own HOME, nothing of cmd-tui's or Discord's set. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, ...extra };
  for (const name of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'CMD_TUI_HOME', 'CMD_TUI_SECRET_STORE', 'DISCORD_BOT_TOKEN', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET']) delete env[name];
  if (!('DBUS_SESSION_BUS_ADDRESS' in extra)) delete env.DBUS_SESSION_BUS_ADDRESS;
  return env;
}

const secretsFile = () => join(home, '.local', 'share', 'cmd-tui', 'secrets.json');
const exists = (path: string) => stat(path).then(() => true, () => false);
const api = () => ['--api', emulator().baseUrl];
const ok = (result: CliResult) => expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);

interface StatusReport {
  botToken: { source: string } | null;
  user: { username: string | null; scopes: string[]; source: string } | null;
  secretStore: { file: string; keyring: { state: string; reason?: string } };
}
async function status(env: NodeJS.ProcessEnv): Promise<StatusReport> {
  const result = await runCli(['auth', 'status', '--json', ...api()], { env });
  return JSON.parse(result.stdout) as StatusReport;
}

describe('without a desktop keyring (SSH, CI): the secrets file', () => {
  it('auth set-bot-token, then a new process lists the commands and auth status says where the token is and why', async () => {
    const env = userEnv();
    const stored = await runCli(['auth', 'set-bot-token', ...api()], { env, input: `${emulator().botToken}\n` });
    ok(stored);
    expect(stored.stdout).toContain(`in ${secretsFile()}, under the profile pixel-pal (new).`);
    expect(stored.stdout).not.toContain('keyring');
    expect(stored.stderr).toContain('OS keyring not used: no Secret Service');
    expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);

    const list = await runCli(['list', ...api()], { env });
    ok(list);
    expect(list.stdout).toContain('ping');

    const report = await status(env);
    expect(report.botToken?.source).toBe(secretsFile());
    expect(report.secretStore.keyring).toMatchObject({ state: 'not used', reason: expect.stringContaining('DBUS_SESSION_BUS_ADDRESS') });
    const text = await runCli(['auth', 'status', ...api()], { env });
    expect(text.stdout).toMatch(/^OS keyring: not used \(checked \d{4}-\d\d-\d\d without a session bus \(no desktop session\)\): no Secret Service .*; secrets go to .*secrets\.json/m);

    ok(await runCli(['auth', 'logout', '--all', ...api()], { env }));
    expect(JSON.parse(await readFile(secretsFile(), 'utf8')).secrets).toEqual({});
    expect((await runCli(['list', ...api()], { env })).code).not.toBe(0);
  });

  it.skipIf(!CHATTR)('a settings folder that refuses writes: set-bot-token stores nothing and names the folder and the fix', async () => {
    const env = userEnv();
    const config = join(home, '.config', 'cmd-tui');
    await mkdir(config, { recursive: true });
    // Tests run as root, whom file modes do not stop; the immutable flag stops everyone.
    execFileSync('chattr', ['+i', config]);
    try {
      const stored = await runCli(['auth', 'set-bot-token', ...api()], { env, input: `${emulator().botToken}\n` });
      expect(stored.code).toBe(6);
      expect(stored.stderr).toContain(`cmd-tui cannot write in ${config} (permission denied); nothing was stored there.`);
      expect(stored.stderr).toContain(`chmod u+rwx "${config}"`);
      expect(stored.stderr).not.toMatch(/unexpected|EACCES|EPERM|\n\s+at /);
      expect(await exists(secretsFile())).toBe(false);
    } finally {
      execFileSync('chattr', ['-i', config]);
    }
    expect((await status(env)).botToken).toBeNull();
  });

  it.skipIf(!CHROMIUM)('auth login through headless Chromium, then a new process auth status shows the user and scopes', { timeout: 120_000 }, async () => {
    const { program, log } = await chromiumBrowserProgram(home, CHROMIUM!);
    const env = userEnv();
    const login = await runCli(['auth', 'login', '--client-id', emulator().publicClientId, '--preset', 'permissions', ...api()], { env: { ...env, BROWSER: program } });
    expect(login.code, `${login.stderr}\n${await readFile(log, 'utf8').catch(() => '')}`).toBe(0);
    expect(login.stdout).toContain(`Stored in ${secretsFile()}, under the profile`);
    const report = await status(env);
    expect(report.user).toMatchObject({ username: 'ada', source: secretsFile() });
    expect(report.user!.scopes.sort()).toEqual(['applications.commands.permissions.update', 'guilds', 'identify']);
  });
});

describe.skipIf(!SECRET_SERVICE_AVAILABLE)('with a real Secret Service (gnome-keyring on D-Bus): the OS keyring', () => {
  let service: SecretService;
  beforeAll(async () => {
    service = await startSecretService();
  });
  afterAll(() => service?.stop());

  it('auth set-bot-token stores in the keyring, a new process finds it, logout removes it', async () => {
    const env = userEnv({ DBUS_SESSION_BUS_ADDRESS: service.address });
    const stored = await runCli(['auth', 'set-bot-token', ...api()], { env, input: `${emulator().botToken}\n` });
    ok(stored);
    expect(stored.stdout).toContain('in the OS keyring, under the profile pixel-pal (new).');
    expect(stored.stderr).toBe('');
    expect(await exists(secretsFile())).toBe(false);

    ok(await runCli(['list', ...api()], { env }));
    const report = await status(env);
    expect(report.botToken?.source).toBe('the OS keyring');
    expect(report.secretStore.keyring.state).toBe('in use');

    ok(await runCli(['auth', 'logout', '--all', ...api()], { env }));
    expect((await status(env)).botToken).toBeNull();
  });

  it('one run over SSH does not strand the desktop keyring: the token is still used there, and logout over SSH says it cannot remove it', { timeout: 60_000 }, async () => {
    const desktop = userEnv({ DBUS_SESSION_BUS_ADDRESS: service.address });
    const overSsh = userEnv({ SSH_CONNECTION: '192.0.2.1 50000 192.0.2.2 22' });
    ok(await runCli(['auth', 'set-bot-token', ...api()], { env: desktop, input: `${emulator().botToken}\n` }));
    const account = `${emulator().baseUrl} ${emulator().applicationId}`;
    expect(keyringEntry(account)).toContain(emulator().botToken);

    // Over SSH the Secret Service cannot be reached: the failure says where the token may be.
    const remote = await runCli(['list', ...api()], { env: overSsh });
    expect(remote.code).toBe(4);
    expect(remote.stderr).toContain('a credential may be in the OS keyring, which this session cannot reach (no session bus): run this at the desktop');
    // With nothing at all, nothing is said about what a browser sign-in could not do.
    expect(remote.stderr).toContain('No credentials are set for this API and application.');
    expect(remote.stderr).not.toContain('sign-in cannot manage commands');
    const remoteStatus = await runCli(['auth', 'status', ...api()], { env: overSsh });
    expect(remoteStatus.stdout).toMatch(/^OS keyring: not used \(checked \d{4}-\d\d-\d\d over SSH \(no session bus\)\): no Secret Service/m);
    // A sign-in is kept with the rest: it may be in the keyring too.
    expect(remoteStatus.stdout).toMatch(/^Sign-in: not set here \(the OS keyring could not be asked: see below\)$/m);

    // Back at the desktop: the keyring is used, and the status says so with where it was checked.
    ok(await runCli(['list', ...api()], { env: desktop }));
    const report = await status(desktop);
    expect(report.botToken?.source).toBe('the OS keyring');
    expect(report.secretStore.keyring.state).toBe('in use');
    const text = await runCli(['auth', 'status', ...api()], { env: desktop });
    expect(text.stdout).toMatch(/^Bot token: set \(the OS keyring\)$/m);
    expect(text.stdout).toMatch(/^OS keyring: in use \(checked \d{4}-\d\d-\d\d in a desktop session \(session bus\); reached by this run\)$/m);
    const rechecked = await runCli(['auth', 'status', '--recheck', ...api()], { env: desktop });
    expect(rechecked.stdout).toMatch(/^OS keyring: in use \(checked \d{4}-\d\d-\d\d in a desktop session/m);

    // Logout over SSH cannot reach the keyring: it says so, names it, and does not exit 0.
    const remoteLogout = await runCli(['auth', 'logout', '--all', ...api()], { env: overSsh });
    expect(remoteLogout.code).toBe(1);
    expect(remoteLogout.stdout).not.toContain('Forgot');
    expect(remoteLogout.stdout).toContain('the OS keyring could not be reached');
    expect(remoteLogout.stderr).toContain('A secret may remain in the OS keyring, which this session cannot reach');
    expect(remoteLogout.stderr).toContain('at the desktop');
    expect(keyringEntry(account)).toContain(emulator().botToken);
    const remoteJson = await runCli(['auth', 'logout', '--json', ...api()], { env: overSsh });
    expect(remoteJson.code).toBe(1);
    expect(JSON.parse(remoteJson.stdout)).toMatchObject({ mayRemain: true, removal: { keyring: { outcome: 'unreachable', mayHold: true }, file: { outcome: 'absent' } } });

    const local = await runCli(['auth', 'logout', ...api()], { env: desktop });
    ok(local);
    expect(local.stdout).toContain('removed from the OS keyring');
    expect(keyringEntry(account)).toBe('');
    expect((await runCli(['list', ...api()], { env: desktop })).code).toBe(4);
  });

  /** What gnome-keyring holds for cmd-tui under this account, as `secret-tool` (not cmd-tui) reads it. */
  function keyringEntry(account: string): string {
    const found = spawnSync('secret-tool', ['search', '--all', '--unlock', 'service', 'cmd-tui', 'username', account], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: service.address }, encoding: 'utf8' });
    return found.stdout;
  }

  it('over SSH the TUI says the keyring may hold a credential, as the CLI does, not "no credentials found"', { timeout: 60_000 }, async () => {
    const desktop = userEnv({ DBUS_SESSION_BUS_ADDRESS: service.address });
    ok(await runCli(['auth', 'set-bot-token', ...api()], { env: desktop, input: `${emulator().botToken}\n` }));
    const overSsh = { HOME: home, DBUS_SESSION_BUS_ADDRESS: '', SSH_CONNECTION: '192.0.2.1 50000 192.0.2.2 22', DISCORD_BOT_TOKEN: '', NO_COLOR: '1', TERM: 'xterm-256color' };
    const tui = new TmuxSession([process.execPath, CLI_PATH, ...api()], { columns: 160, rows: 30, cwd: home, env: overSsh });
    try {
      const screen = (await tui.waitForText('How do you want to start?', 45_000)).replace(/\s+/g, ' ');
      expect(screen).toContain('No credentials found here, but some may be in the OS keyring, which this session cannot reach');
      expect(screen).toContain('cannot reach (no session bus)');
      expect(screen).not.toContain('No credentials found (DISCORD_BOT_TOKEN');
    } finally {
      tui.kill();
    }
    ok(await runCli(['auth', 'logout', '--all', ...api()], { env: desktop }));
  });

  it('a token stored in the file while the keyring was missing is still found once the keyring works', async () => {
    ok(await runCli(['auth', 'set-bot-token', ...api()], { env: userEnv(), input: `${emulator().botToken}\n` }));
    const desktop = userEnv({ DBUS_SESSION_BUS_ADDRESS: service.address });
    ok(await runCli(['list', ...api()], { env: desktop }));
    expect((await status(desktop)).botToken?.source).toBe(secretsFile());
    ok(await runCli(['auth', 'logout', '--all', ...api()], { env: desktop }));
    expect(JSON.parse(await readFile(secretsFile(), 'utf8')).secrets).toEqual({});
  });
});

function chattrWorks(): boolean {
  try {
    const probe = mkdtempSync(join(tmpdir(), 'cmd-tui-chattr-'));
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    rmSync(probe, { recursive: true });
    return true;
  } catch {
    console.warn('Skipping the read-only settings folder check: chattr +i is not available here (it needs root and ext4, xfs or btrfs).');
    return false;
  }
}
