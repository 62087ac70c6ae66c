/** ctrl+c during a TUI copy or restore: before the first change leaves it cancels, sending nothing; after, the app waits and reports. */
import { describe, expect, it } from 'vitest';
import { RequestCancelledError } from '../../source/api/errors.js';
import type { BackupEntry } from '../../source/backup/store.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, GUILD_ID, fakeCarriedOut, fakePrepared, fakeSession, makeCommand, fakeBackupFiles } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

/** A write that waits for `release`: cancelled (nothing sent) when aborted before `sendFirst`, else it goes on once sent. */
function gatedWrite<T>(value: T, sendFirst: boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { called: false, finished: false };
  const write = async (signal: AbortSignal, sent: () => void): Promise<T> => {
    state.called = true;
    if (sendFirst) sent();
    await Promise.race([gate, new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))]);
    if (signal.aborted && !sendFirst) throw new RequestCancelledError(false);
    await gate;
    state.finished = true;
    return value;
  };
  return { write, release, state };
}

/** Moves to the dialog's confirming button, presses it, and waits for the write to start. */
async function confirmWrite(app: Awaited<ReturnType<typeof renderApp>>, state: { called: boolean }) {
  await app.chord('tab');
  await app.chord('enter');
  await waitFor(() => state.called);
}

async function openCopy(sendFirst: boolean) {
  const api = new FakeApi([makeCommand({ name: 'ping' })]);
  const session = fakeSession(api);
  const copy = gatedWrite(fakeCarriedOut({ steps: [{ kind: 'create', command: makeCommand({ name: 'ping' }), created: true }], backup: '/b/9.json' }), sendFirst);
  session.copy = {
    prepare: async () => ({ ok: true, prepared: fakePrepared({ create: ['ping'], ghosts: ['ping'] }) }),
    carryOut: (_plan, { signal, sent }) => copy.write(signal!, sent!),
  };
  const app = await renderApp(api, { columns: 120, rows: 24 }, session);
  let exited = false;
  void app.instance.waitUntilExit().then(() => (exited = true));
  await app.waitForText('ping');
  await app.pressAndWait('copyScope', 'Test Guild');
  await app.chord('down');
  await app.chord('enter');
  await app.waitForText('Copy every command of Global into Test Guild?');
  // The copies stay global too: said before the copy is made.
  expect(app.frame().replace(/\s+/g, ' ')).toContain('/ping stays global, so it exists twice in Test Guild');
  await confirmWrite(app, copy.state);
  return { app, copy, exited: () => exited };
}

describe('ctrl+c during a TUI copy', () => {
  it('before anything is sent: cancelled, nothing copied, the app stays', async () => {
    const { app, copy, exited } = await openCopy(false);
    expect(app.frame()).toContain('(ctrl+c cancels)');
    await app.pressAndWait('interrupt', 'nothing was copied into Test Guild');
    expect(exited()).toBe(false);
    copy.release();
  });

  it('after the first change left: the app waits for the copy and reports it', async () => {
    const { app, copy, exited } = await openCopy(true);
    await waitFor(() => !app.frame().includes('(ctrl+c cancels)'), { message: app.frame });
    await app.press('interrupt');
    expect(exited()).toBe(false);
    copy.release();
    await app.waitForText('Copied 1 change into Test Guild; backup: /b/9.json');
    expect(exited()).toBe(false);
  });
});

describe('ctrl+c during a TUI restore', () => {
  async function openRestore(sendFirst: boolean) {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const session = fakeSession(api);
    const entry: BackupEntry = { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:05:00.000Z', reason: 'delete mod', applicationId: api.applicationId, commandCount: 1, overwriteCount: 0, overwritesOnly: false };
    const preview = fakePrepared({ create: ['mod'], restore: true });
    const outcome = fakeCarriedOut({ steps: [{ kind: 'create', command: makeCommand({ name: 'mod' }), created: true }] });
    const restore = gatedWrite(outcome, sendFirst);
    session.backupFiles = fakeBackupFiles({ list: async () => [entry], prepare: async () => preview, carryOut: (_plan, { signal, sent }) => restore.write(signal!, sent!) });
    const app = await renderApp(api, { columns: 120, rows: 24 }, session);
    await app.waitForText('ping');
    await app.pressAndWait('openBackups', 'delete mod');
    await app.pressAndWait('restorePlan', 'Restore Test Guild');
    await confirmWrite(app, restore.state);
    return { app, restore };
  }

  it('before anything is sent: cancelled, and nothing is reported restored', async () => {
    const { app, restore } = await openRestore(false);
    await app.pressAndWait('interrupt', 'Cancelled before it was sent: nothing was restored in Test Guild.');
    restore.release();
    expect(restore.state.finished).toBe(false);
    expect(app.frame()).not.toContain('Restored');
  });

  it('after the first change left: no "Cancelled"; the restore is waited for and reported', async () => {
    const { app, restore } = await openRestore(true);
    await waitFor(() => !app.frame().includes('(ctrl+c cancels)'), { message: app.frame });
    await app.press('interrupt');
    restore.release();
    await app.waitForText('Restored 1 command change(s)');
    expect(app.frame()).not.toContain('Cancelled');
  });
});
