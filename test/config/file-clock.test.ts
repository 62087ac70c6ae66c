/** Now by the file system's clock (config/file-clock.ts): what a file written now is dated, in any folder that can be written. */
import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fileSystemNow } from '../../source/config/file-clock.js';
import { tempFolder } from '../helpers/temp-folder.js';

it('is the time a file written now is dated, and leaves nothing behind', async () => {
  const folder = tempFolder('cmd-tui-file-clock-');
  const now = await fileSystemNow(folder);
  await writeFile(join(folder, 'written'), '');
  // The same clock within a file system's tick, whatever this process's clock says (faketime moves only that).
  expect(Math.abs((await stat(join(folder, 'written'))).mtimeMs - now)).toBeLessThan(1_000);
  expect(await readdir(folder)).toEqual(['written']);
});

it('is the process clock where nothing can be written', async () => {
  const file = join(tempFolder('cmd-tui-file-clock-'), 'a-file');
  await writeFile(file, '');
  expect(Math.abs((await fileSystemNow(join(file, 'no-folder-here'))) - Date.now())).toBeLessThan(1_000);
});
