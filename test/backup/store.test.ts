import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, OVERWRITES_BACKUP_FORMAT, type ScopeBackup } from '../../source/discord/backup-format.js';
import { BackupError, listBackups, readBackup, readBackupFolder, writeBackup } from '../../source/backup/store.js';
import { tempFolder } from '../helpers/temp-folder.js';

function backup(createdAt: string, fields: Partial<ScopeBackup> = {}): ScopeBackup {
  return {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt,
    reason: 'apply commands.json',
    applicationId: '100',
    scope: { kind: 'guild', guildId: '5000' },
    commands: [{ id: '1', application_id: '100', version: '1', type: 1, name: 'ping', description: 'Ping', default_member_permissions: null }],
    permissions: [{ id: '1', application_id: '100', guild_id: '5000', permissions: [{ id: '7', type: 1, permission: true }] }],
    ...fields,
  };
}

describe('backup store', () => {
  it('keeps a sign-in-only backup of overwrites, which restore refuses instead of reading its missing commands as none', async () => {
    const directory = tempFolder('cmd-tui-backups-');
    const { commands: _none, ...rest } = backup('2026-11-22T05:00:00.000Z');
    const entry = await writeBackup(directory, { ...rest, format: OVERWRITES_BACKUP_FORMAT });
    expect(entry).toMatchObject({ commandCount: 0, overwriteCount: 1 });
    expect(JSON.parse(await readFile(entry.path, 'utf8'))).not.toHaveProperty('commands');
    await expect(readBackup(entry.path)).rejects.toThrow(/permission overwrites only.*It cannot bring commands back.*puts back its overwrite lists only/);
    // Listed, marked: a user looking for the overwrites a sign-in-only save replaced finds them.
    expect(await listBackups(directory)).toEqual([{ ...entry, overwritesOnly: true }]);
  });

  it('writes atomically, leaves no temp file, and reads back what it wrote', async () => {
    const directory = join(tempFolder('cmd-tui-backups-'), 'nested', 'backups');
    const written = backup('2026-11-22T05:00:00.000Z');
    const entry = await writeBackup(directory, written);
    expect(entry).toMatchObject({ scope: 'guild:5000', createdAt: written.createdAt, reason: 'apply commands.json' });
    expect(await readdir(directory)).toEqual([entry.path.slice(directory.length + 1)]);
    expect(await readBackup(entry.path)).toEqual(written);
  });

  it('lists backups oldest first and skips files that are not backups', async () => {
    const directory = tempFolder('cmd-tui-backups-');
    const late = await writeBackup(directory, backup('2026-11-22T06:00:00.000Z', { scope: { kind: 'global' }, reason: 'delete /ping' }));
    const early = await writeBackup(directory, backup('2026-11-21T06:00:00.000Z'));
    await writeFile(join(directory, 'notes.json'), '{"hello":1}');
    const entries = await listBackups(directory);
    expect(entries.map((e) => e.path)).toEqual([early.path, late.path]);
    expect(entries[1]).toEqual({ path: late.path, scope: 'global', createdAt: '2026-11-22T06:00:00.000Z', reason: 'delete /ping', applicationId: '100', commandCount: 1, overwriteCount: 1, overwritesOnly: false });
  });

  it('lists the files it cannot read as backups as damaged, each with what is wrong, beside the backups', async () => {
    const directory = tempFolder('cmd-tui-backups-');
    const intact = await writeBackup(directory, backup('2026-11-22T05:00:00.000Z'));
    const text = await readFile(intact.path, 'utf8');
    const damage = async (name: string, edited: string) => writeFile(join(directory, name), edited);
    await damage('a-proto.json', text.replace('"reason":', '"__proto__": {},\n  "reason":'));
    await damage('b-twice.json', text.replace('"reason":', '"version": 1,\n  "reason":'));
    await damage('c-range.json', text.replace('"type": 1,\n          "permission"', '"type": -1e309,\n          "permission"'));
    await damage('d-notes.json', '{"hello":1}');
    const folder = await readBackupFolder(directory);
    expect(folder.backups.map((entry) => entry.path)).toEqual([intact.path]);
    expect(folder.damaged).toEqual([
      { path: join(directory, 'a-proto.json'), problem: expect.stringMatching(/^a-proto\.json has a key that is not allowed: line \d+, column \d+ \(at __proto__\): the key "__proto__" is not allowed/) },
      { path: join(directory, 'b-twice.json'), problem: expect.stringMatching(/^b-twice\.json has a key given twice: line \d+, column \d+ \(at version\): the key "version" is given twice/) },
      { path: join(directory, 'c-range.json'), problem: expect.stringMatching(/^c-range\.json has a number out of range: line \d+, column \d+ \(at permissions\[0\]\.permissions\[0\]\.type\): /) },
      { path: join(directory, 'd-notes.json'), problem: expect.stringMatching(/^d-notes\.json is not a cmd-tui backup \(/) },
    ]);
    expect(await listBackups(directory)).toEqual(folder.backups);
  });

  it('lists nothing when the folder does not exist yet', async () => {
    expect(await listBackups(join(tmpdir(), 'cmd-tui-no-such-folder-', String(Date.now())))).toEqual([]);
  });

  it('refuses a damaged backup with a message naming the file', async () => {
    const directory = tempFolder('cmd-tui-backups-');
    const entry = await writeBackup(directory, backup('2026-11-22T05:00:00.000Z'));
    const text = await readFile(entry.path, 'utf8');
    await writeFile(entry.path, text.slice(0, 40));
    await expect(readBackup(entry.path)).rejects.toThrow(BackupError);
    await expect(readBackup(entry.path)).rejects.toThrow(entry.path);
  });

  it('fails before any mutation could happen when the folder cannot be written', async () => {
    const directory = tempFolder('cmd-tui-backups-');
    await writeFile(join(directory, 'blocker'), 'a file where the folder should be');
    await expect(writeBackup(join(directory, 'blocker', 'backups'), backup('2026-11-22T05:00:00.000Z'))).rejects.toThrow('Nothing was changed on Discord');
  });
});
