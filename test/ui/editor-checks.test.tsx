/**
 * The editor checks inline what save would refuse (scope rules: unique names, counts per type), counts
 * warnings in its header, shows a plain edit field by field before the PATCH, keeps numbers as typed,
 * wraps long problems instead of cutting the fix off, and has its own help and a key to the next problem.
 */
import { describe, expect, it } from 'vitest';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';

async function editorOn(api: FakeApi, name: string, size = { columns: 100, rows: 30 }) {
  const app = await renderApp(api, size);
  await app.waitForText(name);
  await app.filterTo(name);
  await app.pressAndWait('edit', `Edit ${name} in Global`);
  return app;
}

describe('the editor checks what save checks', () => {
  it('a rename into a name another command has is an error at the name, before Discord refuses it', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Check' }), makeCommand({ name: 'pong', description: 'Answer' })]);
    const app = await editorOn(api, 'pong');
    for (let i = 0; i < 3; i++) await app.chord('backspace');
    await app.type('ing');
    await waitFor(() => /name: ping[\s\S]*✗ CHAT_INPUT command `ping` is already defined at \/ping/.test(app.frame()), { message: app.frame });
    expect(app.frame()).toMatch(/Edit pong in Global \(unsaved\) {2}1 problem/);
    await app.pressAndWait('save', 'Not saved: 1 problem to fix first');
    expect(api.calls.some((c) => c.startsWith('edit'))).toBe(false);
  });

  it('the 101st slash command is an error while it is typed, not at Discord', async () => {
    const api = new FakeApi(Array.from({ length: 100 }, (_, i) => makeCommand({ name: `c${i}` })));
    const app = await renderApp(api, { columns: 100, rows: 30 });
    await app.waitForText('c0');
    await app.press('new');
    await app.type('extra');
    await waitFor(() => app.frame().includes('✗ 101 CHAT_INPUT commands in this scope: the limit is 100'), { message: app.frame });
  });

  it('counts warnings in the header, never "no problems" over a `!`', async () => {
    const api = new FakeApi([makeCommand({ name: 'dm', description: 'In DMs', contexts: [0, 2], integration_types: [0] } as never)]);
    const app = await editorOn(api, 'dm');
    await waitFor(() => app.frame().includes('! 2 (PRIVATE_CHANNEL) only works for user-installed commands'), { message: app.frame });
    expect(app.frame()).toMatch(/Edit dm in Global {2}1 warning/);
    expect(app.frame()).not.toContain('no problems');
  });

  it('a plain edit shows what changes, field by field, and is sent only after Save', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]);
    const app = await editorOn(api, 'ping');
    await app.press('nextField');
    await app.type('!');
    await app.pressAndWait('save', 'Save ping?');
    expect(app.frame()).toContain('description: "Pong" → "Pong!"');
    expect(app.frame()).toContain('▸ Cancel');
    expect(api.calls.some((c) => c.startsWith('edit'))).toBe(false);
    await app.press('toggleButton');
    await app.press('confirm');
    await waitFor(() => api.calls.some((c) => c.startsWith('edit')), { message: () => api.calls.join('\n') });
    expect(api.calls.find((c) => c.startsWith('edit'))).toMatch(/\{"description":"Pong!"\}$/);
  });

  it('keeps numbers as typed and names Discord’s bounds for one past 2^53', async () => {
    const api = new FakeApi([makeCommand({ name: 'roll', description: 'Roll', options: [{ type: 10, name: 'sides', description: 'Sides' }] } as never)]);
    const app = await editorOn(api, 'roll');
    await waitFor(() => app.frame().includes('option 1 type: NUMBER'));
    // From the name: description, 4 command fields, the option's type, name, description, required, autocomplete.
    await app.press('nextField', 11);
    await app.waitForText('▸   min value:');
    await app.type('1.50');
    await waitFor(() => app.frame().includes('min value: 1.50'), { message: app.frame });
    for (let i = 0; i < 4; i++) await app.chord('backspace');
    await app.type('9007199254740993');
    await waitFor(() => app.frame().includes('min value: 9007199254740993'), { message: app.frame });
    expect(app.frame()).toMatch(/✗ `min_value` is "9007199254740993": use a number from -2\^53 to 2\^53/);
    for (let i = 0; i < 16; i++) await app.chord('backspace');
    await app.type('10');
    await app.press('nextField');
    await app.type('9999999999999999999');
    await waitFor(() => app.frame().includes('max value: 9999999999999999999'), { message: app.frame });
    expect(app.frame()).toContain('min value: 10');
  });

  it('wraps a long problem so its fix is shown in full at 80 columns', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]), { columns: 80, rows: 24 });
    await app.waitForText('ping');
    await app.press('new');
    await app.type('Music Bot');
    await waitFor(() => app.frame().includes('e.g. `music-bot`'), { message: app.frame });
    const text = app.frame().replace(/\s*\n\s*/g, ' ');
    expect(text).toContain('use only lowercase letters, numbers, `-`, `_` and `ʼ` (U+02BC), no spaces, e.g. `music-bot`');
    expect(app.frame()).not.toContain('…');
  });

  it('opens help from the key table with ctrl+g and keeps the draft', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]));
    await app.waitForText('ping');
    await app.press('new');
    await app.type('draft?');
    await waitFor(() => app.frame().includes('name: draft?'));
    await app.chord('ctrl+g');
    await app.waitForText('Keys on this screen');
    expect(app.frame()).toMatch(/ctrl\+n {2,}go to the next problem/);
    await app.press('back');
    await waitFor(() => app.frame().includes('name: draft?'), { message: app.frame });
  });

  it('ctrl+n goes to the next field with a problem, however far down', async () => {
    const options = Array.from({ length: 20 }, (_, i) => ({ type: 3, name: `o${i}`, description: `Option ${i}` }));
    options[19] = { type: 3, name: 'Bad Name', description: 'Last' };
    const app = await editorOn(new FakeApi([makeCommand({ name: 'many', description: 'Many', options } as never)]), 'many', { columns: 80, rows: 24 });
    await waitFor(() => app.frame().includes('(more below: ctrl+n)'), { message: app.frame });
    await app.press('nextProblem');
    await waitFor(() => /▸ {3}name: Bad Name/.test(app.frame()), { message: app.frame });
    expect(app.frame()).toContain('✗ `Bad Name` contains');
  });
});
