/**
 * At 80×24 every screen keeps its header on top and its footer on the last line, on one line each:
 * nothing is pushed off screen, even with a status message, a long list, rule markers and a long option tree.
 */
import { describe, expect, it } from 'vitest';
import { footerHints } from '../../source/ui/components/footer.js';
import type { KeyScope } from '../../source/ui/input/key-bindings.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';
import { guildWithBan, openPermissions, setOverwrites } from './permissions/permissions-fixture.js';

const SIZE = { columns: 80, rows: 24 };

/** `footer`: the scope whose hints end the screen, or a pattern (the editor's hints follow the focus). */
function expectFits(frame: string, footer: KeyScope | RegExp, wholePath?: string): void {
  const lines = frame.replace(/\n+$/, '').split('\n');
  // A path wider than the screen is written whole, for the terminal to wrap: the rows it takes count.
  const rows = lines.reduce((sum, line) => sum + (line === wholePath ? Math.ceil((line.length + 1) / SIZE.columns) : 1), 0);
  expect(rows, frame).toBeLessThanOrEqual(SIZE.rows);
  for (const line of lines) if (line !== wholePath) expect(line.length, line).toBeLessThanOrEqual(SIZE.columns);
  expect(lines[0]).toContain('cmd-tui');
  const last = lines.at(-1)?.trimEnd() ?? '';
  if (typeof footer === 'string') expect(last).toBe(footerHints(footer, SIZE.columns - 1));
  else expect(last).toMatch(footer);
}

const EDITOR_FOOTER = /^tab next( field)?\s.*ctrl\+s save.*esc cancel  ctrl\+g help$/;

const manyOptions = Array.from({ length: 12 }, (_, i) => ({ type: 3, name: `option${i}`, description: `The option number ${i}` }));

function crowdedApi(): FakeApi {
  return new FakeApi([
    makeCommand({ name: 'BadName', description: 'uppercase is not allowed' }),
    ...Array.from({ length: 40 }, (_, i) => makeCommand({ name: `command-with-a-long-name-${i}`, description: `A fairly long description for command ${i}`, options: manyOptions as never })),
  ]);
}

/** The detail of a command with twelve options, more than fit. */
async function openLongDetail() {
  const app = await renderApp(crowdedApi(), SIZE);
  await app.waitForText('BadName');
  await app.press('down');
  await app.pressAndWait('open', 'Options');
  return app;
}

describe('80×24', () => {
  it('the footer never wraps: it drops the least needed keys and keeps the ways out and ? help', () => {
    for (const scope of ['list', 'detail', 'editor', 'permissions', 'access', 'confirm'] as const) {
      const hints = footerHints(scope, 79);
      expect(hints.length, scope).toBeLessThanOrEqual(79);
      if (scope !== 'editor' && scope !== 'confirm') expect(hints).toContain('? help');
    }
    expect(footerHints('editor', 79)).toContain('ctrl+s save');
    expect(footerHints('editor', 79)).toContain('esc cancel');
  });

  it('the command list, with rule markers and a status message longer than a line, shown in full', async () => {
    const app = await renderApp(crowdedApi(), SIZE);
    app.session.files.writeExport = async (name) => `/home/someone/projects/a-bot-with-a-long-folder-name/exports/${name}`;
    await app.waitForText('BadName');
    await app.pressAndWait('export', 'Exported 41 commands');
    await waitFor(() => app.frame().includes('breaks a platform rule'));
    const path = '/home/someone/projects/a-bot-with-a-long-folder-name/exports/commands-global.json';
    expectFits(app.frame(), 'list', path);
    // On a line of its own, never broken by the app: selecting it copies the path.
    expect(app.frame().split('\n')).toContain(path);
  });

  it('the detail of a command with a long option tree', async () => {
    const app = await openLongDetail();
    expectFits(app.frame(), 'detail');
    app.api.failNext = new Error('The connection to the API was reset while reading the list of commands of this scope.');
    await app.pressAndWait('refresh', 'Not refreshed');
    expectFits(app.frame(), 'detail');
    expect(app.frame().replace(/\n/g, ' ')).toContain('commands of this scope.');
  });

  it('the editor of a command with many options', async () => {
    const app = await renderApp(crowdedApi(), SIZE);
    await app.waitForText('BadName');
    await app.press('down');
    await app.pressAndWait('edit', 'Edit command-with-a-long-name-');
    expectFits(app.frame(), EDITOR_FOOTER);
    await app.press('nextField', 30);
    expectFits(app.frame(), EDITOR_FOOTER);
  });

  it('an empty overwrite list leaves the keys for the selected overwrite out, so w fits', async () => {
    const { api, ban } = guildWithBan();
    setOverwrites(api, ban.id, []);
    const app = await openPermissions(api);
    app.stdout.resize(SIZE.columns, SIZE.rows);
    await app.waitForText('No overwrites of its own');
    await waitFor(() => app.frame().replace(/\n+$/, '').split('\n').at(-1)?.includes('who can use this?') === true, { message: app.frame });
    expect(app.frame()).not.toContain('allow/deny');
  });

  it('the permissions screen and its who-can-use matrix', async () => {
    const { api } = guildWithBan();
    const app = await openPermissions(api);
    app.stdout.resize(SIZE.columns, SIZE.rows);
    await waitFor(() => app.frame().split('\n').every((line) => line.length <= SIZE.columns));
    await app.pressAndWait('toggleOverwrite', 'unsaved: 1 flipped');
    expectFits(app.frame(), 'permissions');
    await app.pressAndWait('whoCanUse', 'Who can use /ban');
    expectFits(app.frame(), 'access');
  });
});

describe('80×24, with a status of three lines', () => {
  it('the detail keeps its title on top and says which lines it shows', async () => {
    const app = await openLongDetail();
    app.api.failNext = new Error(
      'The connection to the API was reset while reading the list of commands of this scope, twice in a row, after the proxy in front of it closed the socket without an answer.',
    );
    await app.pressAndWait('refresh', 'Not refreshed');
    expectFits(app.frame(), 'detail');
    const lines = app.frame().split('\n');
    expect(lines.filter((line) => line.trim() !== '').length).toBeGreaterThan(20);
    expect(app.frame()).toMatch(/\/command-with-a-long-name-0 +CHAT_INPUT/);
    expect(app.frame()).toMatch(/lines 1–\d+ of \d+/);
  });
});
