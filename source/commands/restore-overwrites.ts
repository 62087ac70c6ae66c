/**
 * `cmd-tui restore BACKUP` of an overwrites-only backup (a browser sign-in's): shows the overwrite lists
 * that differ, confirms, and has the plan engine put back only those (operations/restore-plan.ts); the
 * commands are not touched. Needs the browser sign-in, as every overwrite write does; a bot token only names the lists.
 */
import { readBackField } from '../backup/read-back.js';
import type { OverwritesBackup } from '../discord/backup-format.js';
import { carryOutPlan } from '../operations/carry-out-plan.js';
import { prepareRestore } from '../operations/prepare-plan.js';
import type { Workspace } from '../operations/workspace.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { confirm, whyNotAsked } from './confirm.js';
import { describeScope } from './plan-report.js';
import { reportRateLimits } from './rate-limit-notice.js';
import { cliRefusal } from './refusal-report.js';
import { ExitCode, type CliIo } from './types.js';
import { plural } from '../terminal/plural.js';

export async function restoreOverwritesOnly(workspace: Workspace, backup: OverwritesBackup, path: string, flags: { yes?: boolean; json?: boolean }, io: CliIo): Promise<number> {
  const json = flags.json === true;
  const prepared = await prepareRestore(workspace, { kind: 'restore', backup, path });
  const lists = prepared.restore?.overwrites ?? [];
  io.stderr.write(`Restoring the overwrites of ${describeScope(backup.scope)} to the backup of ${backup.createdAt} (${sanitizeLine(backup.reason)}). It holds overwrites only: the commands are not touched.\n`);
  const notice = (message: string) => io.stderr.write(`cmd-tui: ${message}\n`);
  if (!prepared.changes) {
    await carryOutPlan(workspace, prepared, { notice });
    if (json) io.stdout.write(`${JSON.stringify({ restored: true, backup: null, steps: [], overwrites: [], notRestored: [] }, null, 2)}\n`);
    io.stderr.write(`The overwrites of ${describeScope(backup.scope)} already match the backup. Nothing to do.\n`);
    return ExitCode.Ok;
  }
  io.stderr.write(`Overwrite lists to put back:\n${lists.map((item) => `  ${sanitizeLine(item.target)} in guild ${item.guildId}: ${plural(item.overwrites.length, 'overwrite')}\n`).join('')}`);
  const signInNeeded = prepared.refusals.find((refusal) => refusal.rule === 'sign-in-needed');
  if (signInNeeded) {
    if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals: [cliRefusal(signInNeeded)] }, null, 2)}\n`);
    io.stderr.write(`${signInNeeded.message} Nothing was sent. Run \`cmd-tui auth login --preset permissions\`, then this restore again.\n`);
    return ExitCode.Credentials;
  }
  if (flags.yes !== true && !(await confirm(io, `Restore the overwrites of ${describeScope(backup.scope)}?`))) {
    if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals: [{ rule: 'not-confirmed', message: 'The restore was not confirmed.' }] }, null, 2)}\n`);
    io.stderr.write(`Nothing was sent. ${whyNotAsked(io, 'restore')}\n`);
    return ExitCode.Problems;
  }
  const outcome = await carryOutPlan(workspace, prepared, { notice });
  if (json) io.stdout.write(`${JSON.stringify({ restored: !outcome.readBackFailed, backup: outcome.backup, steps: [], overwrites: outcome.restored, notRestored: [], ...readBackField(outcome) }, null, 2)}\n`);
  io.stderr.write(`Restored ${outcome.restored.length} overwrite list${outcome.restored.length === 1 ? '' : 's'}. The overwrites before the restore are saved in ${outcome.backup}.\n`);
  reportRateLimits(io, workspace.api);
  if (!outcome.readBackFailed) return ExitCode.Ok;
  io.stderr.write(`${sanitizeLine(outcome.readBackFailed)}\n`);
  return ExitCode.Problems;
}
