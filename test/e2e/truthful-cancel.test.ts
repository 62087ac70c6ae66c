/**
 * Cancelling tells the truth, end to end: the built TUI in tmux against `cmd-tui serve --faults
 * slow:1@2000` (every request answered after 2 s). esc or ctrl+c during a save: once the request has
 * left the screen says it waits for Discord's answer and then reports what happened, and the server
 * agrees; before it left, nothing is sent and the screen says so. A kill -9 after a delete's backup
 * leaves a journal that the next start names, with the restore command.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { CLI_PATH } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { openCommandPermissions, openGuildScope } from './helpers/scope.js';
import { TmuxSession } from './helpers/tmux.js';
import { readEnvironment } from '../../source/config/environment.js';
import { fetchControl } from '../helpers/emulator-control.js';

/**
 * Every request's delay: the window in which the test sees the request on its way and presses esc or ctrl+c
 * (a poll of the screen and a key, well under a second at load 10), and what each start of the TUI waits for.
 */
const ANSWER_MS = 2_000;
const server = useServe(['--seed', 'demo', '--faults', `slow:1@${ANSWER_MS}`]);
const SLOW = 60_000;
const flat = (screen: string) => screen.replace(/\s+/g, ' ');
const LIE = /Nothing (has been|was) sent/;

let home: string;
let tui: TmuxSession | undefined;
beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'cmd-tui-truth-'));
  await fetchControl(server(), '/__emulator/reset', { method: 'POST' });
  const { baseUrl, applicationId, botToken, userToken } = server();
  await updateStoredCredentials(defaultStores(readEnvironment({ CMD_TUI_HOME: home }, process.platform)), baseUrl, applicationId, () => ({
    botToken,
    user: { accessToken: userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'] },
  }));
});
afterEach(() => {
  tui?.kill();
  tui = undefined;
  rmSync(home, { recursive: true, force: true });
});

function start(columns = 120): TmuxSession {
  tui = new TmuxSession([process.execPath, CLI_PATH, '--api', server().baseUrl], { columns, rows: 34, cwd: home, env: { CMD_TUI_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color' } });
  return tui;
}
const press = (action: Action) => tui!.press(action);
const requests = async () => (await (await fetchControl(server(), '/__emulator/requests')).json()) as LoggedRequest[];
const writes = async () => (await requests()).filter((request) => request.method !== 'GET' && request.path.includes('/applications/'));
async function globalCommand(name: string): Promise<{ description: string }> {
  const { baseUrl, applicationId, botToken } = server();
  const list = (await (await fetch(`${baseUrl}/applications/${applicationId}/commands`, { headers: { authorization: `Bot ${botToken}` } })).json()) as { name: string; description: string }[];
  return list.find((command) => command.name === name)!;
}

/** Opens the editor on /ping with one character added to its description, up to the confirmation. */
async function editPing(): Promise<void> {
  await tui!.waitFor((screen) => /^slash\s/m.test(screen), 'the command list', SLOW);
  await tui!.filterTo('ping');
  await tui!.pressAndWait('edit', 'Edit ping', SLOW);
  // To the description (past the name's translations), one field at a time, each drawn before the next look:
  // a press whose frame had not come yet would be pressed again, and overshoot the description.
  for (let step = 0; step < 10 && !/▸ description: /.test(tui!.screen()); step++) {
    const before = tui!.screen();
    await press('nextField');
    await tui!.waitFor((screen) => screen !== before, 'the focus to move', SLOW);
  }
  await tui!.type('!');
  await tui!.pressAndWait('save', 'Save ping?', SLOW);
  await press('toggleButton');
  await press('confirm');
}

describe(`cancelling a save tells the truth (serve --faults slow:1@${ANSWER_MS})`, () => {
  it('esc after the PATCH left: "sent; waiting for Discord\'s answer", then "saved" — and the server has it', { timeout: 180_000 }, async () => {
    start();
    const before = (await globalCommand('ping')).description;
    await editPing();
    await tui!.waitForText("sent; waiting for Discord's answer", SLOW);
    await tui!.key('esc');
    const after = await tui!.waitFor((screen) => /ping: saved; backup:/.test(flat(screen)), 'the saved status', SLOW);
    expect(after).not.toMatch(LIE);
    expect((await globalCommand('ping')).description).toBe(`${before}!`);
  });

  it('ctrl+c while the backup is still being read: nothing is sent, and the screen says so', { timeout: 180_000 }, async () => {
    start();
    const before = (await globalCommand('ping')).description;
    await editPing();
    await tui!.waitForText('Saving ping', SLOW);
    const sentBefore = (await writes()).length;
    await tui!.key('ctrl+c');
    await tui!.waitFor((screen) => flat(screen).includes('Cancelled before it was sent: nothing was sent to Discord'), 'the not-sent status', SLOW);
    // Long enough for a PATCH that had left to have been answered.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_MS + 1_000));
    expect((await writes()).length).toBe(sentBefore);
    expect((await globalCommand('ping')).description).toBe(before);
  });

  it('esc during an overwrites save after the PUT left: the status and the server agree', { timeout: 240_000 }, async () => {
    start();
    await tui!.waitFor((screen) => /^slash\s/m.test(screen), 'the command list', SLOW);
    await openCommandPermissions(tui!, 'Pixel Pal HQ', 'mod-tools');
    await tui!.waitForText('@Moderator', SLOW);
    await tui!.pressAndWait('addOverwrite', 'Add an overwrite to /mod-tools', SLOW);
    await tui!.type('bot-com');
    await tui!.waitFor((screen) => /▸ #bot-commands/.test(screen), 'the picker to narrow to #bot-commands', SLOW);
    await tui!.pressAndWait('select', 'unsaved: 1 added', SLOW);
    await tui!.pressAndWait('save', 'Replace the overwrites of /mod-tools', SLOW);
    await press('toggleButton');
    await tui!.pressAndWait('confirm', "sent; waiting for Discord's answer", SLOW);
    await tui!.key('esc');
    const after = await tui!.waitFor((screen) => flat(screen).includes('Saved 1 added; /mod-tools now has 4/100 overwrites. Backup:'), 'the saved status', SLOW);
    expect(after).not.toMatch(LIE);
    expect(after).not.toContain('Discard');
    expect((await writes()).filter((request) => request.method === 'PUT')).toHaveLength(1);
  });
});

describe('a kill -9 after the backup', () => {
  it('the next start names the interrupted delete, its backup and the restore command', { timeout: 240_000 }, async () => {
    start();
    await tui!.waitFor((screen) => /^slash\s/m.test(screen), 'the command list', SLOW);
    await openGuildScope(tui!, 'Pixel Pal HQ');
    await tui!.waitForText('mod-tools', SLOW);
    await tui!.filterTo('mod-tools');
    await tui!.pressAndWait('delete', 'Delete mod-tools', SLOW);
    await tui!.type('mod-tools');
    await tui!.pressAndWait('confirm', "sent; waiting for Discord's answer", SLOW);
    const locks = join(home, 'data', 'locks');
    const { readdir } = await import('node:fs/promises');
    const [lockName] = await readdir(locks);
    const journal = JSON.parse(await readFile(join(locks, lockName!), 'utf8')) as { pid: number; command: string; backup: string };
    expect(journal.command).toBe('delete mod-tools in the TUI');
    process.kill(journal.pid, 'SIGKILL');
    tui!.kill();

    // Wide: the notice holds the backup's path under the machine's TMPDIR, whose length is not ours to choose.
    start(200);
    await tui!.waitFor((screen) => /^slash\s/m.test(screen), 'the command list', SLOW);
    await openGuildScope(tui!, 'Pixel Pal HQ');
    const screen = flat(await tui!.waitFor((text) => flat(text).includes('was interrupted'), 'the interrupted-write notice', SLOW));
    expect(screen).toContain('An earlier `delete mod-tools in the TUI`');
    expect(screen).toContain(`To undo what it did, \`cmd-tui restore ${journal.backup}\`.`);
  });
});
