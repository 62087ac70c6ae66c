/**
 * Now, by the clock that dates the files in a folder: the file system's. A lock's or a leftover's age is
 * its modification time against this, not against the process's clock, which can disagree with it (a
 * network share whose server's clock is off, a clock moved under a running process, a test's faketime):
 * judged by the process's clock, a live writer's lock would look long stale and be taken over. The
 * difference is measured once a minute per folder by writing a probe file; where nothing can be written
 * there, the process's clock is all there is.
 */
import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';

const REMEASURE_MS = 60_000;
const offsets = new Map<string, { offsetMs: number; measuredAt: number }>();

export async function fileSystemNow(folder: string): Promise<number> {
  let known = offsets.get(folder);
  if (known === undefined || performance.now() - known.measuredAt > REMEASURE_MS) {
    known = { offsetMs: await measureOffset(folder), measuredAt: performance.now() };
    offsets.set(folder, known);
  }
  return Date.now() + known.offsetMs;
}

async function measureOffset(folder: string): Promise<number> {
  const probe = join(folder, `.clock-${randomBytes(8).toString('hex')}`);
  try {
    const before = Date.now();
    const handle = await open(probe, 'wx', 0o600);
    try {
      const { mtimeMs } = await handle.stat();
      return mtimeMs - (before + Date.now()) / 2;
    } finally {
      await handle.close();
      await rm(probe, { force: true });
    }
  } catch {
    return 0;
  }
}
