/**
 * The files of a commands folder, as a user means them: every `*.json` (any case: `kick.JSON`) in it and in
 * its sub-folders, read recursively because bots keep commands by category (`commands/mod/ban.json`). What
 * is not read is listed with the reason, never dropped silently — hidden files and folders (`.draft.json`,
 * `.git/`), files that are not JSON, links that lead out of the folder (or to a folder: no loops), pipes and
 * devices — because `--prune` deletes from Discord whatever the files read do not hold. A file reached
 * both directly and through a link inside the folder is read once, as itself: its commands are not twice.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

export interface SkippedFile {
  /** From the folder, with `/` between parts (`mod/.draft.json`); a folder ends in `/`. */
  file: string;
  reason: 'hidden' | 'not a .json file' | 'a link out of the folder' | 'a link to a folder' | 'not a regular file';
}

export interface FolderListing {
  /** The `.json` files to read, from the folder, sorted. */
  files: string[];
  skipped: SkippedFile[];
}

/** A file to read, as the walk found it. */
interface Found {
  file: string;
  link: boolean;
}

interface Walk {
  found: Found[];
  skipped: SkippedFile[];
}

/** `root` is absolute and a folder. */
export async function listCommandsFolder(root: string): Promise<FolderListing> {
  const realRoot = await realpath(root);
  const listing: Walk = { found: [], skipped: [] };
  await walk(root, realRoot, '', listing);
  const files = await readOnce(root, listing.found);
  listing.skipped.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, skipped: listing.skipped };
}

/** One name per file on disk, sorted: the file itself over a link to it, else the first link by name. */
async function readOnce(root: string, found: readonly Found[]): Promise<string[]> {
  const byTarget = new Map<string, Found>();
  for (const entry of [...found].sort((a, b) => Number(a.link) - Number(b.link) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const target = await realpath(join(root, entry.file));
    if (!byTarget.has(target)) byTarget.set(target, entry);
  }
  return [...byTarget.values()].map((entry) => entry.file).sort();
}

async function walk(root: string, realRoot: string, folder: string, listing: Walk): Promise<void> {
  const entries = await readdir(join(root, folder), { withFileTypes: true });
  for (const entry of entries) {
    const file = folder === '' ? entry.name : `${folder}/${entry.name}`;
    const kind = await kindOf(entry, join(root, file), realRoot);
    const skip = (reason: SkippedFile['reason']) => listing.skipped.push({ file: kind === 'folder' || kind === 'linked folder' ? `${file}/` : file, reason });
    if (entry.name.startsWith('.')) skip('hidden');
    else if (kind === 'outside') skip('a link out of the folder');
    else if (kind === 'linked folder') skip('a link to a folder');
    else if (kind === 'folder') await walk(root, realRoot, file, listing);
    else if (!entry.name.toLowerCase().endsWith('.json')) skip('not a .json file');
    else if (kind === 'other') skip('not a regular file');
    else listing.found.push({ file, link: entry.isSymbolicLink() });
  }
}

async function kindOf(entry: Dirent, path: string, realRoot: string): Promise<'file' | 'folder' | 'linked folder' | 'outside' | 'other'> {
  if (entry.isDirectory()) return 'folder';
  if (entry.isFile()) return 'file';
  if (!entry.isSymbolicLink()) return 'other';
  const target = await realpath(path).catch(() => undefined);
  if (target === undefined) return 'outside';
  const fromRoot = relative(realRoot, target);
  if (fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) return 'outside';
  const info = await stat(target);
  return info.isDirectory() ? 'linked folder' : info.isFile() ? 'file' : 'other';
}

/** For a `--json` document: `skipped`, present only when files were. */
export function skippedField(skipped: readonly SkippedFile[]): { skipped?: readonly SkippedFile[] } {
  return skipped.length > 0 ? { skipped } : {};
}

/** For stderr: one line per skipped file, with why, and what `--prune` would make of it. */
export function renderSkipped(folder: string, skipped: readonly SkippedFile[]): string {
  if (skipped.length === 0) return '';
  const lines = skipped.map(({ file, reason }) => `  ${file} (${reason})\n`).join('');
  return `Skipped in ${folder} (not read as commands):\n${lines}`;
}
