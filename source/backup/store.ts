/**
 * The backup store: scope backups as files in the backups folder (config/paths.ts), written atomically
 * (temp file, fsync, rename) and read back and compared before anything may be mutated
 * (reliability-anchors.md §6.3: "backup precedes mutation"). Used by the CLI and the TUI.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readTextFile } from '../config/read-text-file.js';
import { writeFileAtomic } from '../config/atomic-write.js';
import { backupFileName, isBackup, parseAnyBackup, parseBackup, serializeBackup, type OverwritesBackup, type ScopeBackup } from '../discord/backup-format.js';
import { scopeKey } from '../discord/model.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { redactSecretShapes } from '../terminal/secret-shape.js';
import { plural } from '../terminal/plural.js';

/** One line of `cmd-tui backups --json`. */
export interface BackupEntry {
  path: string;
  /** `global` or `guild:ID`. */
  scope: string;
  createdAt: string;
  reason: string;
  applicationId: string;
  commandCount: number;
  /** Overwrites across the backup's lists. */
  overwriteCount: number;
  /** Taken with a browser sign-in alone, which reads no commands: it has overwrites only, and restore puts back only those. */
  overwritesOnly: boolean;
}

/** What a backup holds, as the CLI's table and the TUI's list say it. */
export function backupHolds(entry: BackupEntry): string {
  return entry.overwritesOnly ? `overwrites only: ${entry.overwriteCount}` : `${plural(entry.commandCount, 'command')} · ${plural(entry.overwriteCount, 'overwrite')}`;
}

/** Said beside the list wherever one is marked. */
export const OVERWRITES_ONLY_NOTE =
  'was taken with a browser sign-in alone, which reads no commands: it keeps the overwrites a save replaced, and restoring it puts back only those (the commands are not touched).';

export class BackupError extends Error {
  override readonly name = 'BackupError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** Writes the backup and proves it can be read back identically; returns where it is. */
export async function writeBackup(directory: string, backup: ScopeBackup | OverwritesBackup): Promise<BackupEntry> {
  const text = serializeBackup(backup);
  const path = join(directory, backupFileName(backup, randomBytes(3).toString('hex')));
  try {
    await writeFileAtomic(path, text, { mode: 0o600, folderMode: 0o700, exclusive: true });
  } catch (error) {
    throw new BackupError(
      `Could not write the backup to ${directory}: ${error instanceof Error ? error.message : String(error)}. Nothing was changed on Discord.`,
      'Free some disk space or fix the folder permissions, then try again.',
    );
  }
  const reread = await readTextFile(path, path).catch(() => '');
  if (reread !== text || !isBackup(reread)) {
    throw new BackupError(`The backup ${path} did not read back intact. Nothing was changed on Discord.`, 'Check the disk, then try again.');
  }
  return entryOf(path, backup);
}

/** A `*.json` file in the backups folder that cannot be read as a backup (edited by hand, cut short, not a file). */
export interface DamagedBackup {
  path: string;
  /** What is wrong, a sentence that starts with the file's name: `NAME has a key given twice: line 3, …`. */
  problem: string;
}

/** The backups folder as both lists show it: the backups, and the files there that are not readable ones. */
export interface BackupFolder {
  /** Oldest first. */
  backups: BackupEntry[];
  /** By file name; said beside the list so that a backup is never silently missing from it. */
  damaged: DamagedBackup[];
}

/** Every readable backup, oldest first, overwrites-only ones marked (restore puts back only their overwrites), and every `*.json` file that is not one, with why. */
export async function readBackupFolder(directory: string): Promise<BackupFolder> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const backups: BackupEntry[] = [];
  const damaged: DamagedBackup[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const path = join(directory, name);
    let text: string;
    try {
      // Through the regular-file reader: a FIFO or a device named *.json is refused, not waited on forever.
      text = await readTextFile(path, name);
    } catch (error) {
      damaged.push({ path, problem: fromFile(error instanceof Error ? error.message : String(error)) });
      continue;
    }
    const read = parseAnyBackup(text);
    if (read.ok) backups.push(entryOf(path, read.backup));
    else damaged.push({ path, problem: fromFile(`${name} ${read.message}`) });
  }
  return { backups: backups.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0)), damaged };
}

/** The readable backups alone (readBackupFolder), for what restores from or names by them. */
export async function listBackups(directory: string): Promise<BackupEntry[]> {
  return (await readBackupFolder(directory)).backups;
}

export async function readBackup(path: string): Promise<ScopeBackup> {
  return parsedBackup(path, await backupText(path));
}

/** A backup of either kind: `restore` puts back an overwrites-only one's lists, and nothing else. */
export async function readAnyBackup(path: string): Promise<ScopeBackup | OverwritesBackup> {
  const text = await backupText(path);
  const read = parseAnyBackup(text);
  return read.ok && !('commands' in read.backup) ? read.backup : parsedBackup(path, text);
}

async function backupText(path: string): Promise<string> {
  try {
    return await readTextFile(resolve(path), path);
  } catch (error) {
    throw new BackupError(`${error instanceof Error ? error.message : String(error)}.`, 'Run `cmd-tui backups` to see the available backups.');
  }
}

function parsedBackup(path: string, text: string): ScopeBackup {
  const parsed = parseBackup(text);
  if (!parsed.ok) throw new BackupError(`${path} ${parsed.message}.`, 'Run `cmd-tui backups` to see the available backups.');
  return parsed.backup;
}

/** Text from a file (or its name): made safe to print, and without a token an older cmd-tui or a hand may have written there. */
function fromFile(text: string): string {
  return sanitizeLine(redactSecretShapes(text));
}

function entryOf(path: string, backup: ScopeBackup | OverwritesBackup): BackupEntry {
  return {
    path,
    scope: scopeKey(backup.scope),
    createdAt: backup.createdAt,
    reason: fromFile(backup.reason),
    applicationId: backup.applicationId,
    commandCount: 'commands' in backup ? backup.commands.length : 0,
    overwriteCount: backup.permissions.reduce((sum, entry) => sum + entry.permissions.length, 0),
    overwritesOnly: !('commands' in backup),
  };
}
