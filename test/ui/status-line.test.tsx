/** The status line wraps a message to the width, at most three lines; a longer one says how to see it whole, and ctrl+e shows it. */
import { expect, it } from 'vitest';
import { RequestCancelledError } from '../../source/api/errors.js';
import { ApplyInterruptedError } from '../../source/operations/send-plan.js';
import { statusLines } from '../../source/ui/components/status-line.js';
import { planFailedLine } from '../../source/ui/screens/overlays/plan-refusals.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

it('keeps a message of up to three lines whole and cuts a longer one, naming ctrl+e', () => {
  expect(statusLines(undefined, 20)).toEqual([' ']);
  expect(statusLines('Saved ping; backup: /b/1.json', 20)).toEqual(['Saved ping; backup:', '/b/1.json']);
  const long = statusLines('word '.repeat(40), 40);
  expect(long).toHaveLength(3);
  expect(long[2]).toMatch(/… \(ctrl\+e shows it all\)$/);
  for (const line of long) expect(line.length).toBeLessThanOrEqual(40);
  const narrow = statusLines('word '.repeat(40), 20);
  expect(narrow[2]).toMatch(/… \(ctrl\+e\)$/);
  for (const line of narrow) expect(line.length).toBeLessThanOrEqual(20);
});

it('cuts a long message where no key shows it whole (the filter), without naming one', () => {
  const cut = statusLines('word '.repeat(40), 40, 'filter');
  expect(cut).toHaveLength(3);
  expect(cut[2]).toMatch(/…$/);
});

it('a path in a message that wraps gets a line of its own, written whole for the terminal to wrap', async () => {
  const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]), { columns: 40, rows: 20 });
  const folder = Array.from({ length: 8 }, (_, i) => `folder-number-${i}`).join('/');
  app.session.files.writeExport = async (name) => `/home/someone/${folder}/${name}`;
  await app.waitForText('ping');
  await app.pressAndWait('export', 'Exported 1 command to');
  expect(app.frame().split('\n')).toContain(`/home/someone/${folder}/commands-global.json`);
  // The frame leaves the rows the terminal wraps the path onto.
  const path = `/home/someone/${folder}/commands-global.json`;
  const rows = app.frame().replace(/\n+$/, '').split('\n').reduce((sum, line) => sum + (line === path ? Math.ceil((line.length + 1) / 40) : 1), 0);
  expect(rows).toBeLessThanOrEqual(20);
  expect(statusLines('Backed up; backup: /home/someone/.cmd-tui/backups/2026-11-27T11-41-24-694Z_global_90e68f.json in Global.', 40)).toEqual([
    'Backed up; backup:',
    '/home/someone/.cmd-tui/backups/2026-11-27T11-41-24-694Z_global_90e68f.json',
    'in Global.',
  ]);
});

it('ctrl+e shows the whole message in an overlay that esc closes', async () => {
  const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]), { columns: 40, rows: 20 });
  app.session.files.writeExport = async () => {
    throw new Error(`the disk is full; ${'the export needs more room than is left '.repeat(4)}`);
  };
  await app.waitForText('ping');
  await app.pressAndWait('export', '(ctrl+e shows it all)');
  await app.pressAndWait('showMessage', 'The whole message');
  expect(app.frame().replace(/[│\s]+/g, ' ')).toContain('the export needs more room than is left the export');
  await app.press('back');
  await waitFor(() => app.frame().includes('(ctrl+e shows it all)'), { message: app.frame });
});

it('a list that did not load says the counts are unknown instead of "counting…" for ever, and a reload clears it', async () => {
  const api = new FakeApi([makeCommand({ name: 'ping' })]);
  api.failNext = new Error('socket hang up');
  const app = await renderApp(api, { columns: 100, rows: 20 });
  await app.waitForText('counts unknown: the list did not load (ctrl+r)');
  await app.pressAndWait('refresh', 'slash 1/100');
  expect(app.frame()).not.toContain('counts unknown');
});

it('a stopped copy says how far it got, what it made and what it did not send before its backup, named once and alone on its line', () => {
  const backup = '/home/someone/.local/state/cmd-tui/backups/2026-12-07T06-55-51-056Z_guild-1579390884871536652_a10d4c.json';
  const steps = ['ping', 'help', 'settings'].map((name) => ({ kind: 'create' as const, command: makeCommand({ name }), created: true }));
  const notSent = Array.from({ length: 31 }, (_, i) => `+ /c${i}`);
  const text = planFailedLine('Copy into Cozy Corner', new ApplyInterruptedError(new RequestCancelledError(false), steps, 34, backup, notSent));
  expect(text).toContain('Made: created /ping, /help, /settings. Not sent: + /c0, + /c1, + /c2, + /c3, + /c4 and 26 more.');
  expect(text.split(backup)).toHaveLength(2);
  for (const width of [79, 39]) {
    const lines = statusLines(text, width);
    expect(lines[0]).toMatch(/^Copy into Cozy Corner stopped after 3/);
    expect(lines).toContain(backup);
    // Named once where the text is cut (at 79 it is not: the path's line comes on top of the text's three).
    expect((lines.join(' ').match(/ctrl\+e/g) ?? []).length).toBe(width === 39 ? 1 : 0);
  }
  expect(statusLines(text, 79).join(' ')).toContain('Made: created /ping');
  // However the text is cut, the path's label stands right above it.
  for (const width of [79, 39]) {
    const lines = statusLines(text, width);
    expect(lines[lines.indexOf(backup) - 1]).toMatch(/Backup taken first \(b restores it\):$/);
  }
  const restored = statusLines(`Restored 9 command changes and 0 overwrite lists in Cozy Corner. The state before is saved in ${backup}.`, 39);
  expect(restored[0]).toMatch(/^Restored 9 command changes/);
  expect(restored.slice(-2)).toEqual(['The state before is saved in', `${backup}.`]);
});

it('a path said twice (the backup, then `cmd-tui restore` of it) is written whole once; nothing after it breaks it mid-token', () => {
  const backup = '/home/someone/.local/state/cmd-tui/backups/2026-12-07T06-55-51-056Z_guild-1579390884871536652_a10d4c.json';
  const text = `Save of ping: the answer was lost. Reload (ctrl+r) to see the scope as it is now; the state before is saved in ${backup} (\`cmd-tui restore ${backup}\` brings it back).`;
  for (const width of [39, 79]) {
    const lines = statusLines(text, width);
    expect(lines.filter((line) => line === backup)).toHaveLength(1);
    expect(lines[lines.indexOf(backup) - 1]).toMatch(/the state before is saved in$/);
    // No other line holds a piece of the path.
    expect(lines.filter((line) => line !== backup && /guild-\d|a10d4c/.test(line))).toEqual([]);
    expect(lines.join(' ')).toMatch(width === 79 ? /cmd-tui restore <the path above>` brings it back/ : /ctrl\+e shows it all/);
  }
});

it('a path between quotes in a command (the journal\'s `cmd-tui restore \'PATH\'`) is a path too: never broken mid-token', () => {
  const backup = '/home/someone/.local/state/cmd-tui/backups/2026-12-07T06-55-51-056Z_guild-1579390884871536652_a10d4c.json';
  const lines = statusLines(`An earlier delete was interrupted. To undo what it did, \`cmd-tui restore '${backup}'\`.`, 39);
  expect(lines).toContain(backup);
  expect(lines.filter((line) => line !== backup && /a10d4c/.test(line))).toEqual([]);
});

