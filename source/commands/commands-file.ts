/**
 * Reads and validates a commands file for `plan` and `apply`: the file must parse as the
 * bulk-overwrite body and pass every platform rule before anything is compared or sent.
 */
import { adaptToScope, type Adaptation } from '../discord/adapt-scope.js';
import { parseCommandsFile } from '../discord/export-format.js';
import type { Problem } from '../discord/model.js';
import { validateCommandSet } from '../discord/validate.js';
import type { AppFacts } from '../discord/app-facts.js';
import { readInputFile } from './input-file.js';
import type { CliIo } from './types.js';

export type DesiredCommands = { ok: true; commands: unknown[]; warnings: Problem[]; adaptations: Adaptation[] } | { ok: false; problems: Problem[] };

export function readCommandsFile(path: string, io: CliIo): Promise<string> {
  return readInputFile(path, io);
}

/** `adapt`: made fit for the scope first (`--adapt`: a global file applied to a guild), each change reported. */
export function checkCommandsFile(path: string, text: string, scope: 'global' | 'guild', app: AppFacts, adapt = false): DesiredCommands {
  const parsed = parseCommandsFile(text);
  if (!parsed.ok) return { ok: false, problems: [{ path: '', rule: 'file.format', message: `${path} ${parsed.message}`, severity: 'error' }] };
  const { commands, adaptations } = adapt ? adaptToScope(parsed.commands, scope) : { commands: parsed.commands, adaptations: [] };
  const problems = validateCommandSet(commands, { scope, appFlags: app.appFlags, supportedIntegrationTypes: app.supportedIntegrationTypes });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) return { ok: false, problems };
  return { ok: true, commands, warnings: problems, adaptations };
}

/** Rules that only say the file was written for the global scope: `--adapt` makes it fit a guild. */
const GLOBAL_FILE_RULES = new Set(['contexts.bot-dm-guild', 'scope.global-only-field', 'entry-point.guild']);

export function adaptHint(problems: readonly Problem[], scope: 'global' | 'guild'): string {
  if (scope !== 'guild' || !problems.some((problem) => GLOBAL_FILE_RULES.has(problem.rule))) return '';
  return 'This file was written for the global scope: pass --adapt to drop (and list) what a guild does not allow.\n';
}

export function renderProblems(path: string, problems: readonly Problem[]): string {
  return problems.map((problem) => `${path}${problem.path ? ` ${problem.path}` : ''}: ${problem.severity}: ${problem.message} [${problem.rule}]\n`).join('');
}
