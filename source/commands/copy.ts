/**
 * `cmd-tui copy --from global|GUILD_ID --to global|GUILD_ID [--command NAME …] [--prune] [--yes] [--json]`:
 * promotes a dev guild's commands to global (or brings global ones into a test guild). Plans like
 * `apply` — create / update / unchanged, creates used — with what the target scope does not allow
 * dropped and reported (adapt-scope.ts), and applies after confirmation and a backup.
 */
import { CopySourceError, ghostsNote, planCopy } from '../backup/copy-plan.js';
import { createBudget } from '../backup/create-ledger.js';
import { readBackField } from '../backup/read-back.js';
import { settleInterruptedWrite } from '../backup/scope-lock.js';
import { GLOBAL_SCOPE, guildScope, type Scope } from '../discord/model.js';
import { hasChanges, refusalsFor } from '../discord/plan.js';
import { confirm } from './confirm.js';
import { stopOnInterrupt } from './interrupt.js';
import { appFacts, connect } from './connect.js';
import { renderProblems } from './commands-file.js';
import { reportFailure } from './failure.js';
import { paintFor } from '../terminal/colour.js';
import { idFlag, parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { describeScope, renderAdaptations, renderPlan, stepLine } from './plan-report.js';
import { reportRateLimits } from './rate-limit-notice.js';
import { carryOutCopy, copyCommandLine } from '../operations/copy.js';
import { openWorkspace } from '../operations/workspace.js';
import { learnGuildNames } from './guild-names.js';
import { ExitCode, UsageError, type CommandRun } from './types.js';

function scopeFlag(value: string | undefined, flag: string): Scope {
  if (value === undefined) throw new UsageError(`pass ${flag} global or ${flag} GUILD_ID`);
  const id = idFlag(flag, value, 'guild', { orGlobal: true })!;
  return id === 'global' ? GLOBAL_SCOPE : guildScope(id);
}

const sameScope = (a: Scope, b: Scope) => a.kind === b.kind && (a.kind === 'global' || (b.kind === 'guild' && a.guildId === b.guildId));

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(
    args,
    SPECS.copy.flags,
    { min: 0, max: 0, names: '' },
  );
  const from = scopeFlag(values.from, '--from');
  const to = scopeFlag(values.to, '--to');
  if (sameScope(from, to)) throw new UsageError('--from and --to name the same scope');
  const names = values.command ?? [];
  const prune = values.prune === true;
  if (prune && names.length > 0) throw new UsageError('--prune deletes what the source does not have; it cannot go with --command');
  const json = values.json === true;
  try {
    const api = await connect(values, io);
    await learnGuildNames(api, io.environment.paths(), from, to);
    const copy = await planCopy(api, { from, to, names, prune }, await appFacts(api)).catch((error: unknown) => {
      throw error instanceof CopySourceError ? new UsageError(`${error.message} ${error.hint}`) : error;
    });
    const where = `${describeScope(from)} → ${describeScope(to)}`;
    if (!copy.ok) {
      if (json) io.stdout.write(`${JSON.stringify({ applied: false, adaptations: copy.adaptations, problems: copy.problems }, null, 2)}\n`);
      io.stderr.write(`${renderProblems(where, copy.problems.filter((problem) => problem.severity === 'error'))}These commands are not valid in ${describeScope(to)}; nothing was sent.\n`);
      return ExitCode.Problems;
    }
    const { plan, live, adaptations, ghosts } = copy;
    const budget = await createBudget(io.env, api.applicationId, to);
    const ghostsLine = hasChanges(plan, prune) ? ghostsNote(ghosts, describeScope(to)) : undefined;
    io.stderr.write(`${renderAdaptations(adaptations)}Copy from ${describeScope(from)}:\n${renderPlan(plan, { scope: to, prune, budget, paint: paintFor(io.stderr, io.environment.terminal.colour, values) })}${ghostsLine ? `${ghostsLine}\n` : ''}`);
    const result = { from: describeScope(from), to: describeScope(to), adaptations, ghosts, plan: { create: plan.create, update: plan.update, delete: plan.delete, unchanged: plan.unchanged, createsUsed: plan.createsUsed } };
    const notice = (message: string) => io.stderr.write(`cmd-tui: ${message}\n`);
    if (!hasChanges(plan, prune)) {
      await settleInterruptedWrite(io.env, api.applicationId, to, copyCommandLine({ from, to, names, prune }), notice);
      if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: true, backup: null, steps: [] }, null, 2)}\n`);
      io.stderr.write(`Nothing to change in ${describeScope(to)}.\n`);
      return ExitCode.Ok;
    }
    const refusals = refusalsFor(plan, live, { prune, confirmed: values.yes === true, createsRemaining: budget.remaining, liveCount: live.length });
    if (refusals.length > 0) {
      if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: false, refusals }, null, 2)}\n`);
      io.stderr.write(`Refused; nothing was sent:\n${refusals.map((refusal) => `  ${refusal.message}\n`).join('')}`);
      return ExitCode.Problems;
    }
    if (values.yes !== true && !(await confirm(io, `Copy these commands into ${describeScope(to)}?`))) {
      if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: false, refusals: [{ rule: 'not-confirmed', message: 'The changes were not confirmed.' }] }, null, 2)}\n`);
      io.stderr.write(`Nothing was sent. ${io.stdin.isTTY ? '' : 'There is no terminal to confirm on: pass --yes to copy.'}\n`);
      return ExitCode.Problems;
    }
    const interrupt = stopOnInterrupt(io);
    const outcome = await carryOutCopy(openWorkspace(api, io.env), { from, to, names, prune }, copy, { onStep: (step) => io.stderr.write(`${stepLine(step)}\n`), notice, signal: interrupt.signal }).finally(() => interrupt.dispose());
    const after = await createBudget(io.env, api.applicationId, to);
    if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: true, backup: outcome.backup?.path ?? null, steps: outcome.steps, createsRemaining: after.remaining, ...readBackField(outcome) }, null, 2)}\n`);
    io.stderr.write(`Copied ${outcome.steps.length} changes into ${describeScope(to)}. Backup of its previous state: ${outcome.backup?.path}\n(\`cmd-tui restore ${outcome.backup?.path}\` brings it back). ${after.remaining} creates left today.\n`);
    if (outcome.readBackFailed) io.stderr.write(`${outcome.readBackFailed}\n`);
    reportRateLimits(io, api);
    return ExitCode.Ok;
  } catch (error) {
    return reportFailure(error, io, 'copy');
  }
};

