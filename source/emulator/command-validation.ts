/**
 * Runs the shared validator (source/discord/validate.ts, the same one the CLI and UI use) on what
 * a client sent, and turns error-severity problems into Discord's answer: 400/50035 with the nested
 * errors tree, or the rule's top-level JSON code (30032 for full scopes). Rules are never restated here.
 */
import type { Problem } from '../discord/model.js';
import { ruleById } from '../discord/rules.js';
import { validateCommand, validateCommandSet, type ValidationContext } from '../discord/validate.js';
import { ApiFailure, formBodyError } from './api-errors.js';

function failureFor(problems: readonly Problem[]): ApiFailure | undefined {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length === 0) return undefined;
  // The form body is checked first: a scope-full code (30032) only when the body itself is valid.
  const formErrors = errors.filter((found) => ruleById(found.rule)?.jsonCode === undefined);
  if (formErrors.length === 0) {
    const first = errors[0]!;
    return new ApiFailure(400, { message: first.message, code: ruleById(first.rule)!.jsonCode });
  }
  return formBodyError(
    formErrors.map((found) => ({ path: found.path, code: ruleById(found.rule)?.code ?? 'BASE_TYPE_INVALID', message: found.message })),
  );
}

export function assertValidCommand(command: unknown, context: ValidationContext): void {
  const failure = failureFor(validateCommand(command, context));
  if (failure) throw failure;
}

/** Bulk bodies: errors keyed by array index first (`{"7":{"name":{…}}}`). */
export function assertValidCommandSet(commands: unknown, context: ValidationContext): void {
  const failure = failureFor(validateCommandSet(commands, context));
  if (failure) throw failure;
}

/**
 * A single create or edit checked against the rest of its scope (duplicate names, full scopes):
 * only problems about the command at `index` count, so a bad neighbour stored earlier does not block it.
 */
export function assertFitsScope(commands: readonly unknown[], index: number, context: ValidationContext): void {
  const prefix = `[${index}]`;
  const own = validateCommandSet(commands, context)
    .filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`) || p.path === '')
    .map((p) => ({ ...p, path: p.path.startsWith(prefix) ? p.path.slice(prefix.length).replace(/^\./, '') : p.path }));
  const failure = failureFor(own);
  if (failure) throw failure;
}
