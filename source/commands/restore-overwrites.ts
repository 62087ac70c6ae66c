/**
 * `cmd-tui restore BACKUP` of an overwrites-only backup (a browser sign-in's): shows the overwrite lists
 * that differ, confirms, and puts back only those (source/backup/restore-overwrites.ts); the commands are
 * not touched. Needs the browser sign-in, as every overwrite write does; a bot token only names the lists.
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import { knownCommands } from '../backup/known-commands.js';
import { readBackField } from '../backup/read-back.js';
import { carryOutOverwritesRestore, previewOverwritesRestore } from '../backup/restore-overwrites.js';
import { settleInterruptedWrite, shellQuoted } from '../backup/scope-lock.js';
import type { OverwritesBackup } from '../discord/backup-format.js';
import { GLOBAL_SCOPE, guildScope, type Command } from '../discord/model.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { confirm } from './confirm.js';
import { describeScope } from './plan-report.js';
import { reportRateLimits } from './rate-limit-notice.js';
import { ExitCode, type CliIo } from './types.js';

export async function restoreOverwritesOnly(api: DiscordApi, backup: OverwritesBackup, path: string, flags: { yes?: boolean; json?: boolean }, io: CliIo): Promise<number> {
  const json = flags.json === true;
  const preview = await previewOverwritesRestore(api, backup, await namingCommands(api, backup, io.env));
  io.stderr.write(`Restoring the overwrites of ${describeScope(backup.scope)} to the backup of ${backup.createdAt} (${sanitizeLine(backup.reason)}). It holds overwrites only: the commands are not touched.\n`);
  const notice = (message: string) => io.stderr.write(`cmd-tui: ${message}\n`);
  if (preview.overwrites.length === 0) {
    await settleInterruptedWrite(io.env, api.applicationId, backup.scope, `restore ${shellQuoted(path)}`, notice);
    if (json) io.stdout.write(`${JSON.stringify({ restored: true, backup: null, steps: [], overwrites: [], notRestored: [] }, null, 2)}\n`);
    io.stderr.write(`The overwrites of ${describeScope(backup.scope)} already match the backup. Nothing to do.\n`);
    return ExitCode.Ok;
  }
  io.stderr.write(`Overwrite lists to put back:\n${preview.overwrites.map((item) => `  ${sanitizeLine(item.target)} in guild ${item.guildId}: ${item.overwrites.length} overwrites\n`).join('')}`);
  if (api.overwriteAccess() !== 'ok') {
    const message = 'Restoring overwrites needs the browser sign-in (Discord accepts permission changes only from a signed-in user); nothing was sent.';
    if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals: [{ rule: 'sign-in-needed', message }] }, null, 2)}\n`);
    io.stderr.write(`${message} Run \`cmd-tui auth login --preset permissions\`, then this restore again.\n`);
    return ExitCode.Credentials;
  }
  if (flags.yes !== true && !(await confirm(io, `Restore the overwrites of ${describeScope(backup.scope)}?`))) {
    if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals: [{ rule: 'not-confirmed', message: 'The restore was not confirmed.' }] }, null, 2)}\n`);
    io.stderr.write(`Nothing was sent. ${io.stdin.isTTY ? '' : 'There is no terminal to confirm on: pass --yes to restore.'}\n`);
    return ExitCode.Problems;
  }
  const outcome = await carryOutOverwritesRestore(api, preview, io.env, `restore ${shellQuoted(path)}`, { notice });
  if (json) io.stdout.write(`${JSON.stringify({ restored: !outcome.readBackFailed, backup: outcome.backup.path, steps: [], overwrites: outcome.restored, notRestored: [], ...readBackField(outcome) }, null, 2)}\n`);
  io.stderr.write(`Restored ${outcome.restored.length} overwrite list${outcome.restored.length === 1 ? '' : 's'}. The overwrites before the restore are saved in ${outcome.backup.path}.\n`);
  reportRateLimits(io, api);
  if (!outcome.readBackFailed) return ExitCode.Ok;
  io.stderr.write(`${sanitizeLine(outcome.readBackFailed)}\n`);
  return ExitCode.Problems;
}

/** What names the lists: the newest local backups, and the live commands where the credentials read them. */
async function namingCommands(api: DiscordApi, backup: OverwritesBackup, env: NodeJS.ProcessEnv): Promise<Command[]> {
  if (backup.scope.kind !== 'guild') return [];
  const saved = await knownCommands(env, api.applicationId, backup.scope.guildId).catch(() => []);
  if (!canReadCommands(api)) return saved;
  const live = await Promise.all([api.listCommands(guildScope(backup.scope.guildId)), api.listCommands(GLOBAL_SCOPE)]);
  return [...saved, ...live.flat()];
}
