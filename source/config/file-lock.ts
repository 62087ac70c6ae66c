/**
 * A short lock around a read-modify-write of a small shared file (the daily-creates ledger, the
 * settings, the secrets file, the guild cache, the per-token pace file), so two processes — the TUI and
 * `cmd-tui apply`, two CI jobs on one runner — never lose each other's update. The lock is a file created
 * exclusively beside the target (its folder made 0700 if missing) holding a random nonce, so a writer only
 * ever removes its own. One older than a few seconds is a crashed writer's and is taken over, one waiter
 * at a time and only while it is still that stale file, so two waiters cannot both get in.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCKED_CODE, LocalWriteError } from './local-failure.js';
import { asUnwritable, makeFolder } from './atomic-write.js';
import { fileSystemNow } from './file-clock.js';

const RETRY_MS = 15;
const GIVE_UP_MS = 5_000;
const STALE_MS = 10_000;

export interface FileLockOptions {
  /** How long to wait for another writer before failing with a LocalWriteError (5 s unless told). */
  giveUpMs?: number;
}

/** The error withFileLock gives up with when another writer's lock stayed (as against a disk that refused). */
export function isLockBusy(error: unknown): boolean {
  return error instanceof LocalWriteError && error.code === LOCKED_CODE;
}

/** A lock file as first seen by this process: a lock dated in the future (clock skew) ages by this process's clock. */
interface Sighting {
  ino: number;
  mtimeMs: number;
  firstSeen: number;
}
const sightings = new Map<string, Sighting>();

export async function withFileLock<T>(path: string, update: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const lock = `${path}.lock`;
  const giveUpMs = options.giveUpMs ?? GIVE_UP_MS;
  const nonce = randomBytes(8).toString('hex');
  const started = Date.now();
  await makeFolder(dirname(path), 0o700);
  for (;;) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      try {
        await handle.writeFile(nonce);
      } catch (error) {
        // A full disk: the lock without its nonce would be no one's, and stall every writer until stale.
        await rm(lock, { force: true });
        throw error;
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw asUnwritable(error, dirname(path));
      const stale = await staleLock(lock);
      if (stale) await takeOver(lock, stale);
      else if (Date.now() - started >= giveUpMs) throw LocalWriteError.locked(path, lock, Date.now() - started);
      else await sleep(RETRY_MS);
    }
  }
  try {
    return await update();
  } finally {
    sightings.delete(lock);
    await release(lock, nonce);
  }
}

/** The lock's identity when it is a crashed writer's (older than STALE_MS, or seen unchanged that long here); undefined otherwise. */
async function staleLock(lock: string): Promise<Sighting | undefined> {
  const info = await stat(lock).catch(() => undefined);
  if (info === undefined) return undefined;
  const now = Date.now();
  const seen = sightings.get(lock);
  const sighting = seen !== undefined && sameFile(info, seen) ? seen : { ino: info.ino, mtimeMs: info.mtimeMs, firstSeen: now };
  sightings.set(lock, sighting);
  // Its modification time by the file system's clock (file-clock.ts); how long it was seen, by this process's.
  const age = (await fileSystemNow(dirname(lock))) - info.mtimeMs;
  return age > STALE_MS || now - sighting.firstSeen > STALE_MS ? sighting : undefined;
}

function sameFile(info: { ino: number; mtimeMs: number }, other: { ino: number; mtimeMs: number }): boolean {
  return info.ino === other.ino && info.mtimeMs === other.mtimeMs;
}

/**
 * Removes a stale lock if it is still the one seen stale. Takeovers go one at a time through a guard file
 * beside the lock, so a waiter that saw the stale lock cannot remove the fresh one another waiter made
 * after taking it over. A guard left by a process killed mid-takeover is itself taken over once stale.
 */
async function takeOver(lock: string, stale: Sighting): Promise<void> {
  const guard = `${lock}.takeover`;
  try {
    await (await open(guard, 'wx', 0o600)).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw asUnwritable(error, dirname(lock));
    if (await staleLock(guard)) await rm(guard, { force: true });
    return;
  }
  try {
    const current = await stat(lock).catch(() => undefined);
    if (current !== undefined && sameFile(current, stale)) await rm(lock, { force: true });
  } finally {
    await rm(guard, { force: true });
  }
}

/** Removes the lock if it is this writer's: one that replaced it (taken over after STALE_MS) is someone else's. */
async function release(lock: string, nonce: string): Promise<void> {
  const holder = await readFile(lock, 'utf8').catch(() => undefined);
  if (holder === nonce) await rm(lock, { force: true });
}
