/** The audit (`a`) and backups (`b`) screens on a fake session: what they show, and where enter leads. */
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError } from '../../source/api/errors.js';
import type { RestorePreview } from '../../source/backup/restore.js';
import type { OverwritesRestorePreview } from '../../source/backup/restore-overwrites.js';
import { OVERWRITES_BACKUP_FORMAT } from '../../source/discord/backup-format.js';
import type { BackupEntry } from '../../source/backup/store.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, GUILD_ID, fakeSession, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function apiWithGhost(): FakeApi {
  const globalPing = makeCommand({ name: 'ping', description: 'Check the latency' });
  const api = new FakeApi([globalPing, makeCommand({ name: 'BadName', description: 'uppercase is not allowed' })]);
  api.commands.set(`guild:${GUILD_ID}`, [makeCommand({ name: 'ping', description: 'Test copy' }, { kind: 'guild', guildId: GUILD_ID })]);
  return api;
}

describe('audit screen', () => {
  it('audits Global and every guild, groups by severity, and enter on a ghost duplicate asks to delete the guild copy', async () => {
    const app = await renderApp(apiWithGhost(), { columns: 140, rows: 30 });
    cleanup = app.unmount;
    await app.waitForText('ping');
    await app.press('openAudit');
    await app.waitForText('Audited Global and 1 guilds');
    const frame = app.frame();
    expect(frame).toMatch(/Audit of Global: 1 error, 1 warning, 0 notes/);
    // Errors come first.
    expect(frame.indexOf('validation')).toBeLessThan(frame.indexOf('ghost-duplicate'));
    expect(frame).toMatch(/ghost-duplicate\s+\/ping in Test Guild/);
    await app.press('down');
    await waitFor(() => /▸ warning ghost-duplicate/.test(app.frame()));
    await app.press('fixFinding');
    await app.waitForText('Delete ping from Test Guild?');
    await app.type('ping');
    await app.press('confirm');
    await app.waitForText('Deleted the guild copy of ping from Test Guild');
    expect(app.session.backups.at(-1)?.reason).toContain('delete ping');
    expect(app.api.commands.get(`guild:${GUILD_ID}`)).toEqual([]);
    expect(app.frame()).not.toContain('ghost-duplicate');
    await app.press('writeReport');
    await app.waitForText('Wrote the audit report to /exports/audit-global.md');
    expect(app.session.exports.get('audit-global.md')).toContain('# ');
  });

  it('deleting a ghost whose answer was lost and could not be read back says the outcome is unknown, never "Not deleted"', async () => {
    const api = apiWithGhost();
    const app = await renderApp(api, { columns: 140, rows: 30 });
    cleanup = app.unmount;
    await app.waitForText('ping');
    await app.press('openAudit');
    await app.waitForText('Audited Global and 1 guilds');
    await app.press('down');
    await waitFor(() => /▸ warning ghost-duplicate/.test(app.frame()));
    await app.press('fixFinding');
    await app.waitForText('Delete ping from Test Guild?');
    await app.type('ping');
    const lost = () => new ConnectionError('The connection to Discord was reset', '/x', 'Try again.', true);
    api.failNext = lost();
    api.getCommand = async () => {
      throw lost();
    };
    await app.press('confirm');
    await app.waitForText('unknown whether Discord carried it out');
    expect(app.frame()).not.toContain('Not deleted');
  });
});

describe('backups screen', () => {
  it('lists backups newest first by scope name and cause, and enter shows the restore plan before restoring', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const entries: BackupEntry[] = [
      { path: '/b/2.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:05:00.000Z', reason: 'delete mod', applicationId: api.applicationId, commandCount: 3, overwriteCount: 2, overwritesOnly: false },
      { path: '/b/1.json', scope: 'global', createdAt: '2026-11-24T10:00:00.000Z', reason: 'apply commands.json', applicationId: api.applicationId, commandCount: 30, overwriteCount: 0, overwritesOnly: false },
    ];
    const restored: string[] = [];
    const preview = { plan: { create: [{ name: 'mod', type: 1, body: {} }], update: [], delete: [], unchanged: [], createsUsed: 1 }, overwrites: [], unrestorable: [], backup: { commands: [], permissions: [] } } as unknown as RestorePreview;
    session.backupFiles = {
      list: async () => entries,
      preview: async () => preview,
      restore: async (_path, chosen) => {
        restored.push(chosen === preview ? 'the previewed plan' : 'another plan');
        return { execution: { backup: { path: '/b/3.json' } as never, steps: [{ kind: 'create', command: makeCommand({ name: 'mod' }), created: true }], commands: [] }, restored: [], notRestored: [] };
      },
    };
    const app = await renderApp(api, { columns: 120, rows: 24 }, session);
    cleanup = app.unmount;
    await app.waitForText('ping');
    await app.press('openBackups');
    await app.waitForText('delete mod');
    const rows = app.frame().split('\n');
    expect(rows.findIndex((row) => row.includes('delete mod'))).toBeLessThan(rows.findIndex((row) => row.includes('apply commands.json')));
    expect(app.frame()).toMatch(/▸ 2026-11-24 10:05:00\s+Test Guild\s+delete mod\s+3 commands · 2 overwrites/);
    await app.press('restorePlan');
    await app.waitForText('Restore Test Guild to 2026-11-24 10:05:00 (delete mod)?');
    expect(app.frame()).toContain('+ create /mod');
    expect(app.frame()).toMatch(/▸ Cancel/);
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restored 1 command change(s) and 0 overwrite list(s)');
    expect(restored).toEqual(['the previewed plan']);
  });
});

describe('backups screen: overwrites-only backups and names', () => {
  it('lists an overwrites-only backup marked as such; enter plans putting back its lists alone, and restores them', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const entry: BackupEntry = { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:00:00.000Z', reason: 'permissions of /ping', applicationId: api.applicationId, commandCount: 0, overwriteCount: 4, overwritesOnly: true };
    const preview: OverwritesRestorePreview = {
      kind: 'overwrites-only',
      backup: { format: OVERWRITES_BACKUP_FORMAT, version: 1, createdAt: entry.createdAt, reason: entry.reason, applicationId: api.applicationId, scope: { kind: 'guild', guildId: GUILD_ID }, permissions: [] },
      plan: { create: [], update: [], delete: [], unchanged: [], createsUsed: 0 },
      unrestorable: [],
      overwrites: [{ guildId: GUILD_ID, commandId: '1', target: '/ping', overwrites: [{ id: GUILD_ID, type: 1, permission: false }] }],
      known: [],
    };
    const restored: unknown[] = [];
    session.backupFiles = {
      list: async () => [entry],
      preview: async () => preview,
      restore: async (_path, chosen) => {
        restored.push(chosen);
        return { execution: { backup: { path: '/b/2.json' } as never, steps: [], commands: [] }, restored: preview.overwrites, notRestored: [] };
      },
    };
    const app = await renderApp(api, { columns: 120, rows: 24 }, session);
    cleanup = app.unmount;
    await app.waitForText('ping');
    await app.press('openBackups');
    await waitFor(() => /▸ 2026-11-24 10:00:00\s+Test Guild\s+permissions of \/ping\s+overwrites only: 4/.test(app.frame()), { message: app.frame });
    await app.press('restorePlan');
    await app.waitForText('overwrites of /ping in Test Guild: 1');
    expect(app.frame()).not.toMatch(/[+] create|- delete/);
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restored 0 command change(s) and 1 overwrite list(s)');
    expect(restored).toEqual([preview]);
  });

  it('names the overwrite lists of the plan by their commands', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const entry: BackupEntry = { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:00:00.000Z', reason: 'permissions of /ping', applicationId: api.applicationId, commandCount: 1, overwriteCount: 1, overwritesOnly: false };
    let known: readonly { name: string }[] = [];
    const preview = { plan: { create: [], update: [], delete: [], unchanged: [], createsUsed: 0 }, overwrites: [{ guildId: GUILD_ID, commandId: '1', target: '/ping', overwrites: [] }], unrestorable: [], backup: { commands: [], permissions: [] } } as unknown as RestorePreview;
    session.backupFiles = {
      list: async () => [entry],
      preview: async (_path, commands = []) => {
        known = commands;
        return preview;
      },
      restore: async () => {
        throw new Error('not used');
      },
    };
    const app = await renderApp(api, { columns: 120, rows: 24 }, session);
    cleanup = app.unmount;
    await app.waitForText('ping');
    await app.press('openBackups');
    await app.waitForText('permissions of /ping');
    await app.press('restorePlan');
    await app.waitForText('overwrites of /ping in Test Guild: 0');
    // The list on screen is handed to the plan, which names lists outside the backup's scope from it.
    expect(known.map((command) => command.name)).toContain('ping');
  });
});

describe('backups screen after a restore', () => {
  it('keeps the selection on the backup restored, though a new backup now heads the list', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const older: BackupEntry = { path: '/b/1.json', scope: 'global', createdAt: '2026-11-24T10:00:00.000Z', reason: 'apply commands.json', applicationId: api.applicationId, commandCount: 30, overwriteCount: 0, overwritesOnly: false };
    const newer: BackupEntry = { path: '/b/2.json', scope: 'global', createdAt: '2026-11-24T10:05:00.000Z', reason: 'delete mod', applicationId: api.applicationId, commandCount: 29, overwriteCount: 0, overwritesOnly: false };
    let entries = [newer, older];
    const preview = { plan: { create: [{ name: 'mod', type: 1, body: {} }], update: [], delete: [], unchanged: [], createsUsed: 1 }, overwrites: [], unrestorable: [], backup: { commands: [], permissions: [] } } as unknown as RestorePreview;
    session.backupFiles = {
      list: async () => entries,
      preview: async () => preview,
      restore: async () => {
        entries = [{ ...newer, path: '/b/3.json', createdAt: '2026-11-24T10:10:00.000Z', reason: 'restore Global' }, ...entries];
        return { execution: { backup: { path: '/b/3.json' } as never, steps: [], commands: [] }, restored: [], notRestored: [] };
      },
    };
    const app = await renderApp(api, { columns: 120, rows: 24 }, session);
    cleanup = app.unmount;
    await app.waitForText('ping');
    await app.press('openBackups');
    await app.waitForText('apply commands.json');
    await app.press('down');
    await waitFor(() => /▸ 2026-11-24 10:00:00/.test(app.frame()), { message: app.frame });
    await app.press('restorePlan');
    await app.waitForText('Restore Global to 2026-11-24 10:00:00');
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('restore Global');
    await waitFor(() => /▸ 2026-11-24 10:00:00/.test(app.frame()), { message: app.frame });
  });
});

describe('backups screen sign-in', () => {
  it('a sign-in started from the plan comes back to the plan', async () => {
    const api = apiWithGhost();
    let signedIn = false;
    api.authKinds = () => (signedIn ? ['bot', 'user'] : ['bot']);
    const session = fakeSession(api);
    const entry: BackupEntry = { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:00:00.000Z', reason: 'permissions of /ping', applicationId: api.applicationId, commandCount: 1, overwriteCount: 1, overwritesOnly: false };
    const preview = { plan: { create: [], update: [], delete: [], unchanged: [], createsUsed: 0 }, overwrites: [{ guildId: GUILD_ID, commandId: '1', target: 'ping', overwrites: [] }], unrestorable: [], backup: { commands: [], permissions: [] } } as unknown as RestorePreview;
    let previews = 0;
    session.backupFiles = {
      list: async () => [entry],
      preview: async () => {
        previews += 1;
        return preview;
      },
      restore: async () => {
        throw new Error('not used');
      },
    };
    session.signInUser = async (onUrl) => {
      onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=1');
      signedIn = true;
      return { ...session };
    };
    const app = await renderApp(api, { columns: 120, rows: 24 }, session);
    cleanup = app.unmount;
    await app.waitForText('ping');
    await app.press('openBackups');
    await app.waitForText('permissions of /ping');
    await app.press('restorePlan');
    await app.waitForText('Press s to sign in first');
    await app.chord('s');
    await waitFor(() => previews === 2 && app.frame().includes('overwrites of ping'), { message: app.frame });
    expect(app.frame()).not.toContain('Press s to sign in first');
  });
});
