import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeNewFile } from '../../../source/ui/session/write-new-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cmd-tui-export-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeNewFile (the TUI export)', () => {
  it('writes the name asked for when it is free and returns the full path', async () => {
    const path = await writeNewFile(dir, 'commands-global.json', '[1]');
    expect(path).toBe(join(dir, 'commands-global.json'));
    expect(await readFile(path, 'utf8')).toBe('[1]');
  });

  it('never overwrites: a second and third export get numbered names, the first file is untouched', async () => {
    await writeFile(join(dir, 'commands-global.json'), 'mine');
    const second = await writeNewFile(dir, 'commands-global.json', '[2]');
    const third = await writeNewFile(dir, 'commands-global.json', '[3]');
    expect(second).toBe(join(dir, 'commands-global-2.json'));
    expect(third).toBe(join(dir, 'commands-global-3.json'));
    expect(await readFile(join(dir, 'commands-global.json'), 'utf8')).toBe('mine');
    expect(await readFile(second, 'utf8')).toBe('[2]');
  });

  it('reports other failures instead of trying other names', async () => {
    await expect(writeNewFile(join(dir, 'missing-folder'), 'commands-global.json', '[]')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
