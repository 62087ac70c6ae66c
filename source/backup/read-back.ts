/**
 * A write Discord confirmed whose read-back failed: the write stands, so the outcome keeps it and
 * carries this note (what failed, what to run to look) instead of turning into a failure.
 */
import { describeError } from '../api/errors.js';
import type { Scope } from '../discord/model.js';

export function readBackFailedNote(done: string, error: unknown, check: string): string {
  return `${done}, but reading the result back right after failed (${describeError(error).message}); run \`${check}\` to see it as it is now.`;
}

/** The command that shows a scope's commands. */
export function listCommandLine(scope: Scope): string {
  return scope.kind === 'global' ? 'cmd-tui list' : `cmd-tui list --guild ${scope.guildId}`;
}

/** The `--json` key a run's document carries when its read-back failed. */
export function readBackField(outcome: { readBackFailed?: string }): { readBackFailed?: string } {
  return outcome.readBackFailed ? { readBackFailed: outcome.readBackFailed } : {};
}
