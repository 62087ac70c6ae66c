/**
 * One apply of FILE to a scope, as `apply` runs it once and `apply --watch` runs it on every save: the plan
 * engine prepares the plan (with every refusal and the day's creates), this door shows it, asks, and has the
 * engine carry it out (lock, journal, backup, read-back). The results (the plan, each step done, the
 * summary) go to stdout, as `plan`'s do, so `apply … > deploy.log` keeps them; warnings, refusals, notices
 * and the question go to stderr, and all of it does when stdout carries `--json` or `--json-lines`. What
 * happened comes back as a value, and `applyReport` is its `--json` shape, so the one-shot document and the
 * watch's line per run cannot drift apart.
 */
import type { DiscordApi } from '../api/contract.js';
import { plural } from '../terminal/plural.js';
import { readBackField } from '../backup/read-back.js';
import type { Problem, Scope } from '../discord/model.js';
import { standingRefusals, type Refusal } from '../discord/plan.js';
import { carryOutPlan, ReplanRefusedError } from '../operations/carry-out-plan.js';
import type { ExecutedStep } from '../operations/send-plan.js';
import { openWorkspace } from '../operations/workspace.js';
import { paintFor } from '../terminal/colour.js';
import { adaptHint, renderProblems } from './commands-file.js';
import { inputName } from './input-file.js';
import { skippedField, type SkippedFile } from './commands-folder.js';
import { confirm, whyNotAsked } from './confirm.js';
import { stopOnInterrupt } from './interrupt.js';
import { describeScope, renderAdaptations, renderPlan } from './plan-report.js';
import { stepLine } from '../operations/plan-outcome.js';
import { reportRateLimits } from './rate-limit-notice.js';
import { cliRefusal, overridesOf, renderRefusals } from './refusal-report.js';
import { prepareFromFile } from './scope-plan.js';
import type { CliIo } from './types.js';

export interface ApplyFlags {
  prune?: boolean;
  adapt?: boolean;
  yes?: boolean;
  /** The plan may delete more than half of the scope. */
  'delete-many'?: boolean;
  'accept-skipped'?: boolean;
  'no-color'?: boolean;
  /** `--json`: the warnings are in the document, so they are not told on stderr too; stdout is the document's. */
  json?: boolean;
  /** `--watch --json-lines`: stdout is the lines'. */
  'json-lines'?: boolean;
}

export type ApplyOutcome =
  | { outcome: 'invalid'; problems: Problem[] }
  | { outcome: 'unchanged'; skipped: SkippedFile[] }
  | { outcome: 'refused'; refusals: Refusal[]; skipped: SkippedFile[] }
  | { outcome: 'not-confirmed' }
  /** ctrl+c (the caller's `signal`) before anything was sent. */
  | { outcome: 'stopped' }
  | { outcome: 'applied'; backup: string | null; steps: ExecutedStep[]; createsRemaining: number; skipped: SkippedFile[]; readBackFailed?: string };

const NOT_CONFIRMED = { rule: 'not-confirmed', message: 'The changes were not confirmed.' };

/**
 * `signal`: the caller's ctrl+c, which stops a confirmation and the write between requests. Without it the
 * write installs its own (commands/interrupt.ts) for as long as it runs. `sending` is called as the first
 * request of the plan is about to go (after any question): from then on, one may be in flight.
 */
export async function applyOnce(api: DiscordApi, scope: Scope, file: string, flags: ApplyFlags, io: CliIo, signal?: AbortSignal, sending?: () => void): Promise<ApplyOutcome> {
  const prune = flags.prune === true;
  const workspace = openWorkspace(api, io.environment.paths());
  const result = await prepareFromFile(workspace, file, scope, io, { prune, adapt: flags.adapt === true });
  if (!result.ok) {
    io.stderr.write(`${renderProblems(file, result.problems)}${inputName(file)} is not valid; nothing was sent.\n${adaptHint(result.problems, scope.kind)}`);
    return { outcome: 'invalid', problems: result.problems };
  }
  const { prepared, skipped } = result;
  if (flags.json !== true) io.stderr.write(renderProblems(file, prepared.warnings) + renderAdaptations(prepared.adaptations));
  const out = flags.json === true || flags['json-lines'] === true ? io.stderr : io.stdout;
  const planText = (stream: CliIo['stdout'] | CliIo['stderr'], plan = prepared.plan, budget = prepared.budget) => renderPlan(plan, { scope, prune, budget, paint: paintFor(stream, io.environment.terminal.colour, flags) });
  out.write(planText(out));
  const notice = (message: string) => io.stderr.write(`cmd-tui: ${message}\n`);
  if (!prepared.changes) {
    // Settles the journal of an interrupted run that got this far.
    await carryOutPlan(workspace, prepared, { notice });
    out.write(`Nothing to change in ${describeScope(scope)}.\n`);
    return { outcome: 'unchanged', skipped };
  }
  const overrides = overridesOf(flags);
  const standing = standingRefusals(prepared.refusals, overrides);
  // Asked last, so nobody confirms the skipped files of a plan refused anyway.
  const skippedFiles = standing.length === 1 && standing[0]!.rule === 'skipped-files' ? standing[0]! : undefined;
  if (skippedFiles && (await confirm(io, `${skippedFiles.message} Delete them anyway?`, signal))) {
    overrides.push('accept-skipped');
    standing.length = 0;
  }
  if (signal?.aborted) return stopped(io);
  if (standing.length > 0) {
    io.stderr.write(renderRefusals(standing));
    return { outcome: 'refused', refusals: standing, skipped };
  }
  // The plan went to a file (`apply … > deploy.log`): the person asked must see what they confirm.
  if (flags.yes !== true && out === io.stdout && !io.stdout.isTTY && io.stdin.isTTY) io.stderr.write(planText(io.stderr));
  if (flags.yes !== true && !(await confirm(io, `Apply these changes to ${describeScope(scope)}?`, signal))) {
    if (signal?.aborted) return stopped(io);
    io.stderr.write(`Nothing was sent. ${whyNotAsked(io, 'apply', file === '-')}\n`);
    return { outcome: 'not-confirmed' };
  }
  if (signal?.aborted) return stopped(io);
  sending?.();
  const interrupt = signal ? undefined : stopOnInterrupt(io);
  const outcome = await carryOutPlan(workspace, prepared, {
    overrides,
    // No person approved this plan: one made stale by another writer is made again under the lock.
    replanIfChanged: flags.yes === true,
    onReplan: (again) => io.stderr.write(`The scope changed while this run waited for it (another writer got there first); planned again:\n${planText(io.stderr, again.plan, again.budget)}`),
    signal: signal ?? interrupt!.signal,
    onStep: (step) => out.write(`${stepLine(step)}\n`),
    notice,
  })
    .catch((error: unknown) => {
      if (!(error instanceof ReplanRefusedError)) throw error;
      // The plan made again under the lock is refused: its refusals said as any plan's are, in the CLI's words.
      io.stderr.write(`${renderRefusals(error.refusals, error.message)}  ${error.hint}\n`);
      return error;
    })
    .finally(() => interrupt?.dispose());
  if (outcome instanceof ReplanRefusedError) return { outcome: 'refused', refusals: [...outcome.refusals], skipped };
  if (outcome.backup === null) {
    out.write(`Nothing to change in ${describeScope(scope)}.\n`);
    return { outcome: 'unchanged', skipped };
  }
  const { backup } = outcome;
  out.write(`Applied ${plural(outcome.steps.length, 'change')}. Backup of the previous state: ${backup}\n(\`cmd-tui restore ${backup}\` brings it back). ${plural(outcome.createsRemaining, 'create')} left today.\n`);
  if (outcome.readBackFailed) io.stderr.write(`${outcome.readBackFailed}\n`);
  reportRateLimits(io, api);
  return { outcome: 'applied', backup, steps: outcome.steps, createsRemaining: outcome.createsRemaining, skipped, ...readBackField(outcome) };
}

function stopped(io: CliIo): ApplyOutcome {
  io.stderr.write('Stopped before anything was sent.\n');
  return { outcome: 'stopped' };
}

/** The `--json` document of an outcome: `{"applied": bool, …}` as `apply`, `copy` and `restore` print it. */
export function applyReport(result: ApplyOutcome): Record<string, unknown> {
  switch (result.outcome) {
    case 'invalid':
      return { applied: false, problems: result.problems };
    case 'unchanged':
      return { applied: true, backup: null, steps: [], ...skippedField(result.skipped) };
    case 'refused':
      return { applied: false, refusals: result.refusals.map(cliRefusal), ...skippedField(result.skipped) };
    case 'not-confirmed':
      return { applied: false, refusals: [NOT_CONFIRMED] };
    case 'stopped':
      return { applied: false, stopped: true };
    case 'applied': {
      const { backup, steps, createsRemaining, skipped } = result;
      return { applied: true, backup, steps, createsRemaining, ...skippedField(skipped), ...readBackField(result) };
    }
  }
}

/** 0 when the scope matches FILE (applied, or nothing to change), else 1. */
export function applyExitCode(result: ApplyOutcome): number {
  return result.outcome === 'applied' || result.outcome === 'unchanged' ? 0 : 1;
}
