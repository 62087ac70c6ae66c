/**
 * The write path shared by the CLI and the TUI (source/operations), through the built binary:
 * two `apply --prune` racing on one scope never leave a state neither file describes; a disk that
 * refuses the backup or lock exits 6 naming the folder, sends nothing and leaves no lock; `restore
 * --json` prints its refusal; `perms set --remove` of a target without an overwrite is a reported
 * no-op while the rest of the change goes through.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { mutating, requestLog, useFreshEmulatorAndHome } from './emulator-requests.js';
import { runRacingApplies } from '../reliability/racing-applies.js';
import { readEnvironment } from '../../source/config/environment.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useFreshEmulatorAndHome(emulator);

const env = () => ({ ...home().env, DISCORD_BOT_TOKEN: emulator().botToken, NO_COLOR: '1' });
const api = () => ['--api', emulator().baseUrl];
const guild = () => emulator().guildIds[0]!;
async function commandsFile(name: string, prefix: string, count: number): Promise<string> {
  const path = join(home().home, name);
  await writeFile(path, JSON.stringify(Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index}`, description: `Command ${index}`, type: 1 }))));
  return path;
}

describe('planned writes re-read the scope under the lock', () => {
  it('two apply --prune with different files at once ×10: the scope always ends as one of the files, the other planned again under the lock (--yes) or told the scope changed', { timeout: 240_000 }, async () => {
    const figures = await runRacingApplies(10);
    expect(figures.mixed).toEqual([]);
    expect(figures.unexpected).toEqual([]);
  });
});

describe('a disk that refuses', () => {
  it('a full disk under the data folder: exit 6 naming the folder, nothing sent, no lock left', { timeout: 60_000 }, async (context) => {
    const data = join(home().home, 'data');
    await mkdir(data, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', data], { stdio: 'ignore' });
    } catch {
      context.skip('mounting a small tmpfs needs root');
    }
    try {
      // Fill it, leaving no room for a backup or a lock.
      await writeFile(join(data, 'filler'), Buffer.alloc(16 * 1024)).catch(() => undefined);
      const file = await commandsFile('one.json', 'one', 1);
      const before = mutating(await requestLog(emulator())).length;
      const result = await runCli(['apply', file, '--guild', guild(), '--yes', ...api()], { env: env() });
      expect(result.code, result.stderr).toBe(6);
      expect(result.stderr).toContain(`cannot write in ${data}`);
      expect(result.stderr).toContain('no space left on the device');
      expect(result.stderr).toContain('Nothing was changed on Discord.');
      expect(result.stderr).not.toContain('unexpected failure');
      expect(mutating(await requestLog(emulator())).length).toBe(before);
      const locks = await readdir(join(data, 'locks')).catch(() => []);
      expect(locks).toEqual([]);
    } finally {
      execFileSync('umount', [data], { stdio: 'ignore' });
    }
  });
});

describe('restore --json', () => {
  it('prints its refusal as a document when not confirmed', { timeout: 60_000 }, async () => {
    const file = await commandsFile('one.json', 'one', 1);
    const applied = await runCli(['apply', file, '--guild', guild(), '--yes', '--json', ...api()], { env: env() });
    expect(applied.code, applied.stderr).toBe(0);
    const backup = (JSON.parse(applied.stdout) as { backup: string }).backup;
    const refused = await runCli(['restore', backup, '--json', ...api()], { env: env() });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({ applied: false, refusals: [{ rule: 'not-confirmed', message: 'The restore was not confirmed.' }] });
  });
});

describe('perms set --remove of a target without an overwrite', () => {
  it('is reported and skipped; the rest of the change is saved', { timeout: 60_000 }, async () => {
    const { baseUrl, applicationId, botToken, userToken, seeded } = emulator();
    await updateStoredCredentials(defaultStores(readEnvironment(home().env, process.platform)), baseUrl, applicationId, () => ({ botToken, user: { accessToken: userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'] } }));
    const result = await runCli(['perms', 'set', '--guild', guild(), '--command', 'ban', '--remove', 'everyone', '--allow', `user:${seeded.memberUserId}`, '--yes', ...api()], { env: home().env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('has no overwrite in this list. Skipped.');
    expect(result.stdout).toContain('Saved:');
    const listing = await runCli(['perms', 'list', '--guild', guild(), '--command', 'ban', '--json', ...api()], { env: home().env });
    const overwrites = (JSON.parse(listing.stdout) as { entries: { overwrites: { id: string; permission: boolean }[] }[] }).entries[0]?.overwrites ?? [];
    expect(overwrites).toContainEqual(expect.objectContaining({ id: seeded.memberUserId, permission: true }));
  });
});
