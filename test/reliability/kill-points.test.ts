/**
 * kill -9 of `apply` and `restore` (the built binary, emulator faults on) at random points of a
 * 50-command change: the short version; `npm run soak` runs 40 points. The seed is in the failure message.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from '../../source/config/paths.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';
import { runKillPoints } from './kill-points.js';

const POINTS = 6;

describe('kill -9 at random points of apply and restore', () => {
  it(`${POINTS} points: the guild as it was or as intended, no duplicate, backups intact, every re-run reports the journal and converges`, { timeout: 240_000 }, async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const figures = await runKillPoints({ points: POINTS, seed });
    const problems = figures.outcomes.flatMap((outcome, index) => outcome.problems.map((problem) => `point ${index} (${outcome.command} killed after ${outcome.killedAfterMs} ms): ${problem}`));
    expect(problems, `seed ${seed}`).toEqual([]);
    // Not vacuous: some runs were killed half-way through their writes, leaving their journal.
    expect(figures.outcomes.some((outcome) => outcome.writesBeforeKill > 0 && outcome.journalLeft), `seed ${seed}`).toBe(true);
    expect(figures.backupsChecked).toBeGreaterThan(POINTS);
  });
});

describe('a re-run with nothing left to write', () => {
  const emulator = useEmulator({ seed: 'empty' });

  it.each(['apply', 'restore'] as const)('%s run again still reports its interrupted run from the journal, and clears it', async (command) => {
    const home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
    const guild = emulator().guildIds[command === 'apply' ? 0 : 1]!;
    const file = join(home.home, 'commands.json');
    await writeFile(file, JSON.stringify([{ name: 'ping', description: 'Pong', type: 1 }]));
    const applied = await runCli(['apply', file, '--guild', guild, '--yes', '--api', emulator().baseUrl], { env: home.env });
    expect(applied.code, applied.stderr).toBe(0);
    // The backup of the empty guild; for restore, the guild is emptied again so that it matches it.
    const backup = /Backup of the previous state: (\S+)/.exec(applied.stdout)![1]!;
    if (command === 'restore') {
      await writeFile(file, '[]');
      expect((await runCli(['apply', file, '--guild', guild, '--prune', '--delete-many', '--yes', '--api', emulator().baseUrl], { env: home.env })).code).toBe(0);
    }
    // The journal a killed writer of the same command leaves: its lock, naming a process that is gone.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const lock = join(appPaths(home.env, process.platform).data, 'locks', `${emulator().applicationId}-guild-${guild}.lock`);
    const interrupted = command === 'apply' ? `apply ${file}` : `restore ${backup}`;
    await writeFile(lock, JSON.stringify({ pid: dead, host: hostname(), command: interrupted, since: '2026-11-25T10:00:00.000Z', backup }));
    // The guild is already as the interrupted run wanted: nothing to send, the journal reported all the same.
    const again = await runCli(command === 'apply' ? ['apply', file, '--guild', guild, '--yes', '--api', emulator().baseUrl] : ['restore', backup, '--yes', '--api', emulator().baseUrl], { env: home.env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`An earlier \`${interrupted}\` (pid ${dead}, since 2026-11-25T10:00:00.000Z) on guild ${guild} was interrupted.`);
    expect(existsSync(lock)).toBe(false);
  });
});
