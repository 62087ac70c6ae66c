/**
 * `npx cmd-tui` stays light: the packed tarball installed in an empty folder (from the npm cache where it
 * can) pulls at most 12 packages and 15 MB, and both `--version` and the TUI run from that install.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { TmuxSession } from '../e2e/helpers/tmux.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-packed-'));
let tui: TmuxSession | undefined;
afterAll(() => {
  tui?.kill();
  rmSync(folder, { recursive: true, force: true });
});

function folderSize(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, name) => sum + folderSize(join(path, name)), 0);
}

it('the packed tarball installs as ≤ 12 packages and ≤ 15 MB, and runs', { timeout: 180_000 }, async () => {
  const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error', npm_config_fund: 'false', npm_config_audit: 'false' } });
  const tarball = npm(['pack', '--pack-destination', folder, '--silent'], root).trim().split('\n').at(-1)!;
  const project = join(folder, 'project');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-cmd-tui', version: '1.0.0', private: true }));
  npm(['install', '--prefer-offline', join(folder, tarball)], project);

  const installed = npm(['ls', '--all', '--parseable'], project).trim().split('\n').slice(1);
  expect(installed.length, installed.join('\n')).toBeLessThanOrEqual(12);
  const bytes = folderSize(join(project, 'node_modules'));
  expect(bytes).toBeLessThanOrEqual(15 * 1024 * 1024);

  const bin = join(project, 'node_modules', '.bin', 'cmd-tui');
  expect(execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+$/);
  tui = new TmuxSession([process.execPath, bin, '--demo'], { columns: 100, rows: 24, cwd: project, env: { CMD_TUI_HOME: join(folder, 'home'), NO_COLOR: '1' } });
  await tui.waitFor((screen) => /^\s*slash\s/m.test(screen), 'the demo list from the installed package', 20_000);
});
