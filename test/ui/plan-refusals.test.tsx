/**
 * The TUI's bulk writes through the plan engine itself (on a fake API): a plan's refusals are shown before
 * anything is sent, in the words `cmd-tui` prints; the CLI's --delete-many is a typed answer here; esc during
 * a copy or a restore cancels it before anything leaves; the copy dialog counts what is not valid.
 */
import { describe, expect, it } from 'vitest';
import type { BackupEntry } from '../../source/backup/store.js';
import { BACKUP_FORMAT, OVERWRITES_BACKUP_FORMAT, type OverwritesBackup, type ScopeBackup } from '../../source/discord/backup-format.js';
import { guildScope, type Command } from '../../source/discord/model.js';
import { carryOutPlan } from '../../source/operations/carry-out-plan.js';
import { preparePlan, prepareRestore } from '../../source/operations/prepare-plan.js';
import { ScopeChangedError } from '../../source/operations/send-plan.js';
import { planFailedLine } from '../../source/ui/screens/overlays/plan-refusals.js';
import { renderApp } from './helpers/app.js';
import { APP_ID, FakeApi, GUILD_ID, fakeSession, makeCommand, type FakeSession, fakeBackupFiles } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

const guild = guildScope(GUILD_ID);
const slash = (prefix: string, count: number, scope = guild) => Array.from({ length: count }, (_, index) => makeCommand({ name: `${prefix}${index}`, description: `Command ${index}` }, scope));
const writes = (api: FakeApi) => api.calls.filter((call) => /^(create|edit|delete) /.test(call));
const flat = (frame: string) => frame.replace(/[\s│]+/g, ' ');

/** The session's copy and restore carried by the plan engine, as make-session.ts wires them. */
function withEngine(session: FakeSession, backups: Record<string, ScopeBackup | OverwritesBackup> = {}, entries: BackupEntry[] = []): FakeSession {
  session.copy = {
    prepare: (request) => preparePlan(session.workspace, { kind: 'copy', request }),
    carryOut: (prepared, options) => carryOutPlan(session.workspace, prepared, options),
  };
  session.backupFiles = fakeBackupFiles({
    list: async () => entries,
    prepare: async (path, known) => {
      return prepareRestore(session.workspace, { kind: 'restore', backup: backups[path]!, path, ...(known ? { known } : {}) });
    },
    carryOut: (prepared, options) => carryOutPlan(session.workspace, prepared, options),
  });
  return session;
}

/** The backup a write reads first waits until the write is cancelled; resolves once it has started. */
function backupHeldUntilCancelled(session: FakeSession): Promise<void> {
  let reading!: () => void;
  const reached = new Promise<void>((resolve) => (reading = resolve));
  const snapshot = session.workspace.snapshot;
  session.workspace.snapshot = async (scope, reason, signal) => {
    reading();
    await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
    return snapshot(scope, reason, signal);
  };
  return reached;
}

/** Close, the refusal's one button past Cancel's place, then waits until `shown` is gone. */
async function closeRefusal(app: Awaited<ReturnType<typeof renderApp>>, shown: string): Promise<void> {
  await app.chord('tab');
  await app.chord('enter');
  await waitFor(() => !app.frame().includes(shown), { message: app.frame });
}

async function openCopyOfGlobal(api: FakeApi, session: FakeSession) {
  const app = await renderApp(api, { columns: 140, rows: 36 }, session);
  await app.waitForText('g0');
  await app.pressAndWait('copyScope', 'Test Guild');
  await app.chord('down');
  await app.chord('enter');
  return app;
}

describe('the copy dialog', () => {
  it('into a guild at 95 slash commands: the cap refusal in the CLI\'s words, only Close, and nothing sent', async () => {
    const api = new FakeApi(slash('g', 30, { kind: 'global' }), slash('local', 95));
    const app = await openCopyOfGlobal(api, withEngine(fakeSession(api)));
    await app.waitForText('Copy every command of Global into Test Guild?');
    const frame = flat(app.frame());
    expect(frame).toContain('Refused; nothing can be sent:');
    expect(frame).toContain('The scope would hold 125 CHAT_INPUT commands; the cap is 100. Copy fewer commands, or delete some from the target first.');
    expect(frame).toContain('Close');
    // One button: Cancel and Close would do the same.
    expect(frame).not.toContain('Cancel');
    expect(frame).not.toContain('switch button');
    expect(frame).not.toContain('A backup of Test Guild is written first');
    await app.chord('enter');
    await waitFor(() => !app.frame().includes('Copy every command'), { message: app.frame });
    expect(writes(api)).toEqual([]);
  });

  it('refused, still says the ghost duplicates the copy would leave, in the words `cmd-tui copy` prints beside the refusal', async () => {
    const api = new FakeApi(slash('g', 30, { kind: 'global' }), slash('local', 95));
    const app = await openCopyOfGlobal(api, withEngine(fakeSession(api)));
    await app.waitForText('Refused; nothing can be sent:');
    expect(flat(app.frame())).toContain('These 30 commands stay global, so each exists twice in Test Guild');
  });

  it('at 40×12: the refusal and Close stay in view, wrapped lines keep their indent, and only the plan scrolls', async () => {
    const api = new FakeApi(slash('g', 30, { kind: 'global' }), slash('local', 95));
    const app = await renderApp(api, { columns: 40, rows: 12 }, withEngine(fakeSession(api)));
    await app.waitForText('g0');
    await app.pressAndWait('copyScope', 'Test Guild');
    await app.chord('down');
    await app.chord('enter');
    await waitFor(() => /lines 1–\d+ of \d+/.test(app.frame()), { message: app.frame });
    const rows = app.frame().split('\n');
    expect(rows).toHaveLength(12);
    // Every row used: the dialog's title on the first (the header gives way), the footer on the last.
    expect(rows[0]).toMatch(/^Copy every command of Global/);
    expect(rows[11]).toMatch(/esc/);
    expect(rows.some((row) => /^▸ Close/.test(row.trim()))).toBe(true);
    const refusal = rows.findIndex((row) => row.startsWith('  The scope would hold 125'));
    expect(refusal).toBeGreaterThan(0);
    // The refusal's wrapped lines start under its text, not at the edge.
    expect(rows[refusal + 1]).toMatch(/^  \S/);
    await app.chord('pgdn');
    await waitFor(() => /lines [2-9]\d*–\d+ of/.test(app.frame()), { message: app.frame });
    expect(app.frame()).toContain('  The scope would hold 125');
    expect(app.frame()).toContain('▸ Close');
  });

  it('beyond the day\'s creates: the daily refusal, nothing sent', async () => {
    const api = new FakeApi(slash('g', 3, { kind: 'global' }));
    const session = withEngine(fakeSession(api));
    session.workspace.createBudget = async () => ({ used: 199, unanswered: 0, remaining: 1, day: '2026-01-01' });
    const app = await openCopyOfGlobal(api, session);
    await app.waitForText("The plan creates 3 commands but only 1 of today's 200 creates are left for this scope.");
    await app.chord('tab');
    await app.chord('enter');
    expect(writes(api)).toEqual([]);
  });

  it('says how many commands are not valid, not that every one is', async () => {
    const bad = makeCommand({ name: 'BadName', description: 'uppercase is not allowed' });
    const api = new FakeApi([...slash('g', 3, { kind: 'global' }), bad]);
    const app = await openCopyOfGlobal(api, withEngine(fakeSession(api)));
    await app.waitForText('1 of the 4 commands of Global is not valid in Test Guild; nothing can be copied');
    expect(writes(api)).toEqual([]);
  });

  it('esc while it runs, before the first change leaves: cancelled, nothing sent', async () => {
    const api = new FakeApi(slash('g', 2, { kind: 'global' }));
    const session = withEngine(fakeSession(api));
    const app = await openCopyOfGlobal(api, session);
    await app.waitForText('Copy every command of Global into Test Guild?');
    // The backup's reading waits: esc lands before anything can leave.
    const reached = backupHeldUntilCancelled(session);
    await app.chord('tab');
    await app.chord('enter');
    await reached;
    await app.chord('esc');
    await app.waitForText('Cancelled before it was sent: nothing was copied into Test Guild.');
    expect(writes(api)).toEqual([]);
  });

  it('esc once the first change left: it stops between requests and says what was sent and what was not', async () => {
    const api = new FakeApi(slash('g', 3, { kind: 'global' }));
    const app = await openCopyOfGlobal(api, withEngine(fakeSession(api)));
    await app.waitForText('Copy every command of Global into Test Guild?');
    let release!: () => void;
    api.gate = new Promise((resolve) => (release = resolve));
    await app.chord('tab');
    await app.chord('enter');
    await waitFor(() => writes(api).length === 1, { message: app.frame });
    await app.chord('esc');
    release();
    await app.waitForText('Copy into Test Guild stopped after 1 of 3 changes: Cancelled; the next request was not sent. Made: created /g0.');
    expect(flat(app.frame())).toContain('Not sent: + /g1, + /g2.');
    expect(writes(api)).toHaveLength(1);
  });
});

describe('a restore that deletes most of the scope', () => {
  async function openRestore(size = { columns: 140, rows: 36 }) {
    const kept = makeCommand({ name: 'kept', description: 'Stays' }, guild);
    const api = new FakeApi([], [kept, ...slash('extra', 9)]);
    const backup: ScopeBackup = { format: BACKUP_FORMAT, version: 1, createdAt: '2026-11-24T10:00:00.000Z', reason: 'delete extra', applicationId: APP_ID, scope: guild, commands: [kept as Command], permissions: [] };
    const entry: BackupEntry = { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: backup.createdAt, reason: backup.reason, applicationId: APP_ID, commandCount: 1, overwriteCount: 0, overwritesOnly: false };
    const session = withEngine(fakeSession(api), { '/b/1.json': backup }, [entry]);
    const app = await renderApp(api, size, session);
    await app.waitForText('Global');
    await app.pressAndWait('openBackups', 'Test Guild');
    await app.pressAndWait('restorePlan', 'Restore anyway…');
    return { api, app, session };
  }

  it('a plain confirm sends nothing: it asks for "delete 9" to be typed, the CLI\'s --delete-many', async () => {
    const { api, app } = await openRestore();
    const frame = flat(app.frame());
    expect(frame).toContain('Restore Test Guild to 2026-11-24 10:00:00 (delete extra)?');
    expect(frame).toContain('Held back until you confirm it by typing; nothing has been sent:');
    expect(frame).toContain("The plan deletes 9 of the scope's 10 commands (more than half).");
    // As the copy dialog: the counts and the day's creates the plan uses.
    expect(frame).toContain("0 to create, 0 to update, 9 to delete; uses 0 of today's creates (200 of 200 left).");
    expect(frame).toContain('Restore anyway…');
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restore Test Guild anyway?');
    expect(flat(app.frame())).toContain('Type delete 9 and press enter to restore anyway; esc cancels.');
    expect(writes(api)).toEqual([]);
    // A wrong answer goes nowhere; esc keeps everything.
    await app.type('delete');
    await app.pressAndWait('confirm', 'That is not it: type “delete 9” exactly');
    await app.chord('esc');
    await waitFor(() => !app.frame().includes('Restore Test Guild anyway?'), { message: app.frame });
    expect(writes(api)).toEqual([]);
  });

  it('at 40×12: the refusal and both buttons stay in view while the plan scrolls, and the typed answer has its field', async () => {
    const { app } = await openRestore({ columns: 40, rows: 12 });
    await waitFor(() => /lines 1–\d+ of \d+/.test(app.frame()), { message: app.frame });
    const frame = app.frame();
    expect(frame.split('\n')).toHaveLength(12);
    expect(flat(frame)).toContain("The plan deletes 9 of the scope's 10 commands (more than half).");
    expect(frame).toMatch(/▸ Cancel\s+Restore anyway…/);
    await app.chord('pgdn');
    await waitFor(() => /lines [2-9]\d*–\d+ of/.test(app.frame()), { message: app.frame });
    expect(flat(app.frame())).toContain("The plan deletes 9 of the scope's 10 commands (more than half).");
    expect(app.frame()).toContain('Restore anyway…');
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restore Test Guild anyway?');
    await app.type('delete');
    await waitFor(() => /^> delete/m.test(app.frame()), { message: app.frame });
    expect(flat(app.frame())).toContain('Type delete 9 and press enter to restore anyway; esc cancels.');
  });

  it('typed, the nine are deleted after a backup', async () => {
    const { api, app, session } = await openRestore();
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restore Test Guild anyway?');
    await app.type('delete 9');
    await app.pressAndWait('confirm', 'Restored 9 command changes and 0 overwrite lists');
    expect(writes(api)).toHaveLength(9);
    expect(session.backups.at(-1)?.reason).toBe('restore 2026-11-24T10:00:00.000Z');
  });

  it('esc while it runs, before the first change leaves: cancelled, nothing sent', async () => {
    const { api, app, session } = await openRestore();
    const reached = backupHeldUntilCancelled(session);
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restore Test Guild anyway?');
    await app.type('delete 9');
    await app.press('confirm');
    await reached;
    await app.chord('esc');
    await app.waitForText('Cancelled before it was sent: nothing was restored in Test Guild.');
    expect(writes(api)).toEqual([]);
  });
});

describe('an overwrites-only restore without the browser sign-in', () => {
  it('is refused before anything is sent, in the CLI\'s words, with the sign-in offered', async () => {
    const ping = makeCommand({ name: 'ping' });
    const api = new FakeApi([ping]);
    const backup: OverwritesBackup = {
      format: OVERWRITES_BACKUP_FORMAT,
      version: 1,
      createdAt: '2026-11-24T10:00:00.000Z',
      reason: 'permissions of /ping',
      applicationId: APP_ID,
      scope: guild,
      permissions: [{ id: ping.id, application_id: APP_ID, guild_id: GUILD_ID, permissions: [{ id: GUILD_ID, type: 1, permission: false }] }],
    };
    const entry: BackupEntry = { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: backup.createdAt, reason: backup.reason, applicationId: APP_ID, commandCount: 0, overwriteCount: 1, overwritesOnly: true };
    const session = withEngine(fakeSession(api), { '/b/1.json': backup }, [entry]);
    session.signIn = { start: () => new Promise(() => undefined) };
    const app = await renderApp(api, { columns: 140, rows: 36 }, session);
    await app.waitForText('ping');
    await app.pressAndWait('openBackups', 'permissions of /ping');
    await app.pressAndWait('restorePlan', 'Refused; nothing can be sent:');
    const frame = flat(app.frame());
    expect(frame).toContain('Restoring overwrites needs the browser sign-in: Discord accepts permission changes only from a signed-in user.');
    expect(frame).toContain('overwrites of /ping in Test Guild: 1');
    expect(frame).toContain('Press s to sign in first.');
    expect(frame).not.toContain('reported as not restored');
    await closeRefusal(app, 'Refused; nothing can be sent:');
    // Nothing was carried out (the fake API's PUT would throw): no outcome is told.
    expect(app.frame()).not.toMatch(/Restored|Restore failed/);
  });
});

describe('a plan made stale by another writer', () => {
  it("is told with the TUI's keys to plan it again, never the CLI's 'run it again'", () => {
    const line = planFailedLine('Copy into Test Guild', new ScopeChangedError(guild));
    expect(line).toBe(
      'Copy into Test Guild failed: The scope changed since the plan was made (another writer got there first); nothing was sent. — A plan shown for confirming is never swapped for another: start it again (C for a copy, enter on a backup for a restore) to see one made afresh from the scope as it is now.',
    );
    expect(line).not.toContain('run it again');
  });
});
