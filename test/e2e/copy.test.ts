/**
 * Copying in the terminal UI: `cmd-tui --demo` in tmux, `c` on a global command, pick a guild, see
 * the plan (with the dropped global-only fields), confirm; the emulator's log shows the backup's
 * reads and then one POST into that guild.
 */
import { existsSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { CLI_PATH } from '../helpers/cli.js';
import { TmuxSession } from './helpers/tmux.js';
import { controlIn, fetchControl } from '../helpers/emulator-control.js';
import { tempFolder } from '../helpers/temp-folder.js';

let tui: TmuxSession | undefined;
const home = tempFolder('cmd-tui-copy-e2e-');
afterAll(() => {
  tui?.kill();
});

it('c copies the selected command into a guild after showing the plan', { timeout: 60_000 }, async () => {
  expect(existsSync(CLI_PATH), 'run `npm run build` first').toBe(true);
  tui = new TmuxSession([process.execPath, CLI_PATH, '--demo'], { columns: 110, rows: 30, cwd: home, env: { CMD_TUI_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color' } });
  const first = await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
  const origin = /demo emulator (http:\/\/127\.0\.0\.1:\d+)\/api\/v10/.exec(first)?.[1];
  expect(origin).toBeDefined();
  await tui.waitFor((s) => /▸\s*slash\s+avatar/.test(s), 'the first command selected');

  await tui.key('c');
  await tui.waitForText('Copy /avatar to…');
  await tui.key('down');
  await tui.key('enter');
  const review = await tui.waitForText('Copy /avatar into Speedrun Club?');
  // /avatar was created without contexts, so the API holds null there: only integration_types is dropped.
  expect(review).toContain('/avatar: dropped integration_types');
  expect(review).toContain('+ create /avatar');
  expect(review).toMatch(/▸ Cancel/);
  const demo = await controlIn(home, origin!);
  const before = ((await (await fetchControl(demo, '/__emulator/requests')).json()) as LoggedRequest[]).length;
  await tui.key('tab');
  await tui.key('enter');
  await tui.waitForText('Copied 1 change into Speedrun Club; backup:');
  const log = ((await (await fetchControl(demo, '/__emulator/requests')).json()) as LoggedRequest[]).slice(before);
  const writes = log.filter((request) => request.method !== 'GET');
  expect(writes).toHaveLength(1);
  expect(writes[0]!.method).toBe('POST');
  expect(writes[0]!.path).toMatch(/\/guilds\/\d+\/commands$/);
  // The backup read the target before the write.
  const firstWrite = log.indexOf(writes[0]!);
  expect(log.slice(0, firstWrite).some((request) => request.method === 'GET' && request.path.endsWith(writes[0]!.path.replace('/api/v10', '')))).toBe(true);
});
