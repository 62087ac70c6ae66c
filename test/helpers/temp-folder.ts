/**
 * Temporary folders that are removed: made inside a test, one goes when the test ends, passed or failed;
 * made elsewhere (a beforeAll, the file's top level), when the file's tests end (file-setup.ts). The run
 * fails when anything is left in its TMPDIR (suite-setup.ts).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { leaveProcessPaceShares } from '../../source/config/pace-share.js';

const made = new Set<string>();

/** A new folder `TMPDIR/PREFIX…`, removed for you. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.add(folder);
  try {
    onTestFinished(() => removeFolder(folder));
  } catch {
    // Not inside a test: removed with the file's.
  }
  return folder;
}

/**
 * Removes a folder a test used as cmd-tui's home. A command run in this process stays in its token's pace
 * file (under the home) until it has been idle for 2 s, renewing it; a process leaves it as it exits. So the
 * places are left first: nothing writes the home back once it is gone.
 */
export async function removeFolder(folder: string): Promise<void> {
  await leaveProcessPaceShares();
  await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  made.delete(folder);
}

/** Removes every folder tempFolder made that is still there (after each file). */
export async function removeTempFolders(): Promise<void> {
  for (const folder of made) await removeFolder(folder);
}
