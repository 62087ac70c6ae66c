/**
 * Reads the commands `plan`, `apply` and `validate` are given: a file with one command (a
 * POST body) or a scope's set (the bulk-overwrite body), or a folder of such `*.json` files (the set they
 * make together, each problem named by its file; commands-folder.ts says which files, and what it skips
 * is listed on stderr). The plan engine checks them against every platform rule (discord/desired-commands.ts).
 */
import { parseCommandsFile } from '../discord/export-format.js';
import type { Problem } from '../discord/model.js';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { listCommandsFolder, renderSkipped, type SkippedFile } from './commands-folder.js';
import { inputName, readInputFile } from './input-file.js';
import { InputFileUsageError, type CliIo } from './types.js';

/** The commands read, and for a folder the file each came from (problem paths are rewritten to name it) and the files it skipped. */
export type CommandsSource = { ok: true; commands: unknown[]; files?: string[]; skipped?: SkippedFile[] } | { ok: false; problems: Problem[] };

/** FILE names a folder (not `-`, stdin). */
export async function isCommandsFolder(path: string, io: CliIo): Promise<boolean> {
  return path !== '-' && (await stat(resolve(io.cwd, path)).then((info) => info.isDirectory(), () => false));
}

export async function readCommandsSource(path: string, io: CliIo): Promise<CommandsSource> {
  if (!(await isCommandsFolder(path, io))) {
    const parsed = parseCommandsFile(await readInputFile(path, io));
    return parsed.ok ? { ok: true, commands: parsed.commands } : { ok: false, problems: [{ path: '', rule: 'file.format', message: `${inputName(path)} ${parsed.message}`, severity: 'error' }] };
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

/** Rules that only say the file was written for the global scope: `--adapt` makes it fit a guild. */
const GLOBAL_FILE_RULES = new Set(['scope.global-only-field', 'entry-point.guild']);

export function adaptHint(problems: readonly Problem[], scope: 'global' | 'guild'): string {
  if (scope !== 'guild' || !problems.some((problem) => GLOBAL_FILE_RULES.has(problem.rule))) return '';
  return 'This file was written for the global scope: pass --adapt to drop (and list) what a guild does not allow.\n';
}

export function renderProblems(path: string, problems: readonly Problem[]): string {
  return problems.map((problem) => `${inputName(path)}${problem.path ? ` ${problem.path}` : ''}: ${problem.severity}: ${problem.message} [${problem.rule}]\n`).join('');
}
