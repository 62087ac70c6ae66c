/**
 * Sending a plan's requests, the fewest it takes — DELETE (only when pruning, first, to make room under
 * the caps), PATCH with only the changed fields, POST for new commands — once the plan engine holds the
 * scope's lock and kept its backup (carry-out-plan.ts). Creates are counted in the day's ledger before
 * they leave and settled by their answers. A run that stops part-way says what left and what did not.
 */
import { DiscordApiError, describeError, type FieldError } from '../api/errors.js';
import { listCommandLine, readBackFailedNote } from '../backup/read-back.js';
import { commandLabel } from '../discord/overwrite-entries.js';
import type { Command, Scope } from '../discord/model.js';
import type { Plan, PlannedKeep } from '../discord/plan.js';
import type { Remedy } from '../discord/remedy.js';
import type { Workspace } from './workspace.js';
import { plural } from '../terminal/plural.js';

export type ExecutedStep =
  | { kind: 'delete'; command: PlannedKeep }
  | { kind: 'update'; command: Command }
  | { kind: 'create'; command: Command; created: boolean };

/** How a caller follows a plan's requests. */
export interface SendOptions {
  /** Called after each request that changed something, e.g. for a progress line. */
  onStep?: (step: ExecutedStep) => void;
  /**
   * Stops the run between requests (ctrl+c in the CLI, esc/ctrl+c in the TUI): a request already sent is
   * answered first, none is sent after, and the run ends as an ApplyInterruptedError naming what was done.
   */
  signal?: AbortSignal;
  /** Called when the first request leaves (the TUI's request runner: from then on ctrl+c waits and reports). */
  sent?: () => void;
  /** Told what the CLI prints as `cmd-tui: …` (a create the ledger could not count). */
  notice?: (message: string) => void;
}

export interface SentPlan {
  steps: ExecutedStep[];
  /** The scope's commands after the run (empty when readBackFailed). */
  commands: Command[];
  /** Set when every change landed but reading the scope back right after failed. */
  readBackFailed?: string;
}

/** The scope changed between the plan and the write: nothing was sent, and the plan must be made again (each door says how). */
export class ScopeChangedError extends Error {
  override readonly name = 'ScopeChangedError';
  readonly remedy: Remedy = { kind: 'plan-again' };
  constructor(readonly scope: Scope) {
    super(`The scope changed since the plan was made (another writer got there first); nothing was sent.`);
  }

  get report(): Record<string, unknown> {
    return { applied: false, refusals: [{ rule: 'scope-changed', message: this.message }] };
  }
}

/** A run that stopped part-way: says what was done, what was not sent, and how to go back. */
export class ApplyInterruptedError extends Error {
  override readonly name = 'ApplyInterruptedError';
  readonly hint: string;
  /** The refused fields when Discord answered 400 (what the user has to fix). */
  readonly fieldErrors: FieldError[];
  constructor(
    cause: unknown,
    /** The changes the server confirmed before it stopped. */
    readonly steps: readonly ExecutedStep[],
    readonly total: number,
    readonly backup: string,
    /** The planned changes that were never sent (`+ /name`, `~ /name`, `- /name`). */
    readonly notSent: readonly string[] = [],
  ) {
    const { message, hint } = describeError(cause);
    super(`Stopped after ${steps.length} of ${plural(total, 'change')}: ${message}`, { cause });
    this.fieldErrors = cause instanceof DiscordApiError ? cause.fieldErrors : [];
    const left = notSent.length > 0 ? `Not sent: ${listedNames(notSent)}. ` : '';
    this.hint = `${hint ? `${hint} ` : ''}${left}The scope as it was before is saved in ${backup}; \`cmd-tui restore ${backup}\` brings it back.`;
  }

  /** What a `--json` document says beside the error: the same keys a finished run has. */
  get report(): Record<string, unknown> {
    return { applied: false, backup: this.backup, steps: this.steps, notSent: this.notSent };
  }
}

/** `a, b, c`, or the first `max` and `and N more`. */
export function listedNames(names: readonly string[], max = 5): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** The requests a plan sends, in the order sendPlan sends them (`- /a`, `~ /b`, `+ /c`): what a progress line names next. */
export function plannedRequests(plan: Plan, prune: boolean): string[] {
  const deletes = prune ? plan.delete : [];
  return [...deletes.map((command) => `- ${commandLabel(command)}`), ...plan.update.map((update) => `~ ${commandLabel(update)}`), ...plan.create.map((create) => `+ ${commandLabel(create)}`)];
}

/** Sends the plan (the caller holds the lock and kept the backup, named in `backup`), then reads the scope back. */
export async function sendPlan(workspace: Workspace, scope: Scope, plan: Plan, prune: boolean, backup: string, options: SendOptions = {}): Promise<SentPlan> {
  const { api } = workspace;
  const steps: ExecutedStep[] = [];
  const record = (step: ExecutedStep) => {
    steps.push(step);
    options.onStep?.(step);
  };
  const deletes = prune ? plan.delete : [];
  const planned = plannedRequests(plan, prune);
  // A cancelled run sends nothing more; what it sent already is answered and counted.
  const sending = options.signal ? api.withSignal(options.signal, options.sent) : api;
  try {
    for (const command of deletes) {
      await sending.deleteCommand(scope, command.id);
      record({ kind: 'delete', command });
    }
    for (const update of plan.update) {
      record({ kind: 'update', command: await sending.editCommand(scope, update.id, update.patch) });
    }
    for (const create of plan.create) {
      // Counted before it leaves: a kill while it is in flight leaves it counted, as it may have landed.
      const { command, created } = await workspace.countCreate(scope, () => sending.createCommand(scope, create.body), options.notice);
      record({ kind: 'create', command, created });
    }
  } catch (error) {
    throw new ApplyInterruptedError(error, steps, planned.length, backup, planned.slice(steps.length));
  }
  try {
    return { steps, commands: await api.listCommands(scope, { withLocalizations: true }) };
  } catch (error) {
    // Every change was confirmed: they stand, whatever the read after them says.
    const total = planned.length;
    return { steps, commands: [], readBackFailed: readBackFailedNote(total === 1 ? 'Made the change' : `Made all ${total} changes`, error, listCommandLine(scope)) };
  }
}
