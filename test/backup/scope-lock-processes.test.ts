/** Several processes finding one dead writer's lock at the same moment: only one holds the scope at a time. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';

let home: IsolatedHome;
beforeEach(async () => {
  home = await isolatedHome();
});
afterEach(() => home.cleanup());

const lockModule = fileURLToPath(new URL('../../source/backup/scope-lock.ts', import.meta.url));
const environmentModule = fileURLToPath(new URL('../../source/config/environment.ts', import.meta.url));
const APP = '100000000000000001';
const GUILD = '200000000000000002';

/**
 * Starts at `at` (ms since the epoch) so all race. While it holds the lock it holds a marker file made
 * exclusively: a writer that finds the marker already there holds the lock at the same time as
 * another, and says `both`. (A slow start may make a writer take the lock after another let it go: that
 * is a fair later hold, not a failure, so the test checks overlap, not how many held it.)
 */
const SCRIPT = `import { acquireScopeLock } from ${JSON.stringify(lockModule)};
import { readEnvironment } from ${JSON.stringify(environmentModule)};
import { open, rm } from 'node:fs/promises';
const at = Number(process.argv[2]);
const marker = process.argv[3];
while (Date.now() < at);
try {
  const lock = await acquireScopeLock(readEnvironment(process.env, process.platform).paths(), '${APP}', { kind: 'guild', guildId: '${GUILD}' }, 'apply ' + process.pid, { waitMs: 50 });
  const holding = await open(marker, 'wx').catch((error) => {
    if (error.code === 'EEXIST') return undefined;
    throw error;
  });
  process.stdout.write(holding ? 'held' : 'both');
  await new Promise((resolve) => setTimeout(resolve, 400));
  if (holding) {
    await holding.close();
    await rm(marker);
  }
  await lock.release();
} catch (error) {
  if (error.name !== 'ScopeLockedError') throw error;
}
`;

function writer(script: string, at: number, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(at), marker], { env: home.env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`writer exited ${code}`))));
  });
}

it("five writers taking over one dead writer's lock at once: never two hold it (30 trials)", { timeout: 300_000 }, async () => {
  const script = join(home.home, 'take.mts');
  await writeFile(script, SCRIPT);
  const locks = join(home.home, 'data', 'locks');
  await mkdir(locks, { recursive: true });
  const marker = join(home.home, 'holding');
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  for (let trial = 0; trial < 30; trial++) {
    await writeFile(join(locks, `${APP}-guild-${GUILD}.lock`), JSON.stringify({ pid: dead, host: hostname(), command: 'apply commands.json', since: `2026-11-24T10:00:${String(trial).padStart(2, '0')}.000Z` }));
    const at = Date.now() + 1_500;
    const outputs = await Promise.all(Array.from({ length: 5 }, () => writer(script, at, marker)));
    expect(outputs, `trial ${trial}`).not.toContain('both');
    expect(outputs, `trial ${trial}`).toContain('held');
  }
});
