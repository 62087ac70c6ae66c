/**
 * The suite is sealed from the shell that runs it (issue 38): a contributor's shell exporting their own
 * profile, secret store, bot token, XDG folders and colour settings, with their real home holding a
 * cmd-tui profile, changes no result and no file of theirs. Proved by running some of the files that
 * read settings and write them, spawn the CLI and start the TUI, in a nested `vitest run` from such a
 * shell; the home it calls real is read-only, and is compared file by file after.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { useEmulator } from './helpers/emulator.js';
import { isProjectVariable } from './helpers/hermetic-env.js';

const PROJECT = resolve(import.meta.dirname, '..');
/** Files that failed or wrote the contributor's settings from such a shell before the suite was sealed. */
const FILES = ['test/commands/profile.test.ts', 'test/commands/perms.test.ts', 'test/auth/settings.test.ts', 'test/e2e/profiles.test.ts'];

const made: string[] = [];
afterAll(() => {
  for (const folder of made) {
    chmodSync(folder, 0o700);
    rmSync(folder, { recursive: true, force: true });
  }
});
function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  made.push(path);
  return path;
}

/** Every file and folder below `root`: its path, mode, size, time of change and content digest. */
function snapshot(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((entry) => {
      const path = join(root, entry);
      const info = statSync(path);
      const digest = info.isFile() ? createHash('sha256').update(readFileSync(path)).digest('hex') : '';
      return `${relative(root, path)} ${info.mode.toString(8)} ${info.size} ${info.mtimeMs} ${digest}`;
    });
}

function makeReadOnly(root: string): void {
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) chmodSync(join(root, entry), statSync(join(root, entry)).isDirectory() ? 0o555 : 0o444);
  chmodSync(root, 0o555);
}

describe('the suite in a contributor’s shell', () => {
  const emulator = useEmulator();

  it('each worker starts without the variables cmd-tui reads', () => {
    expect(Object.keys(process.env).filter(isProjectVariable)).toEqual([]);
  });

  it(`passes from a poisoned shell with a read-only home holding a profile, which it leaves untouched (${FILES.length} files)`, { timeout: 240_000 }, async () => {
    const real = folder('cmd-tui-real-home-');
    const xdg = { XDG_CONFIG_HOME: join(real, '.config'), XDG_DATA_HOME: join(real, '.local', 'share'), XDG_CACHE_HOME: join(real, '.cache'), XDG_STATE_HOME: join(real, '.local', 'state') };
    // The contributor's own profile `work`, with a bot token in the file store, made by cmd-tui itself.
    const theirs = { HOME: real, ...xdg, CMD_TUI_SECRET_STORE: 'file' };
    const added = await runCli(['profile', 'add', 'work', '--api', emulator().baseUrl, '--use'], { env: theirs });
    expect(added.code, added.stderr).toBe(0);
    const token = await runCli(['auth', 'set-bot-token', '--profile', 'work'], { env: theirs, input: `${emulator().botToken}\n` });
    expect(token.code, token.stderr).toBe(0);
    expect(readdirSync(join(xdg.XDG_CONFIG_HOME, 'cmd-tui')).length).toBeGreaterThan(0);
    makeReadOnly(real);
    const before = snapshot(real);

    const tmp = folder('cmd-tui-nested-tmp-');
    mkdirSync(join(tmp, 'inner'));
    // The shell this worker was started from, without what vitest told its worker about itself.
    const parent = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^VITEST|^TEST$|^NODE_ENV$/.test(name)));
    const shell: NodeJS.ProcessEnv = {
      ...parent,
      ...theirs,
      TMPDIR: join(tmp, 'inner'),
      CMD_TUI_PROFILE: 'work',
      CMD_TUI_HOME: join(real, 'portable'),
      DISCORD_BOT_TOKEN: 'MTExMTExMTExMTExMTExMTEx.GfakeB.exported-in-the-shell-not-real',
      DISCORD_CLIENT_ID: '111111111111111111',
      DISCORD_CLIENT_SECRET: 'shell-secret-not-real',
      NO_COLOR: '1',
      FORCE_COLOR: '3',
      TERM: 'dumb',
      BROWSER: 'false',
      EDITOR: 'false',
    };
    const nested = await new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, [join(PROJECT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--no-cache', '--maxWorkers=2', ...FILES], { cwd: PROJECT, env: shell, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.on('close', (code) => done({ code, output }));
    });
    expect(nested.code, nested.output.slice(-4000)).toBe(0);
    expect(snapshot(real)).toEqual(before);
    // The nested run's own TMPDIR holds nothing once it is done (it removes its private one).
    expect(readdirSync(join(tmp, 'inner'))).toEqual([]);
  });
});
