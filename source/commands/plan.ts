/**
 * `cmd-tui plan FILE [--guild ID] [--prune] [--json]`: validates FILE, then shows what `apply` (with the
 * same --prune, --delete-many, --accept-skipped) would do to the live scope, and the plan engine's refusals
 * it would meet. Exit 0 with or without changes (3 with changes under --detailed-exitcode); 1 when FILE is
 * invalid or apply would refuse the plan.
 */
import { adaptHint, renderProblems } from './commands-file.js';
import { inputName } from './input-file.js';
import { connectToScope } from './connect.js';
import { reportFailure } from './failure.js';
import { paintFor } from '../terminal/colour.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { planJson, renderAdaptations, renderPlan } from './plan-report.js';
import { prepareFromFile } from './scope-plan.js';
import { overridesOf, PLAN_REFUSED_HEADING, renderRefusals } from './refusal-report.js';
import { standingRefusals } from '../discord/plan.js';
import { openWorkspace } from '../operations/workspace.js';
import { ExitCode, type CommandRun } from './types.js';

export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseFlags(args, SPECS.plan.flags, { min: 1, max: 1, names: 'FILE (a commands file, as `cmd-tui export` writes it)' });
  const prune = values.prune === true;
  const file = positionals[0] as string;
  try {
    const { api, scope } = await connectToScope(values, io);
    const workspace = openWorkspace(api, io.environment.paths());
    const result = await prepareFromFile(workspace, file, scope, io, { prune, adapt: values.adapt === true });
    if (!result.ok) {
      if (values.json) io.stdout.write(`${JSON.stringify({ problems: result.problems }, null, 2)}\n`);
      else io.stderr.write(`${renderProblems(file, result.problems)}${inputName(file)} is not valid; nothing was compared. Fix the errors above and run plan again.\n${adaptHint(result.problems, scope.kind)}`);
      return 1;
    }
    const { prepared } = result;
    if (!values.json) io.stderr.write(renderProblems(file, prepared.warnings) + renderAdaptations(prepared.adaptations));
    // Told as apply tells it (without taking the journal over: plan writes nothing).
    const interrupted = await workspace.interruptedWrite?.(scope);
    if (interrupted) io.stderr.write(`cmd-tui: ${interrupted}\n`);
    // The engine's refusals that the same flags would not override: what apply would meet, said before it is run.
    const refusals = standingRefusals(prepared.refusals, overridesOf(values));
    if (values.json) io.stdout.write(planJson(prepared.plan, prune, refusals, result.skipped));
    else {
      io.stdout.write(renderPlan(prepared.plan, { scope, prune, budget: prepared.budget, paint: paintFor(io.stdout, io.environment.terminal.colour, values) }));
      if (refusals.length > 0) io.stdout.write(renderRefusals(refusals, PLAN_REFUSED_HEADING));
    }
    if (refusals.length > 0) return ExitCode.Problems;
    // terraform's convention, with its own code: CI tells "nothing to do" from "changes pending".
    return values['detailed-exitcode'] === true && prepared.changes ? ExitCode.ChangesPending : ExitCode.Ok;
  } catch (error) {
    return reportFailure(error, io, 'plan');
  }
};
