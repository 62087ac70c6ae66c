import { describe, expect, it } from 'vitest';
import { ConnectionError } from '../../source/api/errors.js';
import { FakeApi, GUILD_ID, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * /ping deleted from a list of ping and pong, its DELETE sent and held there (the server has not answered)
 * until `release`.
 */
async function deleteHeldOnTheWire() {
  const api = new FakeApi([makeCommand({ name: 'ping' }), makeCommand({ name: 'pong' })]);
  const app = await renderApp(api);
  await app.waitForText('ping');
  let open!: () => void;
  await app.pressAndWait('delete', 'Delete ping from Global?');
  await app.type('ping');
  api.gate = new Promise((resolve) => (open = resolve));
  await app.press('confirm');
  await waitFor(() => api.calls.some((c) => c.startsWith('delete')));
  const release = () => {
    api.gate = undefined;
    open();
  };
  return { api, app, release };
}

describe('delete', () => {
  it('confirms by typing the name, says the overwrites go with it, backs up first and says where', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' }), makeCommand({ name: 'pong' })]);
    const app = await renderApp(api);
    await app.waitForText('ping');
    await app.pressAndWait('delete', 'Delete ping from Global?');
    expect(app.frame()).toContain('permission overwrites in every guild are deleted with it');
    // Letters are text in the confirmation; a wrong name is refused.
    await app.type('pin');
    await app.pressAndWait('confirm', 'That is not the name');
    await app.type('g');
    await app.press('confirm');
    await waitFor(() => api.calls.some((c) => c.startsWith('delete')));
    await app.waitForText('Deleted ping and its overwrites; backup: /backups/1.json');
    expect(app.session.backups).toEqual([{ scope: { kind: 'global' }, reason: 'delete ping' }]);
    expect(app.frame()).not.toMatch(/slash\s+ping/);
  });

  it('ctrl+r right after a confirmed delete waits for it: the list shows the delete and the status names its backup', async () => {
    const { api, app, release } = await deleteHeldOnTheWire();
    await app.press('refresh');
    release();
    await app.waitForText('Deleted ping and its overwrites; backup: /backups/1.json');
    await waitFor(() => api.calls.filter((c) => c === 'list global').length >= 2);
    await waitFor(() => !/slash\s+ping/.test(app.frame()));
    expect(app.frame()).toContain('pong');
    expect(app.frame()).toContain('backup: /backups/1.json');
    expect(app.frame()).not.toMatch(/[Cc]ancelled|Stopped waiting/);
  });

  it('ctrl+r twice while a delete is sent reads the list once after it, the older reload superseded', async () => {
    const { api, app, release } = await deleteHeldOnTheWire();
    const listsBefore = api.calls.filter((c) => c === 'list global').length;
    await app.press('refresh');
    await app.press('refresh');
    release();
    await app.waitForText('Deleted ping and its overwrites; backup: /backups/1.json');
    await waitFor(() => !/slash\s+ping/.test(app.frame()));
    // The newest reload reads once, whenever a loaded machine gets to it; the superseded one never does.
    const listsSince = () => api.calls.filter((c) => c === 'list global').length - listsBefore;
    await waitFor(() => listsSince() >= 1, { message: () => 'no list read after the delete' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listsSince()).toBe(1);
    expect(app.frame()).not.toMatch(/[Cc]ancelled/);
  });

  it('q while a delete is sent is remembered: the app quits once the delete is told, leaving it (with its backup) to print', async () => {
    const { app, release } = await deleteHeldOnTheWire();
    await app.pressAndWait('quit', 'q: cmd-tui quits once Discord answers');
    expect(app.frame().replace(/\s+/g, ' ')).toContain('prints whether the change happened and the backup that undoes it. The change was sent and cannot be recalled; q again stays.');
    expect(app.frame()).toContain("Deleting ping: sent; waiting for Discord's answer");
    release();
    await waitFor(() => app.exitNotes.length > 0, { message: () => app.frame() });
    expect(app.exitNotes).toEqual(['Deleted ping and its overwrites; backup: /backups/1.json']);
  });

  it("ctrl+e reads a delete's outcome from the history once the next action cleared it", async () => {
    const { app, release } = await deleteHeldOnTheWire();
    release();
    await app.waitForText('Deleted ping and its overwrites; backup: /backups/1.json');
    await app.pressAndWait('scope', 'Pick a scope');
    await app.press('cancel');
    await waitFor(() => !app.frame().includes('Deleted ping'));
    await app.pressAndWait('showMessage', 'Earlier status messages, newest first');
    expect(app.frame()).toContain('Deleted ping and its overwrites; backup: /backups/1.json');
  });

  it('q twice while a delete is in flight stays', async () => {
    const { app, release } = await deleteHeldOnTheWire();
    await app.pressAndWait('quit', 'q: cmd-tui quits once Discord answers');
    await app.pressAndWait('quit', 'Staying: q no longer quits');
    release();
    await app.waitForText('Deleted ping and its overwrites; backup: /backups/1.json');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(app.exitNotes).toEqual([]);
    expect(app.frame()).toContain('Deleted ping');
  });

  it('while a delete is in flight, keys that would act on the command say why they are off', async () => {
    const { app, release } = await deleteHeldOnTheWire();
    // The footer leaves out what cannot act now; the spinner stays, with the reason under it.
    expect(app.frame()).not.toMatch(/\be edit\b/);
    await app.pressAndWait('edit', 'e edit is off: a change is in flight');
    expect(app.frame()).toContain("Deleting ping: sent; waiting for Discord's answer");
    expect(app.frame()).not.toContain('Edit ping');
    await app.pressAndWait('help', 'Keys on this screen');
    expect(app.frame()).toMatch(/d\s+delete.*a change is in flight/);
    await app.press('back');
    release();
    await app.waitForText('Deleted ping and its overwrites; backup: /backups/1.json');
    // The keys come back with the outcome.
    await waitFor(() => /\be edit\b/.test(app.frame()));
    await app.pressAndWait('edit', 'Edit pong');
  });

  it('q before the delete is sent says what quitting needs, in words that stay true once it is sent', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const app = await renderApp(api);
    let backedUp!: () => void;
    const snapshot = app.session.workspace.snapshot;
    app.session.workspace.snapshot = async (scope, reason) => {
      await new Promise<void>((resolve) => (backedUp = resolve));
      return snapshot(scope, reason);
    };
    await app.waitForText('ping');
    await app.press('delete');
    await app.type('ping');
    await app.pressAndWait('confirm', 'Deleting ping… (ctrl+c cancels)');
    await app.pressAndWait('quit', 'q: cmd-tui quits once Discord answers');
    expect(app.frame().replace(/\s+/g, ' ')).toContain('Until the line above says sent, ctrl+c cancels the change; q again stays.');
    backedUp();
    await waitFor(() => app.exitNotes.length > 0, { message: () => app.frame() });
    expect(app.exitNotes[0]).toContain('Deleted ping and its overwrites');
  });

  it('a delete whose answer was lost and could not be read back is reported unknown, with its backup, never "Not deleted"', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const app = await renderApp(api);
    await app.waitForText('ping');
    await app.pressAndWait('delete', 'Delete ping from Global?');
    await app.type('ping');
    api.failNext = new ConnectionError('The connection to Discord was reset', 'DELETE /commands', 'Try again.', true);
    api.getCommand = async () => {
      throw new ConnectionError('The connection to Discord was reset', 'GET /commands', 'Try again.', true);
    };
    await app.pressAndWait('confirm', 'unknown whether Discord carried it out');
    expect(app.frame()).toContain('/backups/1.json');
    expect(app.frame()).not.toContain('Not deleted');
  });

  it('esc cancels without sending anything', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const app = await renderApp(api);
    await app.waitForText('ping');
    await app.chord('ctrl+d');
    await app.waitForText('Delete ping');
    await app.press('cancel');
    await waitFor(() => !app.frame().includes('Delete ping'));
    expect(api.calls.some((c) => c.startsWith('delete'))).toBe(false);
  });

  it('counts the overwrites that go with a guild command', async () => {
    const command = makeCommand({ name: 'mod' }, { kind: 'guild', guildId: GUILD_ID });
    const api = new FakeApi([], [command]);
    api.permissions = [{ id: command.id, application_id: api.applicationId, guild_id: GUILD_ID, permissions: [{ id: GUILD_ID, type: 1, permission: false }, { id: '5', type: 2, permission: true }] }];
    const app = await renderApp(api);
    await app.waitForText('No commands in Global');
    await app.press('scope');
    await app.chord('down');
    await app.chord('enter');
    await app.waitForText('mod');
    await app.pressAndWait('delete', 'Its 2 permission overwrites in this guild are deleted with it');
  });
});

describe('busy and cancel', () => {
  it('shows a spinner while a request is in flight; ctrl+c cancels it instead of quitting', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    let release!: () => void;
    api.gate = new Promise((resolve) => (release = resolve));
    const app = await renderApp(api);
    await app.waitForText('Loading commands');
    await app.pressAndWait('interrupt', 'Cancelled: Loading commands.');
    await app.waitForText('Loading was cancelled.');
    release();
    api.gate = undefined;
    await app.pressAndWait('refresh', 'ping');
  });

  it('ctrl+r on the detail keeps showing it, with the spinner, until the new data arrives', async () => {
    const ping = makeCommand({ name: 'ping', description: 'Check the latency' });
    const api = new FakeApi([ping]);
    const app = await renderApp(api);
    await app.waitForText('Check the latency');
    await app.pressAndWait('open', `id ${ping.id}`);
    let release!: () => void;
    api.gate = new Promise((resolve) => (release = resolve));
    api.commands.set('global', [{ ...ping, description: 'Measure the latency' }]);
    await app.pressAndWait('refresh', 'Loading commands');
    expect(app.frame()).toContain('Check the latency');
    expect(app.frame()).toContain(`id ${ping.id}`);
    release();
    await app.waitForText('Measure the latency');
    expect(app.frame()).toContain(`id ${ping.id}`);
  });

  it('ctrl+r on the detail of a command deleted elsewhere goes back to the list and says why', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' }), makeCommand({ name: 'pong', description: 'Still here' })]);
    const app = await renderApp(api);
    await app.waitForText('Check the latency');
    await app.pressAndWait('open', 'description: Check the latency');
    api.commands.set('global', api.commands.get('global')!.filter((c) => c.name !== 'ping'));
    await app.pressAndWait('refresh', 'no longer exists on Discord');
    expect(app.frame()).toContain('Still here');
    expect(app.frame()).toContain('TYPE');
  });

  it('ctrl+r twice: the first load is superseded by the second, not reported as cancelled', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' })]);
    const app = await renderApp(api);
    await app.waitForText('Check the latency');
    let release!: () => void;
    api.gate = new Promise((resolve) => (release = resolve));
    api.commands.set('global', [makeCommand({ name: 'ping', description: 'Measure the latency' })]);
    await app.pressAndWait('refresh', 'Loading commands');
    await app.press('refresh');
    release();
    await app.waitForText('Measure the latency');
    expect(app.frame()).not.toMatch(/[Cc]ancelled|Not refreshed/);
  });

  it('a reload cancelled with ctrl+c keeps the earlier data and says so', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' })]);
    const app = await renderApp(api);
    await app.waitForText('Check the latency');
    api.gate = new Promise(() => undefined);
    await app.pressAndWait('refresh', 'Loading commands');
    await app.pressAndWait('interrupt', 'Not refreshed, still showing the earlier data: Loading was cancelled.');
    expect(app.frame()).toContain('Check the latency');
  });
});

describe('export and raw JSON', () => {
  it('x writes the scope in bulk-overwrite format without server-only fields', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]));
    await app.waitForText('ping');
    await app.pressAndWait('export', 'Exported 1 command to /exports/commands-global.json');
    const written = JSON.parse(app.session.exports.get('commands-global.json') ?? '[]') as Record<string, unknown>[];
    expect(written).toEqual([{ type: 1, name: 'ping', description: 'Pong' }]);
  });

  it('y shows the command as the API returned it', async () => {
    const command = makeCommand({ name: 'ping', description: 'Pong' });
    const app = await renderApp(new FakeApi([command]));
    await app.waitForText('ping');
    await app.pressAndWait('rawJson', `"id": "${command.id}"`);
    await app.pressAndWait('back', 'TYPE');
  });
});

describe('edit as JSON in $EDITOR', () => {
  it('reopens invalid JSON and rule problems as comments, then reviews the diff before saving', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]);
    const app = await renderApp(api);
    app.session.editorReplies.push(
      (text) => text.replace('"Pong"', '"Pong'), // broken JSON
      (text) => text.replace('"Pong', '"Pong"').replace('"ping"', '"Bad Name"'), // valid JSON, invalid name
      (text) => text.replace('"Bad Name"', '"ping"').replace('"Pong"', '"Pong!"'),
    );
    await app.waitForText('ping');
    await app.pressAndWait('editJson', 'Save these changes to ping?');
    expect(app.session.editorInputs[1]).toMatch(/^\/\/ ERROR: Invalid JSON/m);
    expect(app.session.editorInputs[2]).toMatch(/^\/\/ ERROR: \d+ rule problems?/m);
    expect(app.frame()).toContain('description: "Pong" → "Pong!"');
    await app.press('toggleButton');
    await app.press('confirm');
    await waitFor(() => api.calls.some((c) => c.startsWith('edit')));
    expect(api.calls.find((c) => c.startsWith('edit'))).toMatch(/\{"description":"Pong!"\}$/);
  });

  it('ctrl+c on the review asks before dropping the edit and quitting', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]);
    const app = await renderApp(api);
    let exited = false;
    void app.instance.waitUntilExit().then(() => (exited = true));
    app.session.editorReplies.push((text) => text.replace('"Pong"', '"Pong!"'));
    await app.waitForText('ping');
    await app.pressAndWait('editJson', 'Save these changes to ping?');
    await app.pressAndWait('interrupt', 'Discard unsaved changes and quit?');
    expect(app.frame()).toContain('▸ Cancel');
    await app.pressAndWait('confirm', 'Save these changes to ping?');
    expect(exited).toBe(false);
    await app.press('interrupt');
    await app.press('interrupt');
    await waitFor(() => exited);
    expect(api.calls.some((c) => c.startsWith('edit'))).toBe(false);
  });

  it('closing the reopened file without changes cancels instead of reopening it again', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]));
    app.session.editorReplies.push((text) => text.replace('"Pong"', '"Pong')); // broken JSON; then `:q!` (the text as shown)
    await app.waitForText('ping');
    await app.pressAndWait('editJson', 'The edit of ping was closed without changes: cancelled, nothing was sent.');
    expect(app.session.editorInputs).toHaveLength(2);
    expect(app.api.calls.some((c) => c.startsWith('edit'))).toBe(false);
  });

  it('says so when nothing changed', async () => {
    const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]));
    await app.waitForText('ping');
    await app.pressAndWait('editJson', 'No changes to ping.');
  });
});
