/**
 * Commands a browser sign-in alone cannot read from Discord, as the newest local backups last saw
 * them: the guild's and the global scope's, for naming overwrite lists that carry only a command id.
 */
import type { AppPaths } from '../config/paths.js';
import type { Command } from '../discord/model.js';
import { listBackups, readBackup } from './store.js';

export async function knownCommands(paths: AppPaths, applicationId: string, guildId: string): Promise<Command[]> {
  const entries = (await listBackups(paths.backups)).filter((entry) => entry.applicationId === applicationId);
  const newest = (scope: string) => entries.filter((entry) => entry.scope === scope && !entry.overwritesOnly && entry.commandCount > 0).at(-1);
  const found = [newest(`guild:${guildId}`), newest('global')].filter((entry) => entry !== undefined);
  const backups = await Promise.all(found.map((entry) => readBackup(entry.path)));
  return backups.flatMap((backup) => backup.commands);
}
