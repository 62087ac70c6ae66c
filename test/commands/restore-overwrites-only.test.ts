/**
 * A backup a browser sign-in alone took holds overwrites and no command list: `restore` refuses it
 * before connecting, saying why, rather than reading the missing list as "no commands" and pruning.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { writeBackup } from '../../source/backup/store.js';
import { appPaths } from '../../source/config/paths.js';
import { OVERWRITES_BACKUP_FORMAT } from '../../source/discord/backup-format.js';
import { runCli } from '../helpers/cli.js';

let home: string;
let path: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cmd-tui-overwrites-only-'));
  ({ path } = await writeBackup(appPaths({ CMD_TUI_HOME: home }).backups, {
    format: OVERWRITES_BACKUP_FORMAT,
    version: 1,
    createdAt: '2026-11-27T07:00:00.000Z',
    reason: 'permissions of /ban in guild 200000000000000002',
    applicationId: '100000000000000001',
    scope: { kind: 'guild', guildId: '200000000000000002' },
    permissions: [{ id: '300000000000000003', application_id: '100000000000000001', guild_id: '200000000000000002', permissions: [{ id: '200000000000000002', type: 1, permission: false }] }],
  }));
});

it('lists an overwrites-only backup in cmd-tui backups, marked as such, and says restore cannot use it', async () => {
  const env = { CMD_TUI_HOME: home };
  const table = await runCli(['backups'], { env });
  expect(table.code).toBe(0);
  expect(table.stdout).toMatch(/permissions of \/ban in guild 200000000000000002\s+overwrites only: 1\s/);
  expect(table.stdout).toContain('An overwrites-only backup was taken with a browser sign-in alone');
  expect(table.stdout).toContain('restore cannot use it');
  const json = await runCli(['backups', '--json'], { env });
  expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ path, overwritesOnly: true, commandCount: 0, overwriteCount: 1 })]);
});

it('refuses to restore an overwrites-only backup, says why, and sends nothing', async () => {
  // Nothing listens here: a refusal that connected first would fail differently.
  const { code, stderr } = await runCli(['restore', path, '--api', 'http://127.0.0.1:9/api/v10', '--yes'], { env: { CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: 'fake-bot-token' } });
  expect(code).not.toBe(0);
  expect(stderr).toContain('is a backup of permission overwrites only');
  expect(stderr).toContain('Restore cannot use it');
  expect(stderr).not.toMatch(/connect|127\.0\.0\.1:9/i);
});
