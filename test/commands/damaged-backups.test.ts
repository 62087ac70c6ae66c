/**
 * A backup edited by hand (a `__proto__` key, a key given twice, a number JSON.parse reads as Infinity) is not
 * silently missing from `cmd-tui backups`: it is listed as damaged with what is wrong, in text and --json; and
 * `restore` of it says what is wrong in the words every strict JSON reader uses, not "not valid JSON".
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BACKUP_FORMAT, serializeBackup, type ScopeBackup } from '../../source/discord/backup-format.js';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';

const home = useIsolatedHome();

const intact: ScopeBackup = {
  format: BACKUP_FORMAT,
  version: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  reason: 'apply commands.json',
  applicationId: '100',
  scope: { kind: 'guild', guildId: '5000' },
  commands: [{ id: '1', application_id: '100', version: '1', type: 1, name: 'ping', description: 'Ping', default_member_permissions: null }],
  permissions: [{ id: '1', application_id: '100', guild_id: '5000', permissions: [{ id: '7', type: 1, permission: true }] }],
};

it('backups lists the damaged files with why, and restore says what is wrong', async () => {
  const folder = home.environment.paths().backups;
  await mkdir(folder, { recursive: true });
  const text = serializeBackup(intact);
  await writeFile(join(folder, '2026-11-25T10-00-00-000Z_guild-5000_aaaaaa.json'), text);
  const proto = join(folder, '2026-11-25T11-00-00-000Z_guild-5000_bbbbbb.json');
  await writeFile(proto, text.replace('"reason":', '"__proto__": {"reason": "x"},\n  "reason":'));
  await writeFile(join(folder, '2026-11-25T12-00-00-000Z_guild-5000_cccccc.json'), text.replace('"permission": true', '"permission": -1e309'));

  const listed = await runCli(['backups'], { env: home.env });
  expect(listed.code, listed.stderr).toBe(0);
  // The HOLDS column counts as a sentence does.
  expect(listed.stdout).toContain('  1 command · 1 overwrite  ');
  expect(listed.stdout).toContain('2 files in the backups folder are damaged and not listed:\n');
  expect(listed.stdout).toMatch(/\n {2}2026-11-25T11-00-00-000Z_guild-5000_bbbbbb\.json has a key that is not allowed: line \d+, column \d+ \(at __proto__\): the key "__proto__" is not allowed/);
  expect(listed.stdout).toMatch(/\n {2}2026-11-25T12-00-00-000Z_guild-5000_cccccc\.json has a number out of range: line \d+, column \d+ \(at permissions\[0\]\.permissions\[0\]\.permission\): /);

  const json = JSON.parse((await runCli(['backups', '--json'], { env: home.env })).stdout) as Array<{ path: string; damaged?: boolean; problem?: string; scope?: string }>;
  expect(json.map((entry) => [entry.path.slice(folder.length + 1), entry.damaged ?? false])).toEqual([
    ['2026-11-25T10-00-00-000Z_guild-5000_aaaaaa.json', false],
    ['2026-11-25T11-00-00-000Z_guild-5000_bbbbbb.json', true],
    ['2026-11-25T12-00-00-000Z_guild-5000_cccccc.json', true],
  ]);
  expect(json[1]!.problem).toContain('has a key that is not allowed');

  const restored = await runCli(['restore', proto, '--yes'], { env: home.env });
  expect(restored.code).toBe(1);
  expect(restored.stderr).toContain(`${proto} has a key that is not allowed: line 5, column 14 (at __proto__): the key "__proto__" is not allowed`);
  expect(restored.stderr).not.toContain('not valid JSON');
});
