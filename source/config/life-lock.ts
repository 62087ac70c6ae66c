/**
 * A file one process uses for as long as it runs (`cmd-tui serve --state FILE`): a lock file beside it
 * names the process (pid, host, command, since), and a second process is refused with that name rather than
 * silently losing the first one's changes. A lock whose process is gone (killed, crashed: same host, pid not
 * running) or that cannot be read does not block: it is taken over. The look and the take-over happen under
 * the short lock of config/file-lock.ts, so two processes starting together cannot both take one over.
 */
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { parseStrictObject } from '../discord/strict-json.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { writeFileAtomic } from './atomic-write.js';
import { withFileLock } from './file-lock.js';
import { LOCKED_CODE, LocalWriteError } from './local-failure.js';
import { processAlive } from './process-alive.js';
import { readOwnTextFile } from './read-text-file.js';

interface Owner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** `file` is held by another live process: exit 6, like a settings file another cmd-tui keeps locked. */
export class FileInUseError extends LocalWriteError {
  override readonly name = 'FileInUseError';
  constructor(file: string, lock: string, owner: Owner) {
    const elsewhere = owner.host === hostname() ? '' : ` on ${sanitizeLine(owner.host)}`;
    super(dirname(file), LOCKED_CODE, `use ${file}`, {
      message: `${file} is in use by ${sanitizeLine(owner.command)} (pid ${owner.pid}${elsewhere}, since ${sanitizeLine(owner.since)}): two of them on one file would each overwrite the other's changes.`,
      hint: `Stop that process first, or use another file. If it is no longer running${elsewhere ? ` on ${sanitizeLine(owner.host)}` : ''}, remove ${lock}.`,
    });
  }
}

/**
 * Holds `file` for this process, as `command` (`cmd-tui serve`); resolves to the release, which removes the
 * lock if it is still this process's. Throws FileInUseError while another live process holds it.
 */
export async function holdForLife(file: string, command: string): Promise<() => Promise<void>> {
  const lock = `${file}.lock`;
  const mine: Owner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  const text = JSON.stringify(mine);
  // The look and the write under file-lock's short lock (`FILE.lock.lock`), whose own stale rules apply.
  await withFileLock(lock, async () => {
    const owner = ownerOf(await readOwnTextFile(lock).catch(() => undefined));
    if (owner && !gone(owner)) throw new FileInUseError(file, lock, owner);
    await writeFileAtomic(lock, text, { mode: 0o600 });
  });
  return async () => {
    if ((await readOwnTextFile(lock).catch(() => undefined)) === text) await rm(lock, { force: true });
  };
}

/** A lock whose process no longer runs; one of another host cannot be checked from here and holds. */
function gone(owner: Owner): boolean {
  return owner.host === hostname() && !processAlive(owner.pid);
}

/** The lock's owner; undefined for none, or a file that does not say one (damaged: taken over). */
function ownerOf(text: string | undefined): Owner | undefined {
  const parsed = parseStrictObject(text ?? '') as Partial<Owner> | undefined;
  if (!parsed || !Number.isInteger(parsed.pid) || typeof parsed.host !== 'string' || typeof parsed.command !== 'string' || typeof parsed.since !== 'string') return undefined;
  return parsed as Owner;
}
