/**
 * A plan's refusals in the TUI, before anything is sent: the plan engine's words — the ones `cmd-tui`
 * prints — and, for a refusal the CLI lets a flag override (`--delete-many`), the answer typed here
 * instead (like the name typed before a delete). Shared by the copy dialog and the backups screen.
 */
import { madeSummary } from '../../../operations/plan-outcome.js';
import { ApplyInterruptedError, listedNames } from '../../../operations/send-plan.js';
import { LIMITS } from '../../../discord/model.js';
import type { Override, Plan, Refusal } from '../../../discord/plan.js';
import type { PreparedPlan } from '../../../operations/prepare-plan.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { useTheme } from '../../theme/theme-context.js';

/** The refusals, each in the engine's words, headed as the CLI heads them. */
export function RefusalLines({ refusals, overridable }: { refusals: readonly Refusal[]; overridable: boolean }) {
  const theme = useTheme();
  if (refusals.length === 0) return null;
  return (
    <>
      <DialogLine color={theme.status.error} text={overridable ? 'Held back until you confirm it by typing; nothing has been sent:' : 'Refused; nothing can be sent:'} />
      {refusals.map((refusal) => (
        <DialogLine key={refusal.rule} color={theme.status.error} text={`  ${refusal.message}`} />
      ))}
    </>
  );
}

/** The plan's counts and the day's creates it uses: `2 to create, 1 to update, 3 to delete; uses 2 of today's creates (198 of 200 left).` */
export function planSummary({ plan, prune, budget }: Pick<PreparedPlan, 'plan' | 'prune' | 'budget'>): string {
  const deletes = prune ? `, ${plan.delete.length} to delete` : '';
  return `${plan.create.length} to create, ${plan.update.length} to update${deletes}; uses ${plan.createsUsed} of today's creates (${budget.remaining} of ${LIMITS.dailyCreates} left).`;
}

/** What to type to give an override (the CLI's `--delete-many` is `delete 9` here). */
export function overrideAnswer(override: Override, plan: Plan): string {
  return override === 'delete-many' ? `delete ${plan.delete.length}` : 'accept';
}

/** The refusals a plan has: those no answer overrides, and those a typed answer does. */
export function splitRefusals(refusals: readonly Refusal[]): { blocked: Refusal[]; overridable: Refusal[] } {
  return { blocked: refusals.filter((refusal) => refusal.override === undefined), overridable: refusals.filter((refusal) => refusal.override !== undefined) };
}

/**
 * How a plan's run that failed is told (`what`: "Copy into Test Guild"). Stopped part-way, the facts come
 * first — how far it got, why, what was made, what was not sent — and the backup last, named once and
 * alone on its line in the status (status-line.ts); `b` (the backups) brings it back.
 */
export function planFailedLine(what: string, error: unknown): string {
  if (!(error instanceof ApplyInterruptedError)) return `${what} failed: ${errorLine(describeError(error))}`;
  const cause = describeError(error.cause);
  const made = error.steps.length > 0 ? `Made: ${madeSummary(error.steps)}.` : 'Nothing was changed.';
  const notSent = error.notSent.length > 0 ? ` Not sent: ${listedNames(error.notSent)}.` : '';
  const hint = cause.hint ? ` ${cause.hint}` : '';
  return `${what} stopped after ${error.steps.length} of ${error.total} changes: ${withStop(cause.message)} ${made}${notSent}${hint} Backup taken first (b restores it): ${error.backup}`;
}

/** A sentence ends with its stop. */
function withStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
