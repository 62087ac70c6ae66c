/**
 * Reads and validates the commands `plan`, `apply` and `validate` are given: a file with one command (a
 * POST body) or a scope's set (the bulk-overwrite body), or a folder of such `*.json` files (the set they
 * make together, each problem named by its file; commands-folder.ts says which files, and what it skips
 * is listed on stderr). Everything must pass every platform rule before anything is compared or sent.
 */
import { adaptToScope, type Adaptation } from '../discord/adapt-scope.js';
import { parseCommandsFile } from '../discord/export-format.js';
import type { Problem } from '../discord/model.js';
import type { Refusal } from '../discord/plan.js';
import { validateCommandSet, type ValidationContext } from '../discord/validate.js';
import type { AppFacts } from '../discord/app-facts.js';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { confirm } from './confirm.js';
import { listCommandsFolder, renderSkipped, type SkippedFile } from './commands-folder.js';
import { readInputFile } from './input-file.js';
import { InputFileUsageError, type CliIo } from './types.js';

export type DesiredCommands = { ok: true; commands: unknown[]; warnings: Problem[]; adaptations: Adaptation[] } | { ok: false; problems: Problem[] };

/** The commands read, and for a folder the file each came from (problem paths are rewritten to name it) and the files it skipped. */
export type CommandsSource = { ok: true; commands: unknown[]; files?: string[]; skipped?: SkippedFile[] } | { ok: false; problems: Problem[] };

/** FILE names a folder (not `-`, stdin). */
export async function isCommandsFolder(path: string, io: CliIo): Promise<boolean> {
  return path !== '-' && (await stat(resolve(io.cwd, path)).then((info) => info.isDirectory(), () => false));
}

export async function readCommandsSource(path: string, io: CliIo): Promise<CommandsSource> {
  if (!(await isCommandsFolder(path, io))) {
    const parsed = parseCommandsFile(await readInputFile(path, io));
    return parsed.ok ? { ok: true, commands: parsed.commands } : { ok: false, problems: [{ path: '', rule: 'file.format', message: `${path} ${parsed.message}`, severity: 'error' }] };
  }
  const { files: names, skipped } = await listCommandsFolder(resolve(io.cwd, path));
  io.stderr.write(renderSkipped(path, skipped));
  if (names.length === 0) throw new InputFileUsageError(`${path} is a folder with no .json file in it (nor in its sub-folders)`);
  const commands: unknown[] = [];
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const name of names) {
    const parsed = parseCommandsFile(await readInputFile(join(path, name), io));
    if (!parsed.ok) problems.push({ path: '', rule: 'file.format', message: `${name} ${parsed.message}`, severity: 'error' });
    else {
      commands.push(...parsed.commands);
      files.push(...parsed.commands.map(() => name));
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, commands, files, skipped };
}

/** The set's problems against every rule; for a folder each is named by its file. */
export function validateSource(source: { commands: unknown[]; files?: string[] }, context: ValidationContext): Problem[] {
  const { files } = source;
  const commandLabel = files ? (index: number) => files[index]! : undefined;
  return validateCommandSet(source.commands, { ...context, commandLabel }).map((problem) => namedByFile(problem, files));
}

/** `[3].name` of the combined set → `ban.json name` (the folder's fourth command came from ban.json). */
function namedByFile(problem: Problem, files: readonly string[] | undefined): Problem {
  const match = files ? /^\[(\d+)\]\.?(.*)$/.exec(problem.path) : null;
  const file = match ? files![Number(match[1])] : undefined;
  return file === undefined ? problem : { ...problem, path: match![2] ? `${file} ${match![2]}` : file };
}

/** `adapt`: made fit for the scope first (`--adapt`: a global file applied to a guild), each change reported. */
export function checkCommandsFile(source: CommandsSource, scope: 'global' | 'guild', app: AppFacts, adapt = false): DesiredCommands {
  if (!source.ok) return source;
  const { commands, adaptations, kept } = adapt ? adaptToScope(source.commands, scope) : { commands: source.commands, adaptations: [], kept: undefined };
  const files = kept && source.files ? kept.map((index) => source.files![index]!) : source.files;
  const problems = validateSource({ commands, files }, { scope, appFlags: app.appFlags, supportedIntegrationTypes: app.supportedIntegrationTypes });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) return { ok: false, problems };
  return { ok: true, commands, warnings: problems, adaptations };
}

/**
 * `--prune` deletes from Discord what the files read do not hold, so when the folder had files skipped and
 * the plan deletes something, the user confirms the list first: `--accept-skipped`, or yes on a terminal.
 */
export async function skippedFilesRefusal(skipped: readonly SkippedFile[], io: CliIo, accepted: boolean, signal?: AbortSignal): Promise<Refusal[]> {
  if (skipped.length === 0 || accepted) return [];
  const what = `${skipped.length} file${skipped.length === 1 ? ' was' : 's were'} skipped (listed above) and --prune deletes the commands the files read do not hold`;
  if (await confirm(io, `${what}. Delete them anyway?`, signal)) return [];
  return [{ rule: 'skipped-files', message: `${what}: move the skipped files out of the folder, or pass --accept-skipped if the list is meant.` }];
}

/** Rules that only say the file was written for the global scope: `--adapt` makes it fit a guild. */
const GLOBAL_FILE_RULES = new Set(['scope.global-only-field', 'entry-point.guild']);

export function adaptHint(problems: readonly Problem[], scope: 'global' | 'guild'): string {
  if (scope !== 'guild' || !problems.some((problem) => GLOBAL_FILE_RULES.has(problem.rule))) return '';
  return 'This file was written for the global scope: pass --adapt to drop (and list) what a guild does not allow.\n';
}

export function renderProblems(path: string, problems: readonly Problem[]): string {
  return problems.map((problem) => `${path}${problem.path ? ` ${problem.path}` : ''}: ${problem.severity}: ${problem.message} [${problem.rule}]\n`).join('');
}
