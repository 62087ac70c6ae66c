/**
 * `cmd-tui --demo` in a real terminal: the embedded emulator starts, the list appears, `q` quits
 * cleanly, and the demo's throwaway data folder is gone afterwards — after `q`, and after a kill.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/cli.js';
import { TmuxSession } from './helpers/tmux.js';
import { tempFolder } from '../helpers/temp-folder.js';

let tui: TmuxSession | undefined;
const home = tempFolder('cmd-tui-demo-e2e-');
afterAll(() => {
  tui?.kill();
});

const tmp = join(home, 'tmp');
mkdirSync(tmp);
/** The demo's throwaway folders under this test's TMPDIR (Node's compile cache lives there too). */
const demoFolders = () => readdirSync(tmp).filter((name) => name.startsWith('cmd-tui-demo-'));

/** The pid of the cmd-tui process started with this test's TMPDIR (its environment names it). */
function demoPid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (environ.includes(`TMPDIR=${tmp}`) && argv[1] === CLI_PATH) return Number(entry);
    } catch {
      // gone, or not ours
    }
  }
  return undefined;
}

it('starts the demo offline, signed in with the bot token and the admin user, and quits with q', async () => {
  expect(existsSync(CLI_PATH), 'run `npm run build` first').toBe(true);
  const line = `'${process.execPath}' '${CLI_PATH}' --demo; echo "exit code $?"; sleep 30`;
  tui = new TmuxSession(['sh', '-c', line], { columns: 80, rows: 24, cwd: home, env: { CMD_TUI_HOME: home, NO_COLOR: '1', TMPDIR: tmp } });
  const screen = await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
  expect(screen).toContain('via bot token + user sign-in');
  expect(screen).toMatch(/API demo emulator http:\/\/127\.0\.0\.1:\d+\/api\/v10/);
  expect(screen.split('\n').every((row) => row.length <= 80)).toBe(true);
  // esc closes help and never quits; q then quits.
  await tui.key('?');
  await tui.waitForText('Keys on this screen');
  await tui.key('esc');
  await tui.waitFor((s) => !s.includes('Keys on this screen'), 'help to close');
  await tui.key('esc');
  await tui.waitFor((s) => /^slash\s/m.test(s), 'the list to stay');
  expect(demoFolders()).toHaveLength(1);
  await tui.key('q');
  await tui.waitForText('exit code 0');
  expect(demoFolders()).toEqual([]);
  tui.kill();

  // Killed instead of quit: the throwaway folder still goes.
  tui = new TmuxSession(['sh', '-c', line], { columns: 80, rows: 24, cwd: home, env: { CMD_TUI_HOME: home, NO_COLOR: '1', TMPDIR: tmp } });
  await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
  expect(demoFolders()).toHaveLength(1);
  const pid = demoPid();
  expect(pid).toBeDefined();
  process.kill(pid!, 'SIGTERM');
  await tui.waitForText('exit code 143');
  expect(demoFolders()).toEqual([]);
}, 60_000);
