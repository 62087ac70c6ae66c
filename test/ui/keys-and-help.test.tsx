/**
 * Keys and help that are true where they are shown (issue 29): the who-can-use grid has its own help,
 * the footer leaves out keys that would do nothing, a picker opens on the value the field has, and
 * help says "asks first" once.
 */
import { describe, expect, it } from 'vitest';
import { DiscordApiError } from '../../source/api/errors.js';
import type { CommandDraft } from '../../source/discord/model.js';
import { pickerModel } from '../../source/ui/screens/command-editor/picker-items.js';
import { helpLines } from '../../source/ui/screens/overlays/text-overlay.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';
import { guildWithBan, openPermissions } from './permissions/permissions-fixture.js';

describe('help and footer', () => {
  it('? on the who-can-use grid shows the grid keys, not the overwrite list keys', async () => {
    const app = await openPermissions(guildWithBan().api);
    await app.pressAndWait('whoCanUse', 'Who can use');
    await app.pressAndWait('help', 'Keys on this screen');
    expect(app.frame()).toContain('check a member');
    expect(app.frame()).toContain('next channel');
    expect(app.frame()).not.toContain('add overwrite');
  });

  it('a list that failed to load offers no key that acts on commands', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const app = await renderApp(api, { columns: 120, rows: 24 });
    await app.waitForText('ping');
    api.failNext = new DiscordApiError(500, 0, 'Discord answered 500 to GET /applications/1/commands: HTTP 500', 'GET', '/applications/1/commands', [], undefined, 'HTTP 500');
    await app.pressAndWait('scope', 'Test Guild');
    await app.chord('down');
    await app.chord('enter');
    await waitFor(() => app.frame().includes('Could not load the commands'), { message: app.frame });
    const footer = app.frame().trimEnd().split('\n').at(-1) ?? '';
    expect(footer).toContain('? help');
    for (const hint of ['n new', 'e edit', 'delete', 'permissions', 'filter']) expect(footer).not.toContain(hint);
  });

  it('at 40×12 the list uses the rows it has: above the footer only the status row and the legend row can be blank', async () => {
    const app = await renderApp(new FakeApi(Array.from({ length: 20 }, (_, i) => makeCommand({ name: `c${String(i).padStart(2, '0')}` }))), { columns: 40, rows: 12 });
    await app.waitForText('c00');
    const lines = app.frame().trimEnd().split('\n');
    const blank = lines.slice(0, -1).reverse().findIndex((line) => line.trim() !== '');
    expect(blank, app.frame()).toBeLessThanOrEqual(2);
  });

  it('says a dangerous key asks first once', () => {
    const lines = helpLines('list').map((line) => line.text);
    expect(lines.filter((line) => line.split('asks first').length > 2)).toEqual([]);
    expect(lines.find((line) => line.includes('copy the command'))).toMatch(/asks first\) \(changes Discord\)$/);
  });
});

describe('esc on the list', () => {
  it('cancels a load in flight, as k9s and lazygit users expect, and never quits', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const app = await renderApp(api, { columns: 120, rows: 24 });
    await app.waitForText('ping');
    api.gate = new Promise(() => undefined);
    await app.pressAndWait('refresh', 'Loading commands');
    await app.chord('esc');
    await app.waitForText('Loading was cancelled. — Press ctrl+r to load again.');
    expect(app.frame()).not.toContain('Loading commands…');
    // Nothing left to stop: esc says so instead of doing nothing.
    await app.chord('esc');
    await app.waitForText('esc cancel load / clear filter is off: nothing to cancel or clear (q quits).');
  });
});

describe('pickers', () => {
  it('open on the type the option has', () => {
    const draft = { type: 1, name: 'up', description: 'Up', options: [{ type: 11, name: 'file', description: 'File' }] } as CommandDraft;
    const model = pickerModel('option-type', draft, 'options[0].type');
    expect(model.items.find((item) => item.value === model.current)?.label).toBe('ATTACHMENT');
  });
});

describe('help at 40×12', () => {
  it('starts with the first key however the title wraps', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]), { columns: 40, rows: 12 });
    await app.waitForText('ping');
    await app.pressAndWait('help', 'Keys on this screen');
    expect(app.frame()).toMatch(/│ ↑\/k +move up/);
    expect(app.frame()).toContain('lines 1–');
  });
});
