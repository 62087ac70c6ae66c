/**
 * A plan's refusals in the TUI, before anything is sent: the plan engine's words — the ones `cmd-tui`
 * prints — and, for a refusal the CLI lets a flag override (`--delete-many`), the answer typed here
 * instead (like the name typed before a delete). Shared by the copy dialog and the backups screen.
 */
import { ApplyInterruptedError } from '../../../operations/send-plan.js';
import type { Override, Plan, Refusal } from '../../../discord/plan.js';
import { Text } from '../../components/text.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { useTheme } from '../../theme/theme-context.js';

/** The refusals, each in the engine's words, headed as the CLI heads them. */
export function RefusalLines({ refusals, overridable }: { refusals: readonly Refusal[]; overridable: boolean }) {
  const theme = useTheme();
  if (refusals.length === 0) return null;
  return (
    <>
      <Text color={theme.status.error} wrap="wrap">
        {overridable ? 'Held back until you confirm it by typing; nothing has been sent:' : 'Refused; nothing can be sent:'}
      </Text>
      {refusals.map((refusal) => (
        <Text key={refusal.rule} color={theme.status.error} wrap="wrap">
          {`  ${refusal.message}`}
        </Text>
      ))}
    </>
  );
}

/** What to type to give an override (the CLI's `--delete-many` is `delete 9` here). */
export function overrideAnswer(override: Override, plan: Plan): string {
  return override === 'delete-many' ? `delete ${plan.delete.length}` : 'accept';
}

/** The refusals a plan has: those no answer overrides, and those a typed answer does. */
export function splitRefusals(refusals: readonly Refusal[]): { blocked: Refusal[]; overridable: Refusal[] } {
  return { blocked: refusals.filter((refusal) => refusal.override === undefined), overridable: refusals.filter((refusal) => refusal.override !== undefined) };
}

/** How a plan's run that failed is told: stopped part-way, it says what was sent and what was not (and the backup). */
export function planFailedLine(what: string, error: unknown): string {
  const line = errorLine(describeError(error));
  return error instanceof ApplyInterruptedError ? `${what}: ${line}` : `${what} failed: ${line}`;
}
