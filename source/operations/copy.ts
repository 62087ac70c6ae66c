/**
 * Copying commands between scopes (`cmd-tui copy`, the TUI's copy dialog): the plan's write half.
 * The plan engine carries it out under the target scope's lock, re-reading the target first and
 * refusing when it changed since the plan (backup/execute-plan.ts). The journal names the `copy`
 * command line, which finishes an interrupted copy when run again.
 */
import type { CopyPlan, CopyRequest } from '../backup/copy-plan.js';
import type { ExecuteOptions, ExecuteResult } from '../backup/execute-plan.js';
import { shellQuoted } from '../backup/scope-lock.js';
import type { Scope } from '../discord/model.js';
import type { Workspace } from './workspace.js';

const scopeArg = (scope: Scope) => (scope.kind === 'global' ? 'global' : scope.guildId);

/** The `cmd-tui copy` line that makes the same copy. */
export function copyCommandLine(request: CopyRequest): string {
  const names = request.names.map((name) => ` --command ${shellQuoted(name)}`).join('');
  return `copy --from ${scopeArg(request.from)} --to ${scopeArg(request.to)}${names}${request.prune ? ' --prune' : ''}`;
}

export async function carryOutCopy(
  workspace: Workspace,
  request: CopyRequest,
  planned: Extract<CopyPlan, { ok: true }>,
  options: Pick<ExecuteOptions, 'onStep' | 'notice' | 'signal' | 'sent'> = {},
): Promise<ExecuteResult> {
  const { executePlan } = await import('../backup/execute-plan.js');
  const from = request.from.kind === 'global' ? 'the global scope' : `guild ${request.from.guildId}`;
  return executePlan(workspace.api, request.to, planned.plan, {
    prune: request.prune,
    reason: `copy from ${from}`,
    env: workspace.env,
    plannedFrom: planned.live,
    journal: { command: copyCommandLine(request), rerunnable: true },
    ...options,
  });
}
