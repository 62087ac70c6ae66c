/**
 * What a copy between scopes wants the target to hold (`cmd-tui copy`, the TUI's `c`/`C`): the source
 * scope's commands (all, or those named) as bodies fit for the target (adapt-scope.ts), checked against
 * every rule of the target scope. The plan engine (prepare-plan.ts) plans them against the target. Without
 * `prune` the target keeps what the source lacks: those commands are not part of the copy.
 */
import type { DiscordApi } from '../api/contract.js';
import { adaptToScope, withoutGlobalOnlyFields, type Adaptation } from '../discord/adapt-scope.js';
import type { AppFacts } from '../discord/app-facts.js';
import type { Problem, Scope } from '../discord/model.js';
import { toBodyForm } from '../discord/normalize.js';
import { validateCommandSet } from '../discord/validate.js';

export interface CopyRequest {
  from: Scope;
  to: Scope;
  /** Only these commands (by name); all when empty. */
  names: readonly string[];
  prune: boolean;
}

/** The bodies to copy, fit for the target; `problems` has its warnings, or the errors that stop the copy (`ok: false`). */
export type CopySource = { ok: true; commands: unknown[]; adaptations: Adaptation[]; warnings: Problem[] } | { ok: false; adaptations: Adaptation[]; problems: Problem[]; count: number };

/** A command named in the request that the source scope does not hold. */
export class CopySourceError extends Error {
  override readonly name = 'CopySourceError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

export async function readCopySource(api: DiscordApi, request: CopyRequest, app: AppFacts): Promise<CopySource> {
  const { from, to, names } = request;
  const listed = await api.listCommands(from, { withLocalizations: true });
  const missing = names.filter((name) => !listed.some((command) => command.name === name));
  if (missing.length > 0) {
    throw new CopySourceError(
      `The source scope has no command named ${missing.map((name) => JSON.stringify(name)).join(', ')}.`,
      `It has: ${listed.map((command) => command.name).join(', ') || 'none'}.`,
    );
  }
  const chosen = names.length === 0 ? listed : listed.filter((command) => names.includes(command.name));
  // What a guild echoes of the global-only fields it ignores is not the command's (a guild export leaves it out too).
  const bodies = chosen.map((command) => (from.kind === 'guild' ? withoutGlobalOnlyFields(toBodyForm(command)) : toBodyForm(command)));
  const { commands, adaptations } = adaptToScope(bodies, to.kind);
  const problems = validateCommandSet(commands, { scope: to.kind, appFlags: app.appFlags, supportedIntegrationTypes: app.supportedIntegrationTypes });
  if (problems.some((problem) => problem.severity === 'error')) return { ok: false, adaptations, problems, count: commands.length };
  return { ok: true, commands, adaptations, warnings: problems };
}

/** What a copy of global commands into a guild leaves there, said before it is made (the CLI and the TUI). */
export function ghostsNote(ghosts: readonly string[], guild: string): string | undefined {
  if (ghosts.length === 0) return undefined;
  const count = ghosts.length === 1 ? `/${ghosts[0]} stays global, so it exists` : `These ${ghosts.length} commands stay global, so each exists`;
  return `${count} twice in ${guild}: members there see it twice in the / menu, and the audit flags it as a ghost duplicate. To test a change in the guild that is fine; delete the guild copies when done (or the global ones, to move them).`;
}
