/** `cmd-tui --demo` in a real terminal: the embedded emulator starts, the list appears, `q` quits cleanly. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/cli.js';
import { TmuxSession } from './helpers/tmux.js';

let tui: TmuxSession | undefined;
const home = mkdtempSync(join(tmpdir(), 'cmd-tui-demo-e2e-'));
afterAll(() => {
  tui?.kill();
  rmSync(home, { recursive: true, force: true });
});

it('starts the demo offline, signed in with the bot token and the admin user, and quits with q', async () => {
  expect(existsSync(CLI_PATH), 'run `npm run build` first').toBe(true);
  const line = `'${process.execPath}' '${CLI_PATH}' --demo; echo "exit code $?"; sleep 30`;
  tui = new TmuxSession(['sh', '-c', line], { columns: 80, rows: 24, cwd: home, env: { CMD_TUI_HOME: home, NO_COLOR: '1' } });
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
  await tui.key('q');
  await tui.waitForText('exit code 0');
}, 40_000);
