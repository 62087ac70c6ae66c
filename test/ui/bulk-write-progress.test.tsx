/**
 * A TUI copy or restore under way: its progress (the backup first, then n of m sent and what is in
 * flight, the changes made), the footer saying what esc/ctrl+c do now, and the app's keys still
 * working — q quits once Discord answers, as during a save; ? and ctrl+e open over it and return to it;
 * a key that would act on what is written says why it is off, and the pending quit stays in sight.
 */
import { describe, expect, it } from 'vitest';
import type { BackupEntry } from '../../source/backup/store.js';
import type { ExecutedStep } from '../../source/operations/send-plan.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, GUILD_ID, fakeBackupFiles, fakeCarriedOut, fakePrepared, fakeSession, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';
import { askCopyOfGlobal, confirmCopy } from './helpers/copy-steps.js';

const flat = (frame: string) => frame.replace(/[\s│]+/g, ' ');

function gate() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A run of the plan engine held at two points: before its first change leaves, and after the first change. */
function heldRun(names: string[]) {
  const gates = [gate(), gate()];
  const state = { started: false };
  const steps: ExecutedStep[] = names.map((name) => ({ kind: 'create', command: makeCommand({ name }), created: true }));
  const carryOut = async (_prepared: unknown, options: { sent?: () => void; onStep?: (step: ExecutedStep) => void }) => {
    state.started = true;
    await gates[0]!.promise;
    options.sent?.();
    options.onStep?.(steps[0]!);
    await gates[1]!.promise;
    for (const step of steps.slice(1)) options.onStep?.(step);
    return fakeCarriedOut({ steps, backup: '/b/9.json' });
  };
  return { carryOut, state, backedUp: () => gates[0]!.resolve(), finish: () => gates[1]!.resolve() };
}

async function startCopy(size: { columns: number; rows: number }) {
  const api = new FakeApi([makeCommand({ name: 'g0' }), makeCommand({ name: 'g1' }), makeCommand({ name: 'g2' })]);
  const session = fakeSession(api);
  const run = heldRun(['g0', 'g1', 'g2']);
  session.copy = { prepare: async () => ({ ok: true, prepared: fakePrepared({ create: ['g0', 'g1', 'g2'] }) }), carryOut: run.carryOut };
  const app = await renderApp(api, size, session);
  let exited = false;
  void app.instance.waitUntilExit().then(() => (exited = true));
  await app.waitForText('g2');
  await askCopyOfGlobal(app);
  await confirmCopy(app);
  await waitFor(() => run.state.started);
  return { app, run, exited: () => exited };
}

describe('a TUI copy under way', () => {
  it('shows the backup first, then n of m sent and what is in flight, with what esc does now in the footer', async () => {
    const { app, run } = await startCopy({ columns: 80, rows: 24 });
    await app.waitForText('Copying every command of Global into Test Guild');
    expect(flat(app.frame())).toContain('Reading Test Guild and writing its backup first; nothing has been sent yet');
    // At 80 columns the footer says it whole: nothing has left, so esc cancels and nothing is sent.
    expect(app.frame()).toContain('esc/ctrl+c cancel: nothing is sent · ? help · q quit once Discord answers');
    expect(app.frame()).not.toContain('(backup first)');
    run.backedUp();
    await app.waitForText('1 of 3 changes sent; now + /g1');
    expect(app.frame()).toContain('created /g0');
    expect(app.frame()).toContain('esc/ctrl+c stop between requests · ? help · q quit once Discord answers');
    expect(app.frame()).not.toContain('writing its backup first');
    run.finish();
    await app.waitForText('Copied 3 changes into Test Guild; backup:');
  });

  it('q is acknowledged, d says why it is off without hiding the pending quit, and the app quits with the outcome once the copy ends', async () => {
    const { app, run, exited } = await startCopy({ columns: 80, rows: 24 });
    run.backedUp();
    await app.waitForText('1 of 3 changes sent');
    await app.press('quit');
    await waitFor(() => flat(app.frame()).includes('q: cmd-tui quits once Discord answers'), { message: app.frame });
    await app.press('delete');
    await waitFor(() => flat(app.frame()).includes('d/ctrl+d delete is off: a change is in flight'), { message: app.frame });
    expect(flat(app.frame())).toContain('q pressed: cmd-tui quits once Discord answers (press q again to stay).');
    expect(exited()).toBe(false);
    run.finish();
    await waitFor(exited, { message: app.frame });
    expect(app.exitNotes.join('\n')).toContain('Copied 3 changes into Test Guild; backup: /b/9.json');
  });

  it('? opens help over the copy, which goes on; esc returns to its progress', async () => {
    const { app, run } = await startCopy({ columns: 80, rows: 24 });
    run.backedUp();
    await app.waitForText('1 of 3 changes sent');
    await app.pressAndWait('help', 'Keys on this screen');
    expect(flat(app.frame())).toContain('esc/ctrl+c stop between requests');
    expect(flat(app.frame())).toContain('q quit once Discord answers');
    await app.chord('esc');
    await app.waitForText('1 of 3 changes sent; now + /g1');
    run.finish();
    await app.waitForText('Copied 3 changes into Test Guild');
  });
});

describe('a TUI restore under way', () => {
  it('shows its progress, and q is acknowledged when pressed', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const session = fakeSession(api);
    const entry: BackupEntry = { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:05:00.000Z', reason: 'delete mod', applicationId: api.applicationId, commandCount: 2, overwriteCount: 0, overwritesOnly: false };
    const run = heldRun(['mod', 'ban']);
    session.backupFiles = fakeBackupFiles({ list: async () => [entry], prepare: async () => fakePrepared({ create: ['mod', 'ban'], restore: true }), carryOut: run.carryOut });
    const app = await renderApp(api, { columns: 80, rows: 24 }, session);
    await app.waitForText('ping');
    await app.pressAndWait('openBackups', 'delete mod');
    await app.pressAndWait('restorePlan', 'Restore Test Guild');
    await app.chord('tab');
    await app.chord('enter');
    await waitFor(() => run.state.started);
    await app.waitForText('Restoring Test Guild to 2026-11-24 10:05:00 (delete mod)');
    run.backedUp();
    await app.waitForText('1 of 2 changes sent; now + /ban');
    // Help over the restore: it goes on underneath, and esc comes back to its progress.
    await app.pressAndWait('help', 'Keys on this screen');
    await app.chord('esc');
    await app.waitForText('1 of 2 changes sent; now + /ban');
    await app.press('quit');
    await waitFor(() => flat(app.frame()).includes('q: cmd-tui quits once Discord answers'), { message: app.frame });
    run.finish();
    await waitFor(() => app.exitNotes.length > 0, { message: app.frame });
  });
});
