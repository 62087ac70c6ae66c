/**
 * File ages for the lock and leftover tests, on the clock that dates files: the file system's. A file is
 * made older than when it was written (or dated ahead), so the age holds when the process's clock is moved
 * (faketime) and the file system's is not.
 */
import { stat, utimes } from 'node:fs/promises';

/** Makes the file at `path` `ms` older than it is (a negative `ms` dates it ahead). */
export async function backdate(path: string, ms: number): Promise<void> {
  const when = new Date((await stat(path)).mtimeMs - ms);
  await utimes(path, when, when);
}
