/**
 * Keys and screens that do what they say: the filter ranks the exact name first and starts again in
 * another scope, a page is a screenful, the detail wraps and names every localization, the locale
 * picker names languages and filters as you type, translations land under their field, and space
 * toggles a multi picker.
 */
import { describe, expect, it } from 'vitest';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { openContextsPicker } from './helpers/editor-steps.js';
import { waitFor } from './helpers/wait-for.js';
import { guildWithBan, openPermissions } from './permissions/permissions-fixture.js';

async function start(api: FakeApi, size = { columns: 100, rows: 30 }) {
  const app = await renderApp(api, size);
  return app;
}

describe('the list', () => {
  it('puts the exact name first, so enter opens what was typed', async () => {
    const app = await start(new FakeApi([makeCommand({ name: 'birthday', description: 'Set a reminder for birthdays' }), makeCommand({ name: 'remind', description: 'Remind me later' })]));
    await app.waitForText('birthday');
    await app.filterTo('remind');
    await app.pressAndWait('open', '/remind  CHAT_INPUT');
  });

  it('starts unfiltered in another scope', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    api.commands.set(`guild:${api.guilds[0]!.id}`, [makeCommand({ name: 'guildonly' }, { kind: 'guild', guildId: api.guilds[0]!.id })]);
    const app = await start(api);
    await app.waitForText('ping');
    await app.filterTo('pi');
    await app.pressAndWait('scope', 'Test Guild');
    await app.chord('down');
    await app.chord('enter');
    await waitFor(() => app.frame().includes('guildonly'), { message: app.frame });
    expect(app.frame()).not.toContain('/ pi');
  });

  it('pgdn moves a screenful less one row', async () => {
    const app = await start(new FakeApi(Array.from({ length: 60 }, (_, i) => makeCommand({ name: `c${String(i).padStart(2, '0')}` }))), { columns: 100, rows: 30 });
    await app.waitForText('c00');
    await app.chord('pgdn');
    // 22 rows of commands on screen (c00–c21): a page is 21, so the last row shown becomes the selection.
    await waitFor(() => /▸slash\s+c21/.test(app.frame()), { message: app.frame });
    expect(app.frame()).toContain('c00');
    await app.chord('pgdn');
    await waitFor(() => /▸slash\s+c42/.test(app.frame()) && !app.frame().includes('c00'), { message: app.frame });
  });
});

describe('the detail', () => {
  it('shows every localization on its own line with its language, wrapped, never cut', async () => {
    const description = 'Zeigt den Avatar eines Mitglieds in voller Größe an, mit einem Link zum Herunterladen in jeder Auflösung';
    const app = await start(new FakeApi([makeCommand({ name: 'avatar', name_localizations: { ja: 'アバター', de: 'avatar' }, description_localizations: { de: description } } as never)]), { columns: 80, rows: 30 });
    await app.waitForText('avatar');
    await app.pressAndWait('open', 'name localizations (2):');
    expect(app.frame()).toContain('ja (Japanese): アバター');
    expect(app.frame().replace(/\s*\n\s*/g, ' ')).toContain(`de (German): ${description}`);
    expect(app.frame()).toContain('back in the list (esc), s picks a guild to see them');
  });
});

describe('the editor’s pickers', () => {
  it('names each locale, filters as you type, and puts the new row under the field it translates', async () => {
    const app = await start(new FakeApi([makeCommand({ name: 'avatar', description: 'Show an avatar' })]));
    await app.waitForText('avatar');
    await app.pressAndWait('edit', 'Edit avatar');
    await app.pressAndWait('addLocalization', 'Add a translation of name');
    expect(app.frame()).toMatch(/id {2}Indonesian/);
    // More locales than rows: the picker says which of them are shown.
    expect(app.frame()).toMatch(/1–\d+ of \d+ \(↑↓ moves\)/);
    await app.type('japan');
    await waitFor(() => /▸ ja {2}Japanese/.test(app.frame()) && !app.frame().includes('Indonesian'), { message: app.frame });
    await app.chord('enter');
    await app.type('アバター');
    await waitFor(() => /name: avatar\n▸ {3}name \[ja Japanese\]: アバター\n {2}description: Show an avatar/.test(app.frame()), { message: app.frame });
  });

  it('space toggles an item of a multi picker', async () => {
    const app = await start(new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]));
    await app.waitForText('ping');
    await openContextsPicker(app);
    await app.chord('space');
    await waitFor(() => app.frame().includes('[x] GUILD'), { message: app.frame });
  });
});

describe('the overwrites list', () => {
  it('G goes to the last overwrite and g to the first', async () => {
    const app = await openPermissions(guildWithBan().api);
    await app.waitForText('4/100');
    await app.press('bottom');
    await waitFor(() => /▸.*deleted role 500000000000000099/.test(app.frame()), { message: app.frame });
    await app.press('top');
    await waitFor(() => /▸.*@Moderator/.test(app.frame()), { message: app.frame });
  });
});
