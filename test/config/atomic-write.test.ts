/**
 * The one file writer: a replace that Windows refuses for a moment (a scanner holding the file: EPERM,
 * EACCES, EBUSY) is tried again, a bounded number of times, with a fake rename and platform; and a disk
 * that refuses for good (read-only folder, full disk) is a LocalWriteError naming the folder (exit 6).
 */
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeExclusively, replaceWithRetry, writeFileAtomic } from '../../source/config/atomic-write.js';
import { LocalWriteError } from '../../source/config/local-failure.js';
import { tempFolder } from '../helpers/temp-folder.js';

function failing(codes: string[]) {
  const calls: string[] = [];
  return {
    calls,
    rename: async (from: string, to: string) => {
      calls.push(`${from}->${to}`);
      const code = codes.shift();
      if (code !== undefined) throw Object.assign(new Error(`${code}: operation not permitted, rename`), { code });
    },
  };
}

describe('replacing a file another program holds', () => {
  it.each(['EPERM', 'EACCES', 'EBUSY'])('on Windows tries %s again until the file is let go', async (code) => {
    const fake = failing([code, code, code]);
    const waits: number[] = [];
    await replaceWithRetry('a.tmp', 'a.json', { rename: fake.rename, platform: 'win32', sleep: async (ms) => void waits.push(ms) });
    expect(fake.calls).toHaveLength(4);
    expect(waits).toEqual([10, 20, 40]);
  });

  it('gives up after a bounded wait with the error itself', async () => {
    const fake = failing(Array.from({ length: 50 }, () => 'EPERM'));
    const waits: number[] = [];
    await expect(replaceWithRetry('a.tmp', 'a.json', { rename: fake.rename, platform: 'win32', sleep: async (ms) => void waits.push(ms) })).rejects.toMatchObject({ code: 'EPERM' });
    expect(fake.calls).toHaveLength(8);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(1_500);
  });

  it('elsewhere waits only out EBUSY: EPERM and EACCES there are permissions, which waiting does not change', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const refused = failing(['EPERM']);
      await expect(replaceWithRetry('a.tmp', 'a.json', { rename: refused.rename, platform, sleep: async () => undefined })).rejects.toMatchObject({ code: 'EPERM' });
      expect(refused.calls).toHaveLength(1);
      const busy = failing(['EBUSY']);
      await replaceWithRetry('a.tmp', 'a.json', { rename: busy.rename, platform, sleep: async () => undefined });
      expect(busy.calls).toHaveLength(2);
    }
  });

  it('never retries what is no refusal (a missing folder)', async () => {
    const fake = failing(['ENOENT']);
    await expect(replaceWithRetry('a.tmp', 'a.json', { rename: fake.rename, platform: 'win32', sleep: async () => undefined })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(fake.calls).toHaveLength(1);
  });
});

describe('a folder that refuses the write', () => {
  let folder: string;
  beforeEach(() => {
    folder = tempFolder('cmd-tui-atomic-');
  });
  // Writable again before the folder is removed (after the afterEach hooks).
  afterEach(async () => {
    await chmod(folder, 0o700).catch(() => undefined);
  });

  // Root writes anywhere, and Windows has no mode bits to take away.
  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('is a LocalWriteError naming it, the file left as it was', async () => {
    const path = join(folder, 'settings.json');
    await writeFileAtomic(path, 'old');
    await chmod(folder, 0o500);
    const failure = await writeFileAtomic(path, 'new').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LocalWriteError);
    expect((failure as LocalWriteError).message).toBe(`cmd-tui cannot write in ${folder} (permission denied); nothing was stored there.`);
    expect((failure as LocalWriteError).hint).toContain(`chmod u+rwx "${folder}"`);
    expect(await readFile(path, 'utf8')).toBe('old');
  });
});

describe('an exclusive write on a file system without hard links (FAT32, exFAT)', () => {
  let folder: string;
  beforeEach(() => {
    folder = tempFolder('cmd-tui-exclusive-');
  });
  const noLinks = async () => {
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
  };

  it('copies instead, still refusing a file that exists', async () => {
    const from = join(folder, 'from.tmp');
    await writeFileAtomic(from, 'new');
    await placeExclusively(from, join(folder, 'to.json'), { link: noLinks });
    expect(await readFile(join(folder, 'to.json'), 'utf8')).toBe('new');
    await expect(placeExclusively(from, join(folder, 'to.json'), { link: noLinks })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(join(folder, 'to.json'), 'utf8')).toBe('new');
  });
});
