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
  return entry.overwritesOnly ? `overwrites only: ${entry.overwriteCount}` : `${entry.commandCount} commands · ${entry.overwriteCount} overwrites`;
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

/** Every readable backup, oldest first, overwrites-only ones marked (restore puts back only their overwrites). Files that are not backups are skipped. */
export async function listBackups(directory: string): Promise<BackupEntry[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const entries: BackupEntry[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const path = join(directory, name);
    // Through the regular-file reader: a FIFO or a device named *.json is skipped, not waited on forever.
    const backup = parseAnyBackup(await readTextFile(path, name).catch(() => ''));
    if (backup) entries.push(entryOf(path, backup));
  }
  return entries.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

export async function readBackup(path: string): Promise<ScopeBackup> {
  return parsedBackup(path, await backupText(path));
}

/** A backup of either kind: `restore` puts back an overwrites-only one's lists, and nothing else. */
export async function readAnyBackup(path: string): Promise<ScopeBackup | OverwritesBackup> {
  const text = await backupText(path);
  const backup = parseAnyBackup(text);
  return backup && !('commands' in backup) ? backup : parsedBackup(path, text);
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

function entryOf(path: string, backup: ScopeBackup | OverwritesBackup): BackupEntry {
  return {
    path,
    scope: scopeKey(backup.scope),
    createdAt: backup.createdAt,
    // From a file: made safe to print, and without a token an older cmd-tui or a hand may have written there.
    reason: sanitizeLine(redactSecretShapes(backup.reason)),
    applicationId: backup.applicationId,
    commandCount: 'commands' in backup ? backup.commands.length : 0,
    overwriteCount: backup.permissions.reduce((sum, entry) => sum + entry.permissions.length, 0),
    overwritesOnly: !('commands' in backup),
  };
}
