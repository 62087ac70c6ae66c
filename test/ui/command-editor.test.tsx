import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { DiscordApiError, RequestCancelledError } from '../../source/api/errors.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';

/** The app's editor open on /ping ("Pong"), focus on its name. */
async function editPing() {
  const api = new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]);
  const app = await renderApp(api);
  await app.waitForText('Pong');
  await app.pressAndWait('edit', 'Edit ping in Global');
  return { api, app };
}

/** ctrl+s, then Save on the review of an edit to /ping. */
async function confirmSave(app: Awaited<ReturnType<typeof editPing>>['app']) {
  await app.pressAndWait('save', 'Save ping?');
  await app.press('toggleButton');
  await app.press('confirm');
}

/** /ping's description edited to "Pong!" and saved, Discord's answer held once it is sent; `release` lets it answer, then waits until the editor says it saved. */
async function saveHeldOnTheWire() {
  const { api, app } = await editPing();
  await app.press('nextField');
  await app.type('!');
  let answer!: () => void;
  api.gate = new Promise((resolve) => (answer = resolve));
  await confirmSave(app);
  await app.waitForText("Saving ping: sent; waiting for Discord's answer");
  const release = async () => {
    api.gate = undefined;
    answer();
    await app.waitForText('ping: saved; backup:');
    expect(api.commands.get('global')![0]!.description).toBe('Pong!');
  };
  return { app, release };
}

describe('command editor', () => {
  it('opens a new command as CHAT_INPUT with focus in the name, shows problems while typing and refuses to save', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]), { columns: 100, rows: 30 });
    await app.waitForText('ping');
    await app.pressAndWait('new', 'New command in Global');
    expect(app.frame()).toContain('type: CHAT_INPUT');
    expect(app.frame()).toMatch(/▸ name:/);
    await app.type('Bad');
    await waitFor(() => /name:.*Bad[\s\S]*✗.*lowercase/i.test(app.frame()), { message: app.frame });
    await app.press('save');
    await waitFor(() => /Not saved: \d+ problems? to fix first/.test(app.frame()), { message: app.frame });
    expect(app.api.calls.some((c) => c.startsWith('create'))).toBe(false);
  });

  it('builds a command with a subcommand and choices, warns about the daily creates and sends it', async () => {
    const app = await renderApp(new FakeApi([]), { columns: 100, rows: 40 });
    await app.waitForText('No commands in Global');
    await app.pressAndWait('new', 'New command in Global');
    await app.type('music');
    await app.press('nextField');
    await app.type('Play music');
    await app.pressAndWait('addOption', 'option 1 type: STRING');
    // Make the new option a subcommand through the option-type picker.
    await app.press('prevField');
    await app.pressAndWait('activate', 'Option type');
    // The picker opens on the option's type (STRING); SUB_COMMAND is two up.
    await app.chord('up');
    await app.chord('up');
    await app.chord('enter');
    await app.waitForText('option 1 type: SUB_COMMAND');
    await app.press('nextField');
    await app.type('play');
    await app.press('nextField');
    await app.type('Play a song');
    await app.press('addOption'); // inside the subcommand
    await app.waitForText('option 1.1 type: STRING');
    await app.type('genre');
    await app.press('nextField');
    await app.type('Which genre');
    await app.press('addChoice');
    await app.type('Rock');
    await app.press('nextField');
    await app.type('rock');
    await waitFor(() => app.frame().includes('no problems'), { message: app.frame });
    expect(app.frame()).toMatch(/size \d+\/8000 · biggest:/);
    await app.pressAndWait('save', "uses one of the day's 200 creates");
    // Focus starts on Cancel: move to Create, then press it.
    await app.press('toggleButton');
    await app.press('confirm');
    await waitFor(() => app.api.calls.some((c) => c === 'create global music'), { message: () => app.api.calls.join('\n') });
    const created = app.api.commands.get('global')?.[0];
    expect(created?.options?.[0]).toMatchObject({ type: 1, name: 'play', options: [{ type: 3, name: 'genre', choices: [{ name: 'Rock', value: 'rock' }] }] });
    await app.waitForText('music: created in Global');
    expect(app.frame()).toContain('creates today 1/200');
  });

  it('selects the new command in the list after creating it', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'alpha' }), makeCommand({ name: 'zeta' })]));
    await app.waitForText('zeta');
    await app.press('new');
    await app.type('middle');
    await app.press('nextField');
    await app.type('In between');
    await app.pressAndWait('save', "uses one of the day's 200 creates");
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'middle: created in Global');
    expect(app.frame()).toMatch(/▸slash\s+middle/);
  });

  it('warns that creating an existing name overwrites that command', async () => {
    const existing = makeCommand({ name: 'ping', description: 'Pong' });
    const app = await renderApp(new FakeApi([existing]));
    await app.waitForText('Pong');
    await app.press('new');
    await app.type('ping');
    await app.press('nextField');
    await app.type('Pong again');
    await app.pressAndWait('save', 'ping already exists in Global: creating it again overwrites that command');
    await app.press('cancel');
    expect(app.api.calls.some((c) => c.startsWith('create'))).toBe(false);
  });

  it('warns that a rename deletes the overwrites and sends only the changed fields', async () => {
    const { api, app } = await editPing();
    await app.type('er');
    await app.pressAndWait('save', 'permanently deletes its permission overwrites');
    await app.press('toggleButton');
    await app.press('confirm');
    await waitFor(() => api.calls.some((c) => c.startsWith('edit')), { message: () => api.calls.join('\n') });
    expect(api.calls.find((c) => c.startsWith('edit'))).toMatch(/\{"name":"pinger"\}$/);
    expect(app.session.backups).toEqual([{ scope: { kind: 'global' }, reason: 'rename ping to pinger' }]);
    await app.waitForText('backup: /backups/1.json');
  });

  it('shows API field errors at the field they concern', async () => {
    const { api, app } = await editPing();
    await app.press('nextField');
    await app.type('!');
    api.failNext = new DiscordApiError(400, 50035, 'Invalid Form Body', 'PATCH', '/applications/1/commands/2', [
      { path: 'description', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
    ]);
    await confirmSave(app);
    await waitFor(() => app.frame().includes('Discord: Must be between 1 and 100'), { message: app.frame });
    expect(app.frame()).toMatch(/description: Pong![\s\S]*Discord: Must be between/);
    // Discord's code and message first, the route once.
    const status = app.frame().replace(/\s*\n\s*/g, ' ');
    expect(status).toContain('Discord 50035: Invalid Form Body — description: Must be between 1 and 100 in length. (HTTP 400 to PATCH /applications/1/commands/2)');
    expect(status.split('/applications/1/commands/2').length).toBe(2);
  });

  it('asks before discarding unsaved changes on esc', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]));
    await app.waitForText('ping');
    await app.press('new');
    await app.type('x');
    await app.pressAndWait('cancel', 'Discard your unsaved changes?');
    await app.pressAndWait('cancel', 'New command in Global');
    await app.press('cancel');
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'TYPE');
  });

  it('asks before ctrl+c quits with unsaved changes, focus on Cancel; a second ctrl+c quits', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]));
    let exited = false;
    void app.instance.waitUntilExit().then(() => (exited = true));
    await app.waitForText('ping');
    await app.press('new');
    await app.type('draft');
    await app.pressAndWait('interrupt', 'Discard unsaved changes and quit?');
    expect(app.frame()).toContain('▸ Cancel');
    await app.press('confirm'); // enter on Cancel
    await app.waitForText('New command in Global');
    expect(app.frame()).toMatch(/name: draft/);
    expect(exited).toBe(false);
    await app.pressAndWait('interrupt', 'Discard unsaved changes and quit?');
    await app.press('interrupt');
    await waitFor(() => exited);
  });

  it('ctrl+c or esc after a save was sent cannot recall it: the screen says it waits for the answer, then that it was saved', async () => {
    const { app, release } = await saveHeldOnTheWire();
    let exited = false;
    void app.instance.waitUntilExit().then(() => (exited = true));
    await app.press('interrupt');
    await app.pressAndWait('cancel', "Saving ping: sent; waiting for Discord's answer (it cannot be recalled)");
    expect(app.frame()).not.toContain('ctrl+c cancels');
    expect(app.frame()).not.toContain('Discard');
    expect(app.frame()).not.toMatch(/Nothing (has been|was) sent/);
    expect(app.frame()).toContain('Edit ping');
    expect(exited).toBe(false);
    await release();
  });

  it('while a save is in flight the draft takes no typing and its edit keys say why, so nothing typed is lost when the editor closes', async () => {
    const { app, release } = await saveHeldOnTheWire();
    await app.type('lost?');
    await app.pressAndWait('save', 'ctrl+s save is off: the draft is being saved');
    expect(app.frame()).not.toContain('lost?');
    await release();
  });

  it('esc while a save waits for its backup stops it before anything is sent, and says so until the next save starts', async () => {
    const { api, app } = await editPing();
    await app.press('nextField');
    await app.type('!');
    let backupStarted!: () => void;
    const backupReached = new Promise<void>((resolve) => (backupStarted = resolve));
    const snapshot = app.session.workspace.snapshot;
    app.session.workspace.snapshot = (_scope, _reason, signal) => {
      backupStarted();
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new RequestCancelledError(false)), { once: true }));
    };
    await confirmSave(app);
    await backupReached;
    await app.pressAndWait('cancel', 'Cancelled before it was sent: nothing was sent to Discord');
    expect(api.calls.filter((call) => call.startsWith('edit'))).toEqual([]);
    // The next save, on the wire: the last one's words are not true of it.
    app.session.workspace.snapshot = snapshot;
    let release!: () => void;
    api.gate = new Promise((resolve) => (release = resolve));
    await confirmSave(app);
    await waitFor(() => api.calls.some((call) => call.startsWith('edit')));
    expect(app.frame()).not.toContain('nothing was sent');
    api.gate = undefined;
    release();
    await waitFor(() => api.commands.get('global')![0]!.description === 'Pong!');
  });

  it('keeps every key of a burst: text, tab to the next field, more text, all in one read', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]));
    await app.waitForText('ping');
    await app.pressAndWait('new', 'New command in Global');
    await act(async () => {
      app.stdin.write('music\tPlay music');
    });
    await waitFor(() => /name: music[\s\S]*description: Play music/.test(app.frame()), { message: app.frame });
  });

  it('treats ctrl chords as commands, never as text', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]));
    await app.waitForText('ping');
    await app.press('new');
    await app.type('ab');
    await app.chord('ctrl+d');
    await app.chord('ctrl+r');
    expect(app.frame()).toMatch(/name: ab(\s|$)/m);
  });
});
