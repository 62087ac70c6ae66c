/**
 * The one way cmd-tui writes a file: a temp file in the same folder, fsync, rename over the target,
 * the mode set, and the folder fsynced, so a crash leaves the old file or the new one, never half.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  mode?: number;
  /** For a folder this creates. */
  folderMode?: number;
  /** Never replace an existing file: fails with EEXIST instead (the temp file is linked, not renamed, into place). */
  exclusive?: boolean;
  /** Create the folder when missing (default); false: a missing folder is an error (ENOENT). */
  createFolder?: boolean;
}

export async function writeFileAtomic(path: string, contents: string, options: AtomicWriteOptions = {}): Promise<void> {
  const folder = dirname(path);
  if (options.createFolder !== false) await mkdir(folder, { recursive: true, ...(options.folderMode === undefined ? {} : { mode: options.folderMode }) });
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
      await link(temporary, path);
      await rm(temporary, { force: true });
    } else {
      await rename(temporary, path);
      // rename keeps the temp file's mode; chmod also repairs a file someone loosened by hand.
      await chmod(path, mode);
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
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
