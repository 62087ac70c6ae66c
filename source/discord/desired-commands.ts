/**
 * The commands a user wants a scope to hold (a commands file, a folder of them, an agent's list), checked
 * against every platform rule before anything is compared or sent: made fit for the scope first when asked
 * (`--adapt`: a global file applied to a guild, each change reported), each problem of a folder's set named by
 * the file it came from. Pure: the doors read the files, this decides.
 */
import { adaptToScope, type Adaptation } from './adapt-scope.js';
import type { AppFacts } from './app-facts.js';
import type { Problem } from './model.js';
import { validateCommandSet, type ValidationContext } from './validate.js';

/** The commands as read; for a folder, the file each came from (problem paths are rewritten to name it). */
export interface CommandsRead {
  commands: readonly unknown[];
  files?: readonly string[];
}

export type DesiredCommands = { ok: true; commands: unknown[]; warnings: Problem[]; adaptations: Adaptation[] } | { ok: false; problems: Problem[]; adaptations: Adaptation[]; count: number };

/** The set's problems against every rule; for a folder each is named by its file. */
export function validateSource(source: CommandsRead, context: ValidationContext): Problem[] {
  const { files } = source;
  const commandLabel = files ? (index: number) => files[index]! : undefined;
  return validateCommandSet([...source.commands], { ...context, commandLabel }).map((problem) => namedByFile(problem, files));
}

/** `[3].name` of the combined set → `ban.json name` (the folder's fourth command came from ban.json). */
function namedByFile(problem: Problem, files: readonly string[] | undefined): Problem {
  const match = files ? /^\[(\d+)\]\.?(.*)$/.exec(problem.path) : null;
  const file = match ? files![Number(match[1])] : undefined;
  return file === undefined ? problem : { ...problem, path: match![2] ? `${file} ${match![2]}` : file };
}

/** `adapt`: made fit for the scope first, each change reported. */
export function checkDesiredCommands(source: CommandsRead, scope: 'global' | 'guild', app: AppFacts, adapt = false): DesiredCommands {
  const { commands, adaptations, kept } = adapt ? adaptToScope([...source.commands], scope) : { commands: [...source.commands], adaptations: [], kept: undefined };
  const files = kept && source.files ? kept.map((index) => source.files![index]!) : source.files;
  const problems = validateSource({ commands, ...(files ? { files } : {}) }, { scope, appFlags: app.appFlags, supportedIntegrationTypes: app.supportedIntegrationTypes });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) return { ok: false, problems, adaptations, count: commands.length };
  return { ok: true, commands, warnings: problems, adaptations };
}
