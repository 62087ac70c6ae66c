/**
 * A write on this machine that a change depends on (the backup, the scope's lock, its journal) failed:
 * a full disk, a read-only mount, a folder cmd-tui may not write in. Told with the folder, and with
 * what that means for Discord: these happen before the first request, so nothing was changed there.
 */
import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
};

/** What a disk's refusal means in words (`no space left on the device`); undefined for a code that is not one. */
export function diskRefusal(code: string | undefined): string | undefined {
  return code === undefined ? undefined : REASONS[code];
}

/** The code of a LocalWriteError for a file another writer's lock kept (see `LocalWriteError.locked`). */
export const LOCKED_CODE = 'ELOCKED';

export class LocalWriteError extends Error {
  override readonly name: string = 'LocalWriteError';
  readonly hint: string;
  constructor(
    readonly folder: string,
    readonly code: string,
    /** What cmd-tui was doing, e.g. `back up the scope`. */
    doing: string,
    told: { message: string; hint: string } = refused(folder, code, doing),
  ) {
    super(told.message);
    this.hint = told.hint;
  }

  /** Another writer's lock (a cmd-tui still running, or one that crashed) kept `path` from being written. */
  static locked(path: string, lock: string, waitedMs: number): LocalWriteError {
    return new LocalWriteError(dirname(path), LOCKED_CODE, `write ${basename(path)}`, {
      message: `cmd-tui could not write ${path}: its lock file ${lock} stayed in place for ${(waitedMs / 1000).toFixed(1)} s.`,
      hint: `Another cmd-tui may be writing it; if none is running, remove ${lock} (a crashed run's) and run it again.`,
    });
  }

  /**
   * cmd-tui's own folder cannot be used to read `path` (a settings or data file): a file stands where a
   * folder must (CMD_TUI_HOME naming a file), the file is a folder, or permission is denied. Not a
   * damaged file: nothing in it is wrong, and moving it aside would not help. Undefined for other codes.
   */
  static unusableFolder(path: string, code: string | undefined): LocalWriteError | undefined {
    const folder = dirname(path);
    const inTheWay = code === 'ENOTDIR' ? fileInTheWay(folder) : undefined;
    const why: Record<string, string> = {
      ENOTDIR: `${inTheWay ?? 'part of that path'} is a file, not a folder`,
      EISDIR: `${path} is a folder, not a file`,
      EACCES: 'permission denied',
      EPERM: 'permission denied',
      ELOOP: 'too many symbolic links',
    };
    if (code === undefined || !(code in why)) return undefined;
    const fix =
      code === 'ENOTDIR'
        ? `Move ${inTheWay ?? 'the file in the way'} aside, or set CMD_TUI_HOME to a folder (cmd-tui keeps its settings and data in it)`
        : code === 'EISDIR'
          ? `Move the folder ${path} aside, or set CMD_TUI_HOME to another folder`
          : `Make ${folder} readable and writable by you (chmod u+rwx), or set CMD_TUI_HOME to a folder of yours`;
    return new LocalWriteError(folder, code, `read ${basename(path)}`, {
      message: `cmd-tui cannot use its folder ${folder} to read ${basename(path)}: ${why[code]} (${code}).`,
      hint: `${fix}, then run it again.`,
    });
  }

  /** The error as a LocalWriteError when it is one of the disk's refusals; undefined for anything else. */
  static from(error: unknown, folder: string, doing: string): LocalWriteError | undefined {
    // What the write was for says more than the bare refusal does.
    if (error instanceof UnwritableFolderError) return new LocalWriteError(error.folder, error.code, doing);
    if (error instanceof LocalWriteError) return error;
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return code !== undefined && code in REASONS ? new LocalWriteError(folder, code, doing) : undefined;
  }
}

/**
 * A file (settings, secrets, a cache, a backup) could not be written in `folder` because the disk refused
 * (config/atomic-write.ts): nothing was stored there. Exit 6 like every LocalWriteError.
 */
export class UnwritableFolderError extends LocalWriteError {
  constructor(folder: string, code: string) {
    super(folder, code, 'write', { message: `cmd-tui cannot write in ${folder} (${REASONS[code] ?? code}); nothing was stored there.`, hint: fixFor(folder, code) });
  }
}

function refused(folder: string, code: string, doing: string): { message: string; hint: string } {
  return { message: `cmd-tui could not ${doing}: it cannot write in ${folder} (${REASONS[code] ?? code}). Nothing was changed on Discord.`, hint: fixFor(folder, code) };
}

function fixFor(folder: string, code: string): string {
  return code === 'ENOSPC' || code === 'EDQUOT'
    ? `Free some space on the disk that holds ${folder}, then run it again.`
    : `Make ${folder} writable${process.platform === 'win32' ? '' : ` (chmod u+rwx "${folder}"; a read-only mount needs remounting)`}, or set CMD_TUI_HOME to a writable folder, then run it again.`;
}

/** The nearest ancestor of `folder` that exists and is a file: what stands where a folder must (ENOTDIR). */
function fileInTheWay(folder: string): string | undefined {
  for (let path = folder; path !== dirname(path); path = dirname(path)) {
    try {
      return statSync(path).isDirectory() ? undefined : path;
    } catch {
      // Not there (or not reachable): look further up.
    }
  }
  return undefined;
}
