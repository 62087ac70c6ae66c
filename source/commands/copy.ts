/**
 * `cmd-tui copy --from global|GUILD_ID --to global|GUILD_ID [--command NAME …] [--prune] [--yes] [--json]`:
 * promotes a dev guild's commands to global (or brings global ones into a test guild). Plans like
 * `apply` — create / update / unchanged, creates used — with what the target scope does not allow
 * dropped and reported (adapt-scope.ts), and applies after confirmation and a backup.
 */
import { readBackField } from '../backup/read-back.js';
import { plural } from '../terminal/plural.js';
import { GLOBAL_SCOPE, guildScope, type Scope } from '../discord/model.js';
import { standingRefusals } from '../discord/plan.js';
import { carryOutPlan } from '../operations/carry-out-plan.js';
import { CopySourceError, ghostsNote } from '../operations/copy-source.js';
import { preparePlan } from '../operations/prepare-plan.js';
import { openWorkspace } from '../operations/workspace.js';
import { confirm, whyNotAsked } from './confirm.js';
import { stopOnInterrupt } from './interrupt.js';
import { connect } from './connect.js';
import { renderProblems } from './commands-file.js';
import { reportFailure } from './failure.js';
import { paintFor } from '../terminal/colour.js';
import { idFlag, parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { describeScope, renderAdaptations, renderPlan, stepLine } from './plan-report.js';
import { reportRateLimits } from './rate-limit-notice.js';
import { cliRefusal, overridesOf, renderRefusals } from './refusal-report.js';
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
    const workspace = openWorkspace(api, io.environment.paths());
    const preparation = await preparePlan(workspace, { kind: 'copy', request: { from, to, names, prune } }).catch((error: unknown) => {
      throw error instanceof CopySourceError ? new UsageError(`${error.message} ${error.hint}`) : error;
    });
    const where = `${describeScope(from)} → ${describeScope(to)}`;
    if (!preparation.ok) {
      if (json) io.stdout.write(`${JSON.stringify({ applied: false, adaptations: preparation.adaptations, problems: preparation.problems }, null, 2)}\n`);
      io.stderr.write(`${renderProblems(where, preparation.problems.filter((problem) => problem.severity === 'error'))}These commands are not valid in ${describeScope(to)}; nothing was sent.\n`);
      return ExitCode.Problems;
    }
    const { prepared } = preparation;
    const { plan, adaptations, ghosts } = prepared;
    const ghostsLine = prepared.changes ? ghostsNote(ghosts, describeScope(to)) : undefined;
    // What was dropped to fit the target belongs to the copy: under its heading, before the plan.
    io.stderr.write(`Copy from ${describeScope(from)}:\n${renderAdaptations(adaptations)}${renderPlan(plan, { scope: to, prune, budget: prepared.budget, paint: paintFor(io.stderr, io.environment.terminal.colour, values) })}${ghostsLine ? `${ghostsLine}\n` : ''}`);
    const result = { from: describeScope(from), to: describeScope(to), adaptations, ghosts, plan: { create: plan.create, update: plan.update, delete: plan.delete, unchanged: plan.unchanged, createsUsed: plan.createsUsed } };
    const notice = (message: string) => io.stderr.write(`cmd-tui: ${message}\n`);
    if (!prepared.changes) {
      // Settles the journal of an interrupted copy that got this far.
      await carryOutPlan(workspace, prepared, { notice });
      if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: true, backup: null, steps: [] }, null, 2)}\n`);
      io.stderr.write(`Nothing to change in ${describeScope(to)}.\n`);
      return ExitCode.Ok;
    }
    const overrides = overridesOf(values);
    const refusals = standingRefusals(prepared.refusals, overrides);
    if (refusals.length > 0) {
      if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: false, refusals: refusals.map(cliRefusal) }, null, 2)}\n`);
      io.stderr.write(renderRefusals(refusals));
      return ExitCode.Problems;
    }
    if (values.yes !== true && !(await confirm(io, `Copy these commands into ${describeScope(to)}?`))) {
      if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: false, refusals: [{ rule: 'not-confirmed', message: 'The changes were not confirmed.' }] }, null, 2)}\n`);
      io.stderr.write(`Nothing was sent. ${whyNotAsked(io, 'copy')}\n`);
      return ExitCode.Problems;
    }
    const interrupt = stopOnInterrupt(io);
    const outcome = await carryOutPlan(workspace, prepared, { overrides, onStep: (step) => io.stderr.write(`${stepLine(step)}\n`), notice, signal: interrupt.signal }).finally(() => interrupt.dispose());
    if (json) io.stdout.write(`${JSON.stringify({ ...result, applied: true, backup: outcome.backup, steps: outcome.steps, createsRemaining: outcome.createsRemaining, ...readBackField(outcome) }, null, 2)}\n`);
    io.stderr.write(`Copied ${plural(outcome.steps.length, 'change')} into ${describeScope(to)}. Backup of its previous state: ${outcome.backup}\n(\`cmd-tui restore ${outcome.backup}\` brings it back). ${plural(outcome.createsRemaining, 'create')} left today.\n`);
    if (outcome.readBackFailed) io.stderr.write(`${outcome.readBackFailed}\n`);
    reportRateLimits(io, api);
    return ExitCode.Ok;
  } catch (error) {
    return reportFailure(error, io, 'copy');
  }
};

