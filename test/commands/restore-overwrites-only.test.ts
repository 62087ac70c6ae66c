/**
 * A backup a browser sign-in alone took holds overwrites and no command list: `restore` refuses it
 * before connecting, saying why, rather than reading the missing list as "no commands" and pruning.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeBackup } from '../../source/backup/store.js';
import { OVERWRITES_BACKUP_FORMAT } from '../../source/discord/backup-format.js';
import { runCli } from '../helpers/cli.js';

it('refuses to restore an overwrites-only backup, says why, and sends nothing', async () => {
  const home = await mkdtemp(join(tmpdir(), 'cmd-tui-overwrites-only-'));
  const { path } = await writeBackup(join(home, 'backups'), {
    format: OVERWRITES_BACKUP_FORMAT,
    version: 1,
    createdAt: '2026-11-27T07:00:00.000Z',
    reason: 'permissions of /ban in guild 200000000000000002',
    applicationId: '100000000000000001',
    scope: { kind: 'guild', guildId: '200000000000000002' },
    permissions: [{ id: '300000000000000003', application_id: '100000000000000001', guild_id: '200000000000000002', permissions: [{ id: '200000000000000002', type: 1, permission: false }] }],
  });
  // Nothing listens here: a refusal that connected first would fail differently.
  const { code, stderr } = await runCli(['restore', path, '--api', 'http://127.0.0.1:9/api/v10', '--yes'], { env: { CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: 'fake-bot-token' } });
  expect(code).not.toBe(0);
  expect(stderr).toContain('is a backup of permission overwrites only');
  expect(stderr).toContain('Restore cannot use it');
  expect(stderr).not.toMatch(/connect|127\.0\.0\.1:9/i);
});
