/**
 * The permissions editor end to end: `cmd-tui --demo` (the built binary with its embedded emulator)
 * in a real terminal. Opens a guild, opens a command's overwrites, adds one through the picker,
 * saves it after the preview, then checks the emulator's request log over HTTP and reads the list
 * back from the server by opening the screen again.
 */
import { existsSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { CLI_PATH } from '../helpers/cli.js';
import { openCommandPermissions } from './helpers/scope.js';
import { TmuxSession } from './helpers/tmux.js';
import { controlIn, fetchControl } from '../helpers/emulator-control.js';
import { tempFolder } from '../helpers/temp-folder.js';

let tui: TmuxSession | undefined;
const home = tempFolder('cmd-tui-perms-e2e-');
afterAll(() => {
  tui?.kill();
});

const press = (action: Action) => tui!.press(action);

it('adds an overwrite through the picker and saves it with one PUT', async () => {
  expect(existsSync(CLI_PATH), 'run `npm run build` first').toBe(true);
  tui = new TmuxSession([process.execPath, CLI_PATH, '--demo'], { columns: 110, rows: 32, cwd: home, env: { CMD_TUI_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color' } });
  const first = await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
  const origin = /demo emulator (http:\/\/127\.0\.0\.1:\d+)\/api\/v10/.exec(first)?.[1];
  expect(origin).toBeDefined();

  // Its overwrites, by name: a channel the bot cannot view is shown as such.
  await openCommandPermissions(tui, 'Pixel Pal HQ', 'mod-tools');
  await tui.waitForText('Overwrites of /mod-tools in Pixel Pal HQ · 3/100');
  const opened = await tui.waitForText('@Moderator');
  expect(opened).toMatch(/deny\s+role\s+@everyone/);
  expect(opened).toMatch(/allow\s+channel\s+hidden channel \d+/);

  // Add #bot-commands through the filterable picker.
  await press('addOverwrite');
  await tui.waitForText('Add an overwrite to /mod-tools');
  await tui.type('bot-com');
  await tui.waitFor((s) => /▸ #bot-commands/.test(s), 'the picker to narrow to #bot-commands');
  await press('select');
  await tui.waitFor((s) => /\+ allow\s+channel\s+#bot-commands/.test(s), 'the added overwrite');
  await tui.waitForText('4/100 · unsaved: 1 added');

  // Save: the preview first, focus on Cancel; then one PUT.
  await press('save');
  await tui.waitForText('Replace the overwrites of /mod-tools in Pixel Pal HQ?');
  expect(tui.screen()).toContain('+ allow channel #bot-commands');
  await press('toggleButton');
  await press('confirm');
  await tui.waitForText('Saved 1 added; /mod-tools now has 4/100 overwrites. Backup:');

  const log = (await (await fetchControl(await controlIn(home, origin!), '/__emulator/requests')).json()) as LoggedRequest[];
  const writes = log.filter((r) => r.method !== 'GET');
  expect(writes).toHaveLength(1);
  expect(writes[0]).toMatchObject({ method: 'PUT', status: 200 });
  expect(writes[0]?.path).toMatch(/\/guilds\/\d+\/commands\/\d+\/permissions$/);
  expect(writes[0]?.auth).toMatch(/bearer|user/i);

  // Read back from the server: leave and open the screen again.
  await press('back');
  await tui.waitFor((s) => !s.includes('Overwrites of /mod-tools'), 'the list');
  await press('permissions');
  const reread = await tui.waitForText('Overwrites of /mod-tools in Pixel Pal HQ · 4/100');
  expect(reread).toMatch(/ allow\s+channel\s+#bot-commands/);
  expect(reread).not.toContain('unsaved');
  await press('quit');
}, 60_000);
