/**
 * `cmd-tui backups [--json]`: the backups taken before every mutating request, oldest first, what
 * each holds, and the overwrites-only ones (a browser sign-in's, whose restore puts back only overwrites) marked.
 * `--json`: an array of BackupEntry (`path`, `scope`, `createdAt`, `reason`, counts, `overwritesOnly`), then the
 * damaged files (`{path, damaged: true, problem}`); the text says those after the table.
 */
import { backupHolds, OVERWRITES_ONLY_NOTE, readBackupFolder, type DamagedBackup } from '../backup/store.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { renderTable } from './text-table.js';
import type { CommandRun } from './types.js';
import { plural } from '../terminal/plural.js';

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(args, SPECS.backups.flags, { min: 0, max: 0, names: '' });
  const directory = io.environment.paths().backups;
  const { backups: entries, damaged } = await readBackupFolder(directory);
  if (values.json) {
    // The damaged files after the backups, marked: scripts that read backups skip them with `!b.damaged`.
    io.stdout.write(`${JSON.stringify([...entries, ...damaged.map((file) => ({ path: file.path, damaged: true, problem: file.problem }))], null, 2)}\n`);
    return 0;
  }
  if (entries.length === 0) io.stdout.write(damaged.length > 0 ? `No readable backups in ${directory}.\n` : `No backups yet in ${directory}. One is written before every change cmd-tui makes.\n`);
  else {
    io.stdout.write(renderTable(['CREATED', 'SCOPE', 'REASON', 'HOLDS', 'PATH'], entries.map((e) => [e.createdAt, e.scope, e.reason, backupHolds(e), e.path]), 200));
    io.stdout.write('Restore one with `cmd-tui restore PATH`.\n');
    if (entries.some((entry) => entry.overwritesOnly)) io.stdout.write(`An overwrites-only backup ${OVERWRITES_ONLY_NOTE}\n`);
  }
  if (damaged.length > 0) io.stdout.write(damagedLines(damaged));
  return 0;
};

/** Said after the list: a backup edited by hand or cut short is not silently missing from it. */
function damagedLines(damaged: readonly DamagedBackup[]): string {
  const heading = `${plural(damaged.length, 'file')} in the backups folder ${damaged.length === 1 ? 'is' : 'are'} damaged and not listed:`;
  return `${heading}\n${damaged.map((file) => `  ${file.problem}\n`).join('')}Restore cannot read ${damaged.length === 1 ? 'it' : 'them'}; mend ${damaged.length === 1 ? 'it' : 'them'} by hand, or move ${damaged.length === 1 ? 'it' : 'them'} out of the folder.\n`;
}
