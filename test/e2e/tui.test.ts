/**
 * The TUI end to end: the built binary in tmux against the emulator over real HTTP. Filter, open a
 * detail, create a slash command with a subcommand and choices (fixing an invalid name shown inline),
 * edit its description, rename it (warning shown), delete it by typing its name; then check the
 * emulator's state and request log.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { CLI_PATH } from '../helpers/cli.js';
import { call, useEmulator } from '../helpers/emulator.js';
import { TmuxSession } from './helpers/tmux.js';
import { callControl } from '../helpers/emulator-control.js';

const emulator = useEmulator({ seed: 'demo' });
let tui: TmuxSession;
let home: string;

const press = (action: Action) => tui.press(action);

beforeAll(() => {
  if (!existsSync(CLI_PATH)) throw new Error('dist/cli.js is missing: run `npm run build` (npm test does) first');
  home = mkdtempSync(join(tmpdir(), 'cmd-tui-e2e-'));
  const running = emulator();
  tui = new TmuxSession([process.execPath, CLI_PATH, '--api', running.baseUrl], {
    columns: 100,
    rows: 32,
    cwd: home,
    env: { DISCORD_BOT_TOKEN: running.botToken, CMD_TUI_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color' },
  });
});

afterAll(() => {
  tui?.kill();
  rmSync(home, { recursive: true, force: true });
});

async function commandsNamed(name: string) {
  const running = emulator();
  const list = await call(running, 'GET', `/applications/${running.applicationId}/commands?with_localizations=true`, { auth: `Bot ${running.botToken}` });
  return (list.body as { name: string; description: string; options?: unknown[] }[]).filter((c) => c.name === name);
}

describe('cmd-tui in a real terminal', () => {
  it('browses, creates, edits, renames and deletes a command', async () => {
    await tui.waitForText('slash ');
    await tui.waitForText('ping');
    expect(tui.screen()).toContain(`local ${emulator().baseUrl}`);

    // Help comes from the key table; esc closes it (and never quits).
    await tui.pressAndWait('help', 'Keys on this screen');
    await press('back');
    await tui.waitFor((s) => !s.includes('Keys on this screen'), 'help to close');

    // Filter, then open the detail of what is left.
    await press('filter');
    await tui.type('ban');
    await tui.waitFor((s) => !s.includes('ping'), 'the filter to hide ping');
    await press('filterDone');
    await tui.pressAndWait('open', '/ban  CHAT_INPUT');
    await tui.waitForText('default member permissions: BAN_MEMBERS');
    await press('back');
    await tui.key('esc'); // clears the kept filter
    await tui.waitForText('ping');

    // Create: an invalid name is shown inline, then fixed.
    await tui.pressAndWait('new', 'New command in Global');
    await tui.type('Music');
    await tui.waitFor((s) => /✗.*lowercase/i.test(s), 'the inline name error');
    for (let i = 0; i < 5; i++) await tui.key('backspace');
    await tui.type('e2e-music');
    await tui.waitFor((s) => !/✗.*lowercase/i.test(s), 'the name error to go away');
    await press('nextField');
    await tui.type('Play music');
    await tui.pressAndWait('addOption', 'option 1 type: STRING');
    await press('prevField');
    await tui.pressAndWait('activate', 'Option type');
    // The picker opens on the option's type (STRING); SUB_COMMAND is two up.
    await tui.key('up');
    await tui.key('up');
    await tui.key('enter');
    await tui.waitForText('option 1 type: SUB_COMMAND');
    await press('nextField');
    await tui.type('play');
    await press('nextField');
    await tui.type('Play a song');
    await tui.pressAndWait('addOption', 'option 1.1 type: STRING');
    await tui.type('genre');
    await press('nextField');
    await tui.type('Which genre');
    await press('addChoice');
    await tui.type('Rock');
    await press('nextField');
    await tui.type('rock');
    await press('addChoice');
    await tui.type('Jazz');
    await press('nextField');
    await tui.type('jazz');
    await tui.waitForText('no problems');
    await tui.pressAndWait('save', "uses one of the day's 200 creates");
    await press('toggleButton');
    await tui.pressAndWait('confirm', 'e2e-music: created in Global');
    await tui.waitForText('creates today 1/200');
    const [created] = await commandsNamed('e2e-music');
    expect(created?.options).toMatchObject([{ type: 1, name: 'play', options: [{ type: 3, name: 'genre', choices: [{ name: 'Rock', value: 'rock' }, { name: 'Jazz', value: 'jazz' }] }] }]);

    // Edit its description.
    await tui.filterTo('e2e-music');
    await tui.pressAndWait('edit', 'Edit e2e-music in Global');
    await press('nextField');
    await tui.type(' now');
    await press('save');
    // A plain edit is reviewed too: what changes, field by field, before the PATCH.
    await tui.waitForText('description: "Play music" → "Play music now"');
    await press('toggleButton');
    await tui.pressAndWait('confirm', 'e2e-music: saved; backup:');
    expect((await commandsNamed('e2e-music'))[0]?.description).toBe('Play music now');

    // Rename it: the warning says the overwrites go.
    await tui.pressAndWait('edit', 'Edit e2e-music in Global');
    await tui.type('-x');
    await tui.pressAndWait('save', 'permanently deletes its permission overwrites');
    await press('toggleButton');
    await tui.pressAndWait('confirm', 'e2e-music-x: saved; backup:');

    // Delete it by typing its name.
    await press('filterClear');
    await tui.key('esc');
    await tui.filterTo('e2e-music-x');
    await tui.pressAndWait('delete', 'Delete e2e-music-x from Global?');
    await tui.type('e2e-music-x');
    await tui.pressAndWait('confirm', 'Deleted e2e-music-x and its overwrites; backup:');
    expect(await commandsNamed('e2e-music-x')).toEqual([]);

    const log = (await callControl(emulator(), 'GET', '/__emulator/requests')).body as { method: string; path: string; status: number }[];
    const mutations = log.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.status}`);
    expect(mutations).toEqual(['POST 201', 'PATCH 200', 'PATCH 200', 'DELETE 204']);

    await press('quit');
  }, 90_000);
});
