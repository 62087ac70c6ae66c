/**
 * `npx cmd-tui` as users get it: the tarball packed from a clean copy of the checkout (the files a
 * clone holds, no dist/: `prepack` must build it), installed with a fresh npm cache into an empty
 * folder outside the checkout, pulls at most 12 packages and 15 MB and ships only its launcher (bin/),
 * dist/, README, LICENSE and package.json; `npm publish` finds the bin before `prepack` builds dist/
 * (else the registry's metadata has no bin and `npx cmd-tui` no command); the installed `cmd-tui`
 * answers --version (through npx) and --help, serves the emulator, lists its commands, and draws the
 * TUI's first list frame with --demo.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxSession } from '../e2e/helpers/tmux.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useServe } from '../helpers/serve.js';
import { tempFolder } from '../helpers/temp-folder.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const folder = tempFolder('cmd-tui-packed-');
const project = join(folder, 'project');
/** What `npx cmd-tui` runs: the link npm made to the package's bin. */
const bin = join(project, 'node_modules', '.bin', 'cmd-tui');
let packedFiles: string[] = [];
let publishWarnings = '';
let home: IsolatedHome;
let tui: TmuxSession | undefined;

const npmEnv = { ...process.env, npm_config_loglevel: 'error', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: npmEnv });

function folderSize(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, name) => sum + folderSize(join(path, name)), 0);
}

/** The files a clone of this checkout holds (as they are now, uncommitted edits included), with the checkout's node_modules to build with. */
function cleanCopy(): string {
  const copy = join(folder, 'clone');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

// Packing and installing come first: the emulator below is served by the installed program.
beforeAll(async () => {
  home = await isolatedHome({ NO_COLOR: '1' });
  const copy = cleanCopy();
  expect(existsSync(join(copy, 'dist'))).toBe(false);
  // What npm says while it reads the manifest, before prepack has built anything (nothing is sent: a dry run).
  const publish = spawnSync('npm', ['publish', '--dry-run'], { cwd: copy, encoding: 'utf8', env: { ...npmEnv, npm_config_loglevel: 'warn' } });
  expect(publish.status, publish.stderr).toBe(0);
  publishWarnings = publish.stderr;
  rmSync(join(copy, 'dist'), { recursive: true, force: true });
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', folder], copy).replace(/^[^[]*/, '')) as [{ filename: string; files: { path: string }[] }];
  packedFiles = packed.files.map((file) => file.path).sort();
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-cmd-tui', version: '1.0.0', private: true }));
  // A fresh cache: what a new machine downloads, nothing borrowed from this one's.
  npm(['install', '--cache', join(folder, 'npm-cache'), join(folder, packed.filename)], project);
}, 300_000);
const served = useServe([], { cli: () => bin });
afterAll(async () => {
  tui?.kill();
  await home.cleanup();
});

describe('the packed tarball', () => {
  it('ships its launcher, dist/, README, LICENSE and package.json, and nothing else', () => {
    const outside = packedFiles.filter((path) => !path.startsWith('dist/'));
    expect(outside).toEqual(['LICENSE', 'README.md', 'bin/cmd-tui.js', 'package.json']);
    expect(packedFiles).toContain('dist/cli.js');
    expect(packedFiles.filter((path) => path.endsWith('.map'))).toEqual([]);
  });

  it('installs as ≤ 12 packages and ≤ 15 MB', () => {
    const installed = npm(['ls', '--all', '--parseable'], project).trim().split('\n').slice(1);
    expect(installed.length, installed.join('\n')).toBeLessThanOrEqual(12);
    expect(folderSize(join(project, 'node_modules'))).toBeLessThanOrEqual(15 * 1024 * 1024);
  });

  it('npm publish finds the bin file before prepack builds dist/', () => {
    expect(publishWarnings).not.toMatch(/No bin file found/i);
  });

  it('answers --version (as npx cmd-tui) and --help', async () => {
    const version = npm(['exec', '--offline', '--', 'cmd-tui', '--version'], project);
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await runCli(['--help'], { cli: bin, cwd: project, env: home.env });
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage$/m);
    expect(help.stdout).toMatch(/^ {2}serve\s/m);
  });

  it('serves the emulator and lists its commands', async () => {
    const { baseUrl, botToken } = served();
    const listed = await runCli(['list', '--api', baseUrl, '--json'], { cli: bin, cwd: project, env: { ...home.env, DISCORD_BOT_TOKEN: botToken } });
    expect(listed.code, listed.stderr).toBe(0);
    const names = (JSON.parse(listed.stdout) as { name: string }[]).map((command) => command.name);
    expect(names).toContain('ping');
  });

  it("keeps its compiled code in the user's cache folder, and runs the same when that folder cannot be made", async () => {
    const { baseUrl, botToken } = served();
    const user = join(folder, 'user');
    mkdirSync(user);
    // No CMD_TUI_HOME: a user's own folders, here under a throwaway HOME.
    const env = { ...home.env, CMD_TUI_HOME: undefined, HOME: user, XDG_CACHE_HOME: undefined, XDG_CONFIG_HOME: undefined, XDG_DATA_HOME: undefined, NODE_COMPILE_CACHE: undefined, DISCORD_BOT_TOKEN: botToken };
    const listed = await runCli(['list', '--api', baseUrl, '--json'], { cli: bin, cwd: project, env });
    expect([listed.code, listed.stderr]).toEqual([0, '']);
    const compiled = join(user, '.cache', 'cmd-tui', 'compile');
    expect(readdirSync(compiled).flatMap((version) => readdirSync(join(compiled, version))).length).toBeGreaterThan(0);

    // A file where the cache folder would go: no cache, and nothing else changes.
    const blocked = join(folder, 'blocked-cache');
    writeFileSync(blocked, '');
    const again = await runCli(['list', '--api', baseUrl, '--json'], { cli: bin, cwd: project, env: { ...env, XDG_CACHE_HOME: blocked } });
    expect([again.code, again.stderr, again.stdout]).toEqual([0, '', listed.stdout]);
  });

  it('draws the TUI with --demo', { timeout: 60_000 }, async () => {
    tui = new TmuxSession([process.execPath, bin, '--demo'], { columns: 100, rows: 24, cwd: project, env: { CMD_TUI_HOME: home.home, NO_COLOR: '1' } });
    await tui.waitFor((screen) => /^\s*slash\s/m.test(screen), 'the demo list from the installed package', 20_000);
  });
});
