/**
 * Nothing cut that cannot be read (issue 29), at 80×24: list rows whose names share a long start are
 * told apart by their ends, an audit finding and a backup cut to fit their rows are read whole with
 * `v`, and a title keeps its counts whole when a long guild name has to give way.
 */
import { describe, expect, it } from 'vitest';
import type { BackupEntry } from '../../source/backup/store.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, GUILD_ID, fakeSession, makeCommand, fakeBackupFiles } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

const SIZE = { columns: 80, rows: 24 };

describe('at 80×24', () => {
  it('tells five names that share a long start apart', async () => {
    const api = new FakeApi([1, 2, 3, 4, 5].map((n) => makeCommand({ name: `the-quite-long-command-name-${n}`, description: 'Same start' })));
    const app = await renderApp(api, SIZE);
    await app.waitForText('Same start');
    const rows = app.frame().split('\n').filter((row) => row.includes('Same start'));
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.includes('…'))).toBe(true);
    for (const n of [1, 2, 3, 4, 5]) expect(rows.filter((row) => row.includes(`${n} `)).length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.replace(/^\W+/, ''))).size).toBe(5);
  });

  it('reads a cut audit finding whole with v', async () => {
    const api = new FakeApi([makeCommand({ name: 'BadName', description: 'uppercase is not allowed' })]);
    const app = await renderApp(api, SIZE);
    await app.waitForText('BadName');
    await app.pressAndWait('openAudit', 'Audited Global');
    const row = app.frame().split('\n').find((line) => line.includes('▸ error'));
    expect(row).toContain('…');
    await app.pressAndWait('readInFull', 'The finding in full');
    // The validator's whole message, wrapped in the overlay.
    const overlay = app.frame().replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
    expect(overlay).toMatch(/error · validation/);
    expect(overlay).toMatch(/\/BadName/);
    expect(overlay).toMatch(/lowercase/i);
    await app.press('back');
    await waitFor(() => !app.frame().includes('The finding in full'), { message: app.frame });
  });

  it('reads a cut backup whole with v', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' })]);
    const session = fakeSession(api);
    const reason = 'apply commands.json from the release branch of the moderation bot, checked by the whole team';
    const entries: BackupEntry[] = [{ path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:00:00.000Z', reason, applicationId: api.applicationId, commandCount: 3, overwriteCount: 2, overwritesOnly: false }];
    session.backupFiles = fakeBackupFiles({ list: async () => entries, prepare: async () => { throw new Error('not used'); }, carryOut: async () => { throw new Error('not used'); } });
    const app = await renderApp(api, SIZE, session);
    await app.waitForText('ping');
    // The cause gives way first at 80 columns (the time, scope and what it holds stay whole).
    await app.pressAndWait('openBackups', 'apply comma');
    expect(app.frame()).not.toContain('checked by the whole team');
    await app.pressAndWait('readInFull', 'The backup in full');
    expect(app.frame().replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ')).toContain('checked by the whole team');
  });

  it('keeps the editor title counts whole and cuts a long guild name', async () => {
    const api = new FakeApi([]);
    api.guilds = [{ id: GUILD_ID, name: 'The Extremely Long Guild Name Of A Very Large Community Server' }];
    api.commands.set(`guild:${GUILD_ID}`, [makeCommand({ name: 'ping', description: 'Ping' }, { kind: 'guild', guildId: GUILD_ID })]);
    const app = await renderApp(api, SIZE);
    await app.waitForText('No commands');
    await app.pressAndWait('scope', 'Community Server');
    await app.chord('down');
    await app.chord('enter');
    await app.waitForText('ping');
    await app.pressAndWait('new', 'New command in');
    await waitFor(() => /New command in .*…\s+\d+ problems?$/m.test(app.frame()), { message: app.frame });
  });
});
