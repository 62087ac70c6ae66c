/**
 * Writes a file without ever replacing one: `commands-global.json`, else `commands-global-2.json`,
 * `-3`… The exclusive link of the written file makes the check and the write one step, so a file that
 * appears meanwhile is not overwritten either, and a crash never leaves half an export.
 */
import { writeFileAtomic } from '../../config/atomic-write.js';
import { join, parse } from 'node:path';

const MAX_TRIES = 999;

/** Resolves to the absolute path written. */
export async function writeNewFile(directory: string, fileName: string, contents: string): Promise<string> {
  const { name, ext } = parse(fileName);
  for (let n = 1; n <= MAX_TRIES; n++) {
    const path = join(directory, n === 1 ? fileName : `${name}-${n}${ext}`);
    try {
      await writeFileAtomic(path, contents, { exclusive: true, createFolder: false });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`${join(directory, fileName)} and ${MAX_TRIES - 1} numbered copies already exist: move some away and export again.`);
}
