/**
 * `apply --yes` that planned while another writer held the scope: no person approved its plan, so once
 * it holds the lock it plans again from the scope as it is then — nothing to do ends 0, what is still
 * missing is applied — instead of refusing with "the scope changed since the plan was made". (A plan a
 * person approved is never swapped: test/operations/plan-engine.test.ts.)
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireScopeLock } from '../../source/backup/scope-lock.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { mutating, requestLog, resetEmulator } from './emulator-requests.js';
import { runCommand } from './run-command.js';

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;
beforeEach(async () => {
  await resetEmulator(emulator());
  home = await isolatedHome();
  home.env.DISCORD_BOT_TOKEN = emulator().botToken;
});
afterEach(() => home.cleanup());

const WANTED = [
  { name: 'alpha', description: 'First', type: 1 },
  { name: 'beta', description: 'Second', type: 1 },
];

/**
 * Runs `apply FILE --guild G --yes` while this test holds the guild's lock; once the apply has read the
 * scope for its plan, `otherWriter` changes the guild (as a second apply would), then the lock is released.
 */
async function applyRacedBy(otherWriter: (commandsPath: string) => Promise<void>) {
  const guild = emulator().guildIds[0]!;
  const file = join(home.home, 'ci.json');
  await writeFile(file, JSON.stringify(WANTED));
  const commandsPath = `/applications/${emulator().applicationId}/guilds/${guild}/commands`;
  const lock = await acquireScopeLock(home.environment.paths(), emulator().applicationId, { kind: 'guild', guildId: guild }, 'apply ci.json');
  const run = runCommand('apply', [file, '--guild', guild, '--yes', '--api', emulator().baseUrl], home.env, home.home);
  while (!(await requestLog(emulator())).some((request) => request.method === 'GET' && request.path.endsWith(commandsPath))) await sleep(20);
  await otherWriter(commandsPath);
  const before = (await requestLog(emulator())).length;
  await lock.release();
  const result = await run;
  const sentByApply = mutating((await requestLog(emulator())).slice(before));
  const listed = (await call(emulator(), 'GET', commandsPath, { auth: botAuth(emulator()) })).body as { name: string }[];
  return { result, sentByApply, names: listed.map((command) => command.name).sort() };
}

describe('apply --yes after another writer changed the scope while it waited', () => {
  it('the same change made by the other writer: nothing to change, exit 0, nothing sent', { timeout: 30_000 }, async () => {
    const { result, sentByApply, names } = await applyRacedBy(async (path) => {
      for (const body of WANTED) await call(emulator(), 'POST', path, { auth: botAuth(emulator()), json: body });
    });
    expect(result.stderr).not.toContain('The scope changed since the plan was made');
    expect(result.stderr).toContain('planned again');
    expect(result.stdout).toContain('Nothing to change in guild');
    expect(result.code).toBe(0);
    expect(sentByApply).toEqual([]);
    expect(names.filter((name) => name === 'alpha' || name === 'beta')).toEqual(['alpha', 'beta']);
  });

  it('part of it made by the other writer: the rest is applied from the new plan, exit 0', { timeout: 30_000 }, async () => {
    const { result, sentByApply, names } = await applyRacedBy(async (path) => {
      await call(emulator(), 'POST', path, { auth: botAuth(emulator()), json: WANTED[0] });
    });
    expect(result.stderr).toContain('planned again');
    expect(result.stderr).toContain('1 unchanged');
    expect(result.code).toBe(0);
    expect(sentByApply.map((request) => request.method)).toEqual(['POST']);
    expect(names.filter((name) => name === 'alpha' || name === 'beta')).toEqual(['alpha', 'beta']);
  });
});
