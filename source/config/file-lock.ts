/**
 * A short lock around a read-modify-write of a small shared file (the daily-creates ledger, the
 * settings, the secrets file, the guild cache), so two processes — the TUI and `cmd-tui apply`, two CI
 * jobs on one runner — never lose each other's update. The lock is a file created exclusively beside
 * the target (its folder made 0700 if missing); one older than a few seconds is a crashed writer's, and taken.
 */
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asUnwritable } from './atomic-write.js';

const RETRY_MS = 15;
const GIVE_UP_MS = 5_000;
const STALE_MS = 10_000;

export async function withFileLock<T>(path: string, update: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  const started = Date.now();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    throw asUnwritable(error, dirname(path));
  });
  for (;;) {
    try {
      await (await open(lock, 'wx', 0o600)).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw asUnwritable(error, dirname(path));
      const age = await stat(lock).then((info) => Date.now() - info.mtimeMs, () => 0);
      if (age > STALE_MS) await rm(lock, { force: true });
      else if (Date.now() - started > GIVE_UP_MS) throw new Error(`${path} stayed locked for ${GIVE_UP_MS / 1000} s (${lock}); remove that file if no cmd-tui is running`);
      else await sleep(RETRY_MS);
    }
  }
  try {
    return await update();
  } finally {
    await rm(lock, { force: true });
  }
}
