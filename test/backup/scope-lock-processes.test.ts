/** Several processes finding one dead writer's lock at the same moment: only one holds the scope at a time. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { useIsolatedHome } from '../helpers/homes.js';

const home = useIsolatedHome();

const lockModule = fileURLToPath(new URL('../../source/backup/scope-lock.ts', import.meta.url));
const environmentModule = fileURLToPath(new URL('../../source/config/environment.ts', import.meta.url));
const APP = '100000000000000001';
const GUILD = '200000000000000002';

/**
 * A writer that races on request: for each line `AT MARKER` on stdin it waits until `at` (ms since the
 * epoch) so that all race, then takes the lock. While it holds the lock it holds a marker file made
 * exclusively: a writer that finds the marker already there holds the lock at the same time as another,
 * and says `both`; one refused says `refused`. (A late start may make a writer take the lock after another
 * let it go: that is a fair later hold, not a failure, so the test checks overlap, not how many held it.)
 * The five writers live for all the trials: each trial costs a race, not five starts of Node.
 */
const SCRIPT = `import { acquireScopeLock } from ${JSON.stringify(lockModule)};
import { readEnvironment } from ${JSON.stringify(environmentModule)};
import { open, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
const paths = readEnvironment(process.env, process.platform).paths();
for await (const line of createInterface({ input: process.stdin })) {
  const [at, marker] = line.split(' ');
  while (Date.now() < Number(at));
  try {
    const lock = await acquireScopeLock(paths, '${APP}', { kind: 'guild', guildId: '${GUILD}' }, 'apply ' + process.pid, { waitMs: 50 });
    const holding = await open(marker, 'wx').catch((error) => {
      if (error.code === 'EEXIST') return undefined;
      throw error;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    if (holding) {
      await holding.close();
      await rm(marker);
    }
    await lock.release();
    process.stdout.write(holding ? 'held\\n' : 'both\\n');
  } catch (error) {
    if (error.name !== 'ScopeLockedError') throw error;
    process.stdout.write('refused\\n');
  }
}
`;

interface Writer {
  /** Races at `at`; resolves with what the writer says. */
  race(at: number, marker: string): Promise<string>;
  /** Ends it; resolves once it has exited. */
  stop(): Promise<void>;
}

function writer(script: string): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: home.env, stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    race: async (at, marker) => {
      child.stdin!.write(`${at} ${marker}\n`);
      const answer = await Promise.race([answers.next(), exited.then((code) => ({ done: true, value: `exited ${code}` }))]);
      if (answer.done) throw new Error(`a writer ${answer.value ?? 'exited'}`);
      return answer.value;
    },
    stop: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

it("five writers taking over one dead writer's lock at once: never two hold it (30 trials)", { timeout: 300_000 }, async () => {
  const script = join(home.home, 'take.mts');
  await writeFile(script, SCRIPT);
  const locks = join(home.home, 'data', 'locks');
  await mkdir(locks, { recursive: true });
  const marker = join(home.home, 'holding');
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  const writers = Array.from({ length: 5 }, () => writer(script));
  try {
    // Started and ready, before the first trial: a race at once (there is no lock to take) that all pass.
    await Promise.all(writers.map((each) => each.race(0, join(home.home, 'warm-up'))));
    for (let trial = 0; trial < 30; trial++) {
      await writeFile(join(locks, `${APP}-guild-${GUILD}.lock`), JSON.stringify({ pid: dead, host: hostname(), command: 'apply commands.json', since: `2026-11-24T10:00:${String(trial).padStart(2, '0')}.000Z` }));
      // Far enough ahead that each writer, already waiting on its stdin, reads the line before then.
      const at = Date.now() + 250;
      const outputs = await Promise.all(writers.map((each) => each.race(at, marker)));
      expect(outputs, `trial ${trial}`).not.toContain('both');
      expect(outputs, `trial ${trial}`).toContain('held');
    }
  } finally {
    await Promise.all(writers.map((each) => each.stop()));
  }
});
