/**
 * `cmd-tui apply FILE [--guild ID] [--prune] [--yes] [--json]`: carries out the plan with the
 * fewest requests, after a backup. Refuses (exit 1) an invalid FILE, a plan beyond the day's
 * creates or a cap, mass deletes without --prune --yes, and unconfirmed changes. A second apply
 * of the same file sends no mutating request.
 */
import { createBudget } from '../backup/create-ledger.js';
import { executePlan } from '../backup/execute-plan.js';
import { readBackField } from '../backup/read-back.js';
import { settleInterruptedWrite, shellQuoted } from '../backup/scope-lock.js';
import { reportRateLimits } from './rate-limit-notice.js';
import { hasChanges, refusalsFor } from '../discord/plan.js';
import { adaptHint, renderProblems, skippedFilesRefusal } from './commands-file.js';
import { skippedField } from './commands-folder.js';
import { confirm } from './confirm.js';
import { stopOnInterrupt } from './interrupt.js';
import { connectToScope } from './connect.js';
import { reportFailure } from './failure.js';
import { paintFor } from '../terminal/colour.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { describeScope, renderAdaptations, renderPlan, stepLine } from './plan-report.js';
import { planFromFile } from './scope-plan.js';
import type { CommandRun } from './types.js';

export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseFlags(
    args,
    SPECS.apply.flags,
    { min: 1, max: 1, names: 'FILE (a commands file, as `cmd-tui export` writes it)' },
  );
  const file = positionals[0] as string;
  const prune = values.prune === true;
  const json = values.json === true;
  try {
    const { api, scope } = await connectToScope(values, io);
    // With --prune the old name of a renamed command would be deleted: rename it instead (keeps its id, spends no create).
    const result = await planFromFile(api, file, scope, io, { pairRenames: prune, adapt: values.adapt === true });
    if (!result.ok) {
      if (json) io.stdout.write(`${JSON.stringify({ applied: false, problems: result.problems }, null, 2)}\n`);
      io.stderr.write(`${renderProblems(file, result.problems)}${file} is not valid; nothing was sent.\n${adaptHint(result.problems, scope.kind)}`);
      return 1;
    }
    const { plan, live } = result;
    const budget = await createBudget(io.env, api.applicationId, scope);
    if (!json) io.stderr.write(renderProblems(file, result.warnings) + renderAdaptations(result.adaptations));
    io.stderr.write(renderPlan(plan, { scope, prune, budget, paint: paintFor(io.stderr, io.env, values) }));
    const notice = (message: string) => io.stderr.write(`cmd-tui: ${message}\n`);
    if (!hasChanges(plan, prune)) {
      await settleInterruptedWrite(io.env, api.applicationId, scope, `apply ${shellQuoted(file)}`, notice);
      if (json) io.stdout.write(`${JSON.stringify({ applied: true, backup: null, steps: [], ...skippedField(result.skipped) }, null, 2)}\n`);
      io.stderr.write(`Nothing to change in ${describeScope(scope)}.\n`);
      return 0;
    }
    const refusals = refusalsFor(plan, live, { prune, confirmed: values.yes === true, createsRemaining: budget.remaining, liveCount: live.length });
    // Asked last, so nobody confirms the skipped files of a plan refused anyway.
    if (refusals.length === 0 && prune && plan.delete.length > 0) refusals.push(...(await skippedFilesRefusal(result.skipped, io, values['accept-skipped'] === true)));
    if (refusals.length > 0) {
      if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals, ...skippedField(result.skipped) }, null, 2)}\n`);
      io.stderr.write(`Refused; nothing was sent:\n${refusals.map((refusal) => `  ${refusal.message}\n`).join('')}`);
      return 1;
    }
    if (values.yes !== true && !(await confirm(io, `Apply these changes to ${describeScope(scope)}?`))) {
      if (json) io.stdout.write(`${JSON.stringify({ applied: false, refusals: [{ rule: 'not-confirmed', message: 'The changes were not confirmed.' }] }, null, 2)}\n`);
      io.stderr.write(`Nothing was sent. ${io.stdin.isTTY ? '' : 'There is no terminal to confirm on: pass --yes to apply.'}\n`);
      return 1;
    }
    const interrupt = stopOnInterrupt(io);
    const outcome = await executePlan(api, scope, plan, { prune, reason: `apply ${file}`, journal: { command: `apply ${shellQuoted(file)}`, rerunnable: true }, env: io.env, plannedFrom: live, signal: interrupt.signal, onStep: (step) => io.stderr.write(`${stepLine(step)}\n`), notice }).finally(() => interrupt.dispose());
    const after = await createBudget(io.env, api.applicationId, scope);
    if (json) {
      io.stdout.write(`${JSON.stringify({ applied: true, backup: outcome.backup?.path ?? null, steps: outcome.steps, createsRemaining: after.remaining, ...skippedField(result.skipped), ...readBackField(outcome) }, null, 2)}\n`);
    }
    io.stderr.write(summary(outcome.steps.length, outcome.backup?.path, after.remaining));
    if (outcome.readBackFailed) io.stderr.write(`${outcome.readBackFailed}\n`);
    reportRateLimits(io, api);
    return 0;
  } catch (error) {
    return reportFailure(error, io, 'apply');
  }
};

function summary(changes: number, backup: string | undefined, remaining: number): string {
  return `Applied ${changes} changes. Backup of the previous state: ${backup}\n(\`cmd-tui restore ${backup}\` brings it back). ${remaining} creates left today.\n`;
}
