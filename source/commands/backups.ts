/**
 * `cmd-tui backups [--json]`: the backups taken before every mutating request, oldest first, what
 * each holds, and the overwrites-only ones (a browser sign-in's, whose restore puts back only overwrites) marked.
 * `--json`: an array of BackupEntry (`path`, `scope`, `createdAt`, `reason`, counts, `overwritesOnly`).
 */
import { backupHolds, listBackups, OVERWRITES_ONLY_NOTE } from '../backup/store.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { renderTable } from './text-table.js';
import type { CommandRun } from './types.js';

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(args, SPECS.backups.flags, { min: 0, max: 0, names: '' });
  const directory = io.environment.paths().backups;
  const entries = await listBackups(directory);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    return 0;
  }
  if (entries.length === 0) {
    io.stdout.write(`No backups yet in ${directory}. One is written before every change cmd-tui makes.\n`);
    return 0;
  }
  io.stdout.write(renderTable(['CREATED', 'SCOPE', 'REASON', 'HOLDS', 'PATH'], entries.map((e) => [e.createdAt, e.scope, e.reason, backupHolds(e), e.path]), 200));
  io.stdout.write('Restore one with `cmd-tui restore PATH`.\n');
  if (entries.some((entry) => entry.overwritesOnly)) io.stdout.write(`An overwrites-only backup ${OVERWRITES_ONLY_NOTE}\n`);
  return 0;
};
