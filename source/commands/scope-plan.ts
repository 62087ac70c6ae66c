/**
 * The steps `plan` and `apply` share: read FILE (a commands file or a folder of them) and hand it to the
 * plan engine (operations/prepare-plan.ts), which checks it against the app, reads the live scope and
 * plans, with every refusal and the day's creates.
 */
import { shellQuoted } from '../backup/scope-lock.js';
import type { Problem, Scope } from '../discord/model.js';
import { preparePlan, type PreparedPlan } from '../operations/prepare-plan.js';
import type { Workspace } from '../operations/workspace.js';
import { readCommandsSource } from './commands-file.js';
import type { SkippedFile } from './commands-folder.js';
import type { CliIo } from './types.js';

export type FilePlan = { ok: true; prepared: PreparedPlan; skipped: SkippedFile[] } | { ok: false; problems: Problem[] };

export async function prepareFromFile(workspace: Workspace, path: string, scope: Scope, io: CliIo, options: { prune: boolean; adapt: boolean }): Promise<FilePlan> {
  const source = await readCommandsSource(path, io);
  if (!source.ok) return source;
  const skipped = source.skipped ?? [];
  const prepared = await preparePlan(workspace, {
    kind: 'apply',
    scope,
    commands: source.commands,
    ...(source.files ? { files: source.files } : {}),
    skippedFiles: skipped.length,
    adapt: options.adapt,
    prune: options.prune,
    reason: `apply ${path}`,
    journal: { command: `apply ${shellQuoted(path)}`, rerunnable: true },
  });
  return prepared.ok ? { ok: true, prepared: prepared.prepared, skipped } : { ok: false, problems: prepared.problems };
}
