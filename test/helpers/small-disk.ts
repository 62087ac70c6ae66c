/**
 * A real small disk for tests of a full or read-only folder: a tmpfs of a few KiB mounted on a folder
 * (needs root, as the test machines run; elsewhere `mountSmallDisk` answers undefined and the test
 * skips). `fill()` leaves no free byte (ENOSPC), `readOnly()` remounts it read-only (EROFS); `unmount()`
 * undoes it, and must run even when the test fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SmallDisk {
  fill(): Promise<void>;
  readOnly(): void;
  unmount(): void;
}

export async function mountSmallDisk(folder: string, sizeKiB = 16): Promise<SmallDisk | undefined> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  await mkdir(folder, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k`, 'tmpfs', folder], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return {
    // tmpfs counts whole pages: a file as large as the disk takes every one of them, and fails part-way.
    fill: () => writeFile(join(folder, 'filler'), Buffer.alloc(sizeKiB * 1024)).catch(() => undefined),
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', folder], { stdio: 'ignore' }),
    unmount: () => execFileSync('umount', [folder], { stdio: 'ignore' }),
  };
}
