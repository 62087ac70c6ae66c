/**
 * The one way cmd-tui writes a file: a temp file in the same folder, fsync, rename over the target,
 * the mode set, and the folder fsynced, so a crash leaves the old file or the new one, never half.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, link, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LocalWriteError, UnwritableFolderError } from './local-failure.js';

export interface AtomicWriteOptions {
  mode?: number;
  /** For a folder this creates. */
  folderMode?: number;
  /** Never replace an existing file: fails with EEXIST instead (the temp file is linked, not renamed, into place). */
  exclusive?: boolean;
  /** Create the folder when missing (default); false: a missing folder is an error (ENOENT). */
  createFolder?: boolean;
}

/** The codes a disk refuses a write with (full, read-only, not ours) rather than failing by chance. */
const REFUSED = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS']);

export async function writeFileAtomic(path: string, contents: string, options: AtomicWriteOptions = {}): Promise<void> {
  try {
    await writeThroughTemporary(path, contents, options);
  } catch (error) {
    throw asUnwritable(error, dirname(path));
  }
}

/**
 * Fails before writing anything when `folder` (created if missing) cannot take a new file, so a
 * change that spans two files (a secret and the settings naming its application) is not made half.
 */
export async function assertWritableFolder(folder: string, folderMode?: number): Promise<void> {
  const probe = join(folder, `.write-check.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await makeFolder(folder, folderMode);
    await (await open(probe, 'wx', 0o600)).close();
    await rm(probe, { force: true });
  } catch (error) {
    throw asUnwritable(error, folder);
  }
}

/** A disk's refusal as the error (a LocalWriteError) that names `folder` and what to do (exit 6); anything else as it is. */
export function asUnwritable(error: unknown, folder: string): unknown {
  if (error instanceof LocalWriteError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code !== undefined && REFUSED.has(code) ? new UnwritableFolderError(folder, code) : error;
}

/**
 * Makes one of cmd-tui's folders and its missing parents: every folder cmd-tui makes is made here, so a
 * refusal is told for what it is, naming the folder that refused (exit 6). Node's recursive mkdir says
 * ENOENT when a parent cannot be made on a read-only file system: the nearest folder that exists is
 * asked again, without `recursive`, for the real cause (EROFS, EACCES, ENOTDIR).
 */
export async function makeFolder(folder: string, mode?: number): Promise<void> {
  const options = mode === undefined ? {} : { mode };
  try {
    await mkdir(folder, { recursive: true, ...options });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw asUnwritable(error, folder);
    const missing = await firstMissing(folder);
    // The nearest existing folder's own answer; none when another process made the folder meanwhile: the path is made again.
    const cause = await mkdir(missing, options).then(
      () => undefined,
      (retried: unknown) => retried,
    );
    if (cause !== undefined) throw asUnwritable(cause, dirname(missing));
    await mkdir(folder, { recursive: true, ...options }).catch((again: unknown) => {
      throw asUnwritable(again, folder);
    });
  }
}

/** The outermost folder of `folder`'s path that does not exist yet: the one its nearest existing parent must hold. */
async function firstMissing(folder: string): Promise<string> {
  let missing = folder;
  while (dirname(missing) !== missing && !(await exists(dirname(missing)))) missing = dirname(missing);
  return missing;
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

async function writeThroughTemporary(path: string, contents: string, options: AtomicWriteOptions): Promise<void> {
  const folder = dirname(path);
  if (options.createFolder !== false) await makeFolder(folder, options.folderMode);
  const temporary = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = options.mode ?? 0o644;
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.writeFile(contents, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.exclusive) {
      await placeExclusively(temporary, path);
      await rm(temporary, { force: true });
    } else {
      await replaceWithRetry(temporary, path);
      // rename keeps the temp file's mode; chmod also repairs a file someone loosened by hand.
      await chmod(path, mode);
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** What a file system without hard links (FAT32, exFAT: a USB stick on Windows or macOS) answers a link() with. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Puts `from` at `to` unless `to` exists (EEXIST then): a hard link, which makes the check and the write
 * one step; where the file system has no hard links, a copy that refuses an existing file (as exclusive,
 * though a crash mid-copy may leave part of it).
 */
export async function placeExclusively(from: string, to: string, options: { link?: (from: string, to: string) => Promise<void> } = {}): Promise<void> {
  try {
    await (options.link ?? link)(from, to);
  } catch (error) {
    if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await copyFile(from, to, constants.COPYFILE_EXCL);
  }
}

/** How long a replace waits for the file to be let go, attempt after attempt: about 1.3 s in all. */
const REPLACE_WAITS_MS = [10, 20, 40, 80, 160, 320, 640];

export interface ReplaceOptions {
  rename?: (from: string, to: string) => Promise<void>;
  platform?: NodeJS.Platform;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Renames `from` over `to`, again a few times while the target is held: on Windows a virus scanner, the
 * search indexer or an editor with the file open makes the rename fail with EPERM, EACCES or EBUSY for a
 * moment. Elsewhere only EBUSY can pass (EPERM and EACCES there are the folder's permissions, which
 * waiting does not change). Bounded, so a file held for good fails after about a second with its error.
 */
export async function replaceWithRetry(from: string, to: string, options: ReplaceOptions = {}): Promise<void> {
  const move = options.rename ?? rename;
  const transient = (options.platform ?? process.platform) === 'win32' ? ['EPERM', 'EACCES', 'EBUSY'] : ['EBUSY'];
  const wait = options.sleep ?? sleep;
  for (let attempt = 0; ; attempt++) {
    try {
      await move(from, to);
      return;
    } catch (error) {
      const waitMs = REPLACE_WAITS_MS[attempt];
      if (waitMs === undefined || !transient.includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      await wait(waitMs);
    }
  }
}

/** Makes the rename itself durable; some systems refuse to open a folder for that, which costs only durability. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // EINVAL/EPERM on some filesystems: the data is written, only the rename's durability is not promised.
  } finally {
    await handle.close();
  }
}
