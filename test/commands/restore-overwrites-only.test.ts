/**
 * A backup a browser sign-in alone took holds overwrites and no command list: `cmd-tui backups` marks it,
 * and `restore` puts back only its overwrite lists (one PUT per list that differs), with the sign-in
 * alone, backed up first — never reading the missing list as "no commands" and pruning.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeBackup } from '../../source/backup/store.js';
import { appPaths } from '../../source/config/paths.js';
import { OVERWRITES_BACKUP_FORMAT } from '../../source/discord/backup-format.js';
import type { GuildCommandPermissions } from '../../source/discord/model.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { bearer, botAuth, call, useEmulator } from '../helpers/emulator.js';
import { mutating, requestLog, resetEmulator } from './emulator-requests.js';
import { signInAdmin } from './restore-fixture.js';

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;
beforeEach(async () => {
  await resetEmulator(emulator());
  home = await isolatedHome();
  await signInAdmin(emulator(), home.env);
});
afterEach(() => home.cleanup());

const target = () => ['--api', emulator().baseUrl, '--app', emulator().applicationId];
const permissionsPath = (guildId: string) => `/applications/${emulator().applicationId}/guilds/${guildId}/commands/permissions`;

async function guildLists(guildId: string): Promise<GuildCommandPermissions[]> {
  return (await call(emulator(), 'GET', permissionsPath(guildId), { auth: bearer(emulator().userToken) })).body as GuildCommandPermissions[];
}

/** An overwrites-only backup of the guild as it is now, as a sign-in's save takes one. */
async function overwritesBackup(guildId: string): Promise<{ path: string; permissions: GuildCommandPermissions[] }> {
  const permissions = await guildLists(guildId);
  const { path } = await writeBackup(appPaths(home.env, process.platform).backups, {
    format: OVERWRITES_BACKUP_FORMAT,
    version: 1,
    createdAt: '2026-11-27T07:00:00.000Z',
    reason: 'permissions of /race in guild',
    applicationId: emulator().applicationId,
    scope: { kind: 'guild', guildId },
    permissions,
  });
  return { path, permissions };
}

it('lists an overwrites-only backup in cmd-tui backups, marked as such, saying restore puts back only the overwrites', async () => {
  const guildId = emulator().guildIds[1]!;
  const { path } = await overwritesBackup(guildId);
  const table = await runCli(['backups'], { env: home.env });
  expect(table.code).toBe(0);
  expect(table.stdout).toMatch(/permissions of \/race in guild\s+overwrites only: 2\s/);
  expect(table.stdout).toContain('An overwrites-only backup was taken with a browser sign-in alone');
  expect(table.stdout).toContain('restoring it puts back only those (the commands are not touched)');
  const json = await runCli(['backups', '--json'], { env: home.env });
  expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ path, overwritesOnly: true, commandCount: 0, overwriteCount: 2 })]);
});

it('restores only the overwrite lists with the sign-in alone: one PUT, backed up first, commands untouched', { timeout: 30_000 }, async () => {
  const guildId = emulator().guildIds[1]!;
  const { path, permissions } = await overwritesBackup(guildId);
  const race = permissions.find((entry) => entry.id !== emulator().applicationId)!;
  await call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${guildId}/commands/${race.id}/permissions`, { auth: bearer(emulator().userToken), json: { permissions: [] } });
  const commandsBefore = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).text;
  const logged = (await requestLog(emulator())).length;

  const result = await runCli(['restore', path, '--yes', '--json', ...target()], { env: home.env });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toContain('It holds overwrites only: the commands are not touched.');
  expect(result.stderr).toContain(`command ${race.id} in guild ${guildId}: 2 overwrites`);
  const report = JSON.parse(result.stdout) as { restored: boolean; backup: string; overwrites: unknown[] };
  expect(report).toMatchObject({ restored: true, overwrites: [expect.objectContaining({ commandId: race.id })] });
  // The lists as they were before the restore, kept as an overwrites-only backup.
  expect(JSON.parse(await readFile(report.backup, 'utf8'))).toMatchObject({ format: OVERWRITES_BACKUP_FORMAT, permissions: [] });
  expect(mutating((await requestLog(emulator())).slice(logged)).map((request) => `${request.method} ${request.path.replace(/^\/api\/v10/, '')}`)).toEqual([
    `PUT /applications/${emulator().applicationId}/guilds/${guildId}/commands/${race.id}/permissions`,
  ]);
  expect((await guildLists(guildId)).find((entry) => entry.id === race.id)?.permissions).toEqual(race.permissions);
  expect((await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).text).toBe(commandsBefore);

  const again = await runCli(['restore', path, '--yes', ...target()], { env: home.env });
  expect(again.code).toBe(0);
  expect(again.stderr).toContain('already match the backup. Nothing to do.');
});

it('with a bot token alone the lists are shown and the restore is refused, naming the sign-in', async () => {
  const guildId = emulator().guildIds[1]!;
  const { path, permissions } = await overwritesBackup(guildId);
  const race = permissions.find((entry) => entry.id !== emulator().applicationId)!;
  await call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${guildId}/commands/${race.id}/permissions`, { auth: bearer(emulator().userToken), json: { permissions: [] } });
  const botOnly = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
  const result = await runCli(['restore', path, '--yes', ...target()], { env: botOnly.env });
  expect(result.code).toBe(4);
  expect(result.stderr).toContain('/race in guild');
  expect(result.stderr).toContain('Restoring overwrites needs the browser sign-in');
});
