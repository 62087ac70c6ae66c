/**
 * The steps `plan` and `apply` share: read and validate FILE against the app, read the live
 * scope with its localizations, and compute the plan with the server's defaults folded away.
 */
import type { DiscordApi } from '../api/contract.js';
import type { Adaptation } from '../discord/adapt-scope.js';
import type { Command, Problem, Scope } from '../discord/model.js';
import { planScope, type Plan, type PlanOptions } from '../discord/plan.js';
import { checkCommandsFile, readCommandsSource } from './commands-file.js';
import type { SkippedFile } from './commands-folder.js';
import { defaultsFor } from '../discord/app-facts.js';
import { appFacts } from './connect.js';
import type { CliIo } from './types.js';

export type FilePlan =
  | {
      ok: true;
      plan: Plan;
      live: Command[];
      /** The same file planned against the scope read again (apply --yes, when another writer changed it first). */
      planAgainst: (live: readonly Command[]) => Plan;
      warnings: Problem[];
      adaptations: Adaptation[];
      skipped: SkippedFile[];
    }
  | { ok: false; problems: Problem[] };

export async function planFromFile(api: DiscordApi, path: string, scope: Scope, io: CliIo, options: PlanOptions & { adapt?: boolean } = {}): Promise<FilePlan> {
  const source = await readCommandsSource(path, io);
  const app = await appFacts(api);
  const desired = checkCommandsFile(source, scope.kind, app, options.adapt === true);
  if (!desired.ok) return desired;
  const live = await api.listCommands(scope, { withLocalizations: true });
  const skipped = (source.ok && source.skipped) || [];
  const planAgainst = (commands: readonly Command[]) => planScope(desired.commands, commands, defaultsFor(scope, app), options);
  return { ok: true, plan: planAgainst(live), live, planAgainst, warnings: desired.warnings, adaptations: desired.adaptations, skipped };
}
