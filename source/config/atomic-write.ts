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

/** A folder cmd-tui must write in refuses it (read-only mount, wrong owner, chattr +i): named, with the fix. */
export class UnwritableFolderError extends Error {
  readonly hint: string;
  constructor(readonly folder: string, code: string) {
    super(`cmd-tui cannot write in ${folder} (${code === 'EROFS' ? 'read-only file system' : 'permission denied'}); nothing was stored there.`);
    this.hint = `Make the folder writable (e.g. chmod u+w "${folder}"), or set CMD_TUI_HOME to a writable folder.`;
  }
}

const REFUSED = new Set(['EACCES', 'EPERM', 'EROFS']);

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
    await mkdir(folder, { recursive: true, ...(folderMode === undefined ? {} : { mode: folderMode }) });
    await (await open(probe, 'wx', 0o600)).close();
    await rm(probe, { force: true });
  } catch (error) {
    throw asUnwritable(error, folder);
  }
}

export function asUnwritable(error: unknown, folder: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code !== undefined && REFUSED.has(code) ? new UnwritableFolderError(folder, code) : error;
}

async function writeThroughTemporary(path: string, contents: string, options: AtomicWriteOptions): Promise<void> {
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
