/**
 * The lock around the small shared files (settings, secrets, guild cache, creates ledger, pace file):
 * one writer at a time even when several take over a crashed writer's lock at once, a writer removes
 * only its own lock, a lock dated in the future still ages, and a lock that stays is a local failure
 * (exit 6) naming the lock file and what to do.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalWriteError } from '../../source/config/local-failure.js';
import { exitCodeOf } from '../../source/commands/failure.js';
import { ExitCode } from '../../source/commands/types.js';
import { withFileLock } from '../../source/config/file-lock.js';
import { backdate } from '../helpers/file-times.js';

let folder: string;
let path: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cmd-tui-lock-'));
  path = join(folder, 'settings.json');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(folder, { recursive: true, force: true });
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock a crashed writer left a minute ago. */
async function leaveStaleLock(): Promise<void> {
  await writeFile(`${path}.lock`, '');
  await backdate(`${path}.lock`, 60_000);
}

describe('withFileLock', () => {
  it('lets one writer in at a time when several take over a crashed writer\'s lock together', async () => {
    let inside = 0;
    let mostInside = 0;
    const write = async (ticks: number) => {
      // Staggered by a few turns of the event loop, so one waiter's takeover lands between another's look and its own.
      for (let tick = 0; tick < ticks; tick += 1) await new Promise(setImmediate);
      await withFileLock(path, async () => {
        inside += 1;
        mostInside = Math.max(mostInside, inside);
        await wait(5);
        inside -= 1;
      });
    };
    for (let round = 0; round < 20; round += 1) {
      await leaveStaleLock();
      await Promise.all(Array.from({ length: 6 }, (_, index) => write(index)));
    }
    expect(mostInside).toBe(1);
    expect((await readdir(folder)).filter((name) => name.includes('.lock'))).toEqual([]);
  });

  it('removes only its own lock: one that replaced it meanwhile stays', async () => {
    await withFileLock(path, async () => {
      await writeFile(`${path}.lock`, 'another-writers-nonce');
    });
    expect(await readFile(`${path}.lock`, 'utf8')).toBe('another-writers-nonce');
  });

  it('takes over a lock dated in the future once this process has seen it unchanged for the stale time', async () => {
    await writeFile(`${path}.lock`, '');
    await backdate(`${path}.lock`, -3_600_000);
    await expect(withFileLock(path, async () => 'written', { giveUpMs: 50 })).rejects.toBeInstanceOf(LocalWriteError);
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 11_000);
    expect(await withFileLock(path, async () => 'written', { giveUpMs: 50 })).toBe('written');
  });

  it('a lock that stays is a local failure (exit 6) naming the lock file and saying to remove it', async () => {
    await writeFile(`${path}.lock`, '');
    const failure = await withFileLock(path, async () => 'written', { giveUpMs: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LocalWriteError);
    const error = failure as LocalWriteError;
    expect(exitCodeOf(error)).toBe(ExitCode.Local);
    expect(error.message).toContain(`${path}.lock`);
    expect(error.hint).toContain(`if none is running, remove ${path}.lock`);
  });
});
