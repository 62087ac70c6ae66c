/**
 * `cmd-tui restore BACKUP [--yes] [--json]`: brings a scope back to a backup — shows the plan first,
 * backs up the current state, recreates deleted commands, reverts edits, deletes commands the
 * backup did not have, and re-applies overwrites when a signed-in user is present (saying clearly
 * which could not be restored without one). An overwrites-only backup puts back its lists alone (restore-overwrites.ts).
 */
import { readBackField } from '../backup/read-back.js';
import { plural } from '../terminal/plural.js';
import { readAnyBackup } from '../backup/store.js';
import { reportRateLimits } from './rate-limit-notice.js';
import type { ScopeBackup } from '../discord/backup-format.js';
import type { OverwriteRestore } from '../discord/overwrite-restore.js';
import { standingRefusals } from '../discord/plan.js';
import { carryOutPlan } from '../operations/carry-out-plan.js';
import { prepareRestore, type PreparedPlan } from '../operations/prepare-plan.js';
import { openWorkspace } from '../operations/workspace.js';
import { confirm, whyNotAsked } from './confirm.js';
import { learnGuildNames } from './guild-names.js';
import { connect } from './connect.js';
import { reportFailure } from './failure.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { describeScope, renderPlan } from './plan-report.js';
import { notRestoredItems, notRestoredLine } from '../operations/restore-outcome.js';
import { cliRefusal, overridesOf, renderRefusals } from './refusal-report.js';
import { ExitCode, UsageError, type CliIo, type CommandRun } from './types.js';

export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseFlags(args, SPECS.restore.flags, { min: 1, max: 1, names: 'BACKUP (a path listed by `cmd-tui backups`)' });
  const path = positionals[0] as string;
  if (path === '-') throw new UsageError("restore reads a backup by its path, which the scope's journal keeps so that an interrupted restore can be run again; stdin (-) cannot be: save it as a file and name that");
  const json = values.json === true;
  try {
    // A backup that cannot be read is not a usage mistake: said with its hint, without the usage block.
    const read = await readAnyBackup(path);
    if (!('commands' in read)) {
      const api = await connect({ ...values, app: values.app ?? read.applicationId }, io);
      if (api.applicationId !== read.applicationId) return wrongApplication(io, read.applicationId, api.applicationId);
      await learnGuildNames(api, io.environment.paths(), read.scope);
      return await (await import('./restore-overwrites.js')).restoreOverwritesOnly(openWorkspace(api, io.environment.paths()), read, path, values, io);
    }
    const backup = read;
    const contradiction = backupContradiction(backup);
    if (contradiction) {
      io.stderr.write(`${path} contradicts itself: ${contradiction} It was changed by hand or is damaged; nothing was sent.\n`);
      return ExitCode.Problems;
    }
    const api = await connect({ ...values, app: values.app ?? backup.applicationId }, io);
    if (api.applicationId !== backup.applicationId) return wrongApplication(io, backup.applicationId, api.applicationId);
    await learnGuildNames(api, io.environment.paths(), backup.scope);
    const workspace = openWorkspace(api, io.environment.paths());
    const prepared = await prepareRestore(workspace, { kind: 'restore', backup, path });
    io.stderr.write(`Restoring ${describeScope(backup.scope)} to the backup of ${backup.createdAt} (${backup.reason}).\n`);
    io.stderr.write(renderPlan(prepared.plan, { scope: backup.scope, prune: true, budget: prepared.budget }));
    io.stderr.write(overwriteLines(prepared));
    io.stderr.write(unrestorableLines(prepared));
    const unrestorable = prepared.restore?.unrestorable.length ?? 0;
    const notice = (message: string) => io.stderr.write(`cmd-tui: ${message}\n`);
    if (!prepared.changes) {
      // Settles the journal of an interrupted restore that got this far.
      const outcome = await carryOutPlan(workspace, prepared, { notice });
      if (json) io.stdout.write(`${JSON.stringify({ restored: unrestorable === 0, backup: null, steps: [], overwrites: [], notRestored: notRestoredItems(outcome) }, null, 2)}\n`);
      io.stderr.write(unrestorable > 0 ? 'Nothing else to restore.\n' : `${describeScope(backup.scope)} already matches the backup. Nothing to do.\n`);
      return unrestorable > 0 ? 1 : 0;
    }
    // More than half of a scope deleted needs saying so (--delete-many): --yes alone is not enough.
    const overrides = overridesOf(values);
    const refusals = standingRefusals(prepared.refusals, overrides);
    if (refusals.length > 0) {
      if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals: refusals.map(cliRefusal) }, null, 2)}\n`);
      io.stderr.write(renderRefusals(refusals));
      return 1;
    }
    if (values.yes !== true && !(await confirm(io, `Restore ${describeScope(backup.scope)}?`))) {
      if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals: [{ rule: 'not-confirmed', message: 'The restore was not confirmed.' }] }, null, 2)}\n`);
      io.stderr.write(`Nothing was sent. ${whyNotAsked(io, 'restore')}\n`);
      return 1;
    }
    const outcome = await carryOutPlan(workspace, prepared, { overrides, notice });
    const notRestored = notRestoredItems(outcome);
    if (json) {
      io.stdout.write(`${JSON.stringify({ restored: notRestored.length === 0 && !outcome.readBackFailed, backup: outcome.backup, steps: outcome.steps, overwrites: outcome.restored, notRestored, ...readBackField(outcome) }, null, 2)}\n`);
    }
    io.stderr.write(`Restored ${plural(outcome.steps.length, 'command change')} and ${plural(outcome.restored.length, 'overwrite list')}. The state before the restore is saved in ${outcome.backup}.\n`);
    // What was left, said again with the result: the plan's lines may have scrolled away.
    io.stderr.write(notRestored.map((item) => `${notRestoredLine(item)}\n`).join(''));
    if (notRestored.some((item) => item.kind === 'overwrites')) io.stderr.write(`Run \`cmd-tui auth login\`, then \`cmd-tui restore ${path}\` again to finish.\n`);
    reportRateLimits(io, api);
    if (outcome.readBackFailed) io.stderr.write(`${outcome.readBackFailed}\n`);
    return outcome.readBackFailed || notRestored.length > 0 ? 1 : 0;
  } catch (error) {
    return reportFailure(error, io, 'restore');
  }
};

function wrongApplication(io: CliIo, backupApplication: string, credentialsApplication: string): number {
  io.stderr.write(`This backup belongs to application ${backupApplication}, but the credentials are for ${credentialsApplication}. Nothing was changed.\n`);
  return ExitCode.Problems;
}

function overwriteLines(prepared: PreparedPlan): string {
  const recreated = prepared.plan.create.length > 0 ? 'Overwrites of recreated commands are re-applied after they exist again.\n' : '';
  const lists = prepared.restore?.overwrites ?? [];
  if (lists.length === 0) return recreated;
  return `Overwrite lists to put back (needs a signed-in user):\n${lists.map((item) => `  ${describeOverwrite(item)}\n`).join('')}${recreated}`;
}

function unrestorableLines(prepared: PreparedPlan): string {
  return notRestoredItems({ unrestorable: prepared.restore?.unrestorable ?? [] })
    .map((item) => `${notRestoredLine(item)}\n`)
    .join('');
}

function describeOverwrite(item: OverwriteRestore): string {
  return `${item.target} in guild ${item.guildId}: ${plural(item.overwrites.length, 'overwrite')}`;
}

/** A backup whose commands belong elsewhere than it says (another scope or application): never restored. */
function backupContradiction(backup: ScopeBackup): string | undefined {
  const { scope, applicationId } = backup;
  for (const command of backup.commands as { name?: unknown; application_id?: unknown; guild_id?: unknown }[]) {
    const name = JSON.stringify(command.name);
    if (command.application_id !== undefined && command.application_id !== applicationId) return `the command ${name} belongs to application ${String(command.application_id)}, the backup to ${applicationId}.`;
    const guild = command.guild_id ?? undefined;
    if (scope.kind === 'global' && guild !== undefined && guild !== null) return `the command ${name} is a command of guild ${String(guild)}, but the backup says it is of the global scope.`;
    if (scope.kind === 'guild' && guild !== undefined && guild !== scope.guildId) return `the command ${name} is ${guild === null ? 'a global command' : `a command of guild ${String(guild)}`}, but the backup says it is of guild ${scope.guildId}.`;
  }
  return undefined;
}
