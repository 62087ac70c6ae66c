/**
 * Reads and validates a commands file for `plan` and `apply`: the file must parse as the
 * bulk-overwrite body and pass every platform rule before anything is compared or sent.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseCommandsFile } from '../discord/export-format.js';
import type { Problem } from '../discord/model.js';
import { validateCommandSet } from '../discord/validate.js';
import type { AppFacts } from './connect.js';
import { UsageError, type CliIo } from './types.js';

export type DesiredCommands = { ok: true; commands: unknown[]; warnings: Problem[] } | { ok: false; problems: Problem[] };

export async function readCommandsFile(path: string, io: CliIo): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

export function checkCommandsFile(path: string, text: string, scope: 'global' | 'guild', app: AppFacts): DesiredCommands {
  const parsed = parseCommandsFile(text);
  if (!parsed.ok) return { ok: false, problems: [{ path: '', rule: 'file.format', message: `${path} ${parsed.message}`, severity: 'error' }] };
  const problems = validateCommandSet(parsed.commands, { scope, appFlags: app.appFlags, supportedIntegrationTypes: app.supportedIntegrationTypes });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) return { ok: false, problems };
  return { ok: true, commands: parsed.commands, warnings: problems };
}

export function renderProblems(path: string, problems: readonly Problem[]): string {
  return problems.map((problem) => `${path}${problem.path ? ` ${problem.path}` : ''}: ${problem.severity}: ${problem.message} [${problem.rule}]\n`).join('');
}
