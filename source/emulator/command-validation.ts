/**
 * Runs the shared validator (source/discord/validate.ts, the same one the CLI and UI use) on what
 * a client sent, and turns error-severity problems into Discord's answer in Discord's own words
 * (discord-answers.ts): 400/50035 with the nested errors tree, or the rule's top-level JSON code
 * (30032 for full scopes). Rules are never restated here.
 */
import { discordAnswers, type DiscordAnswer } from '../discord/discord-answers.js';
import type { Problem } from '../discord/model.js';
import { validateCommand, validateCommandSet, type ValidationContext } from '../discord/validate.js';
import { ApiFailure, formBodyError } from './api-errors.js';

function failureFor(answers: readonly DiscordAnswer[]): ApiFailure | undefined {
  if (answers.length === 0) return undefined;
  // The form body is checked first: a scope-full code (30032) only when the body itself is valid.
  const formErrors = answers.filter((answer) => answer.jsonCode === undefined);
  if (formErrors.length === 0) return new ApiFailure(400, { message: answers[0]!.message, code: answers[0]!.jsonCode });
  return formBodyError(formErrors);
}

function errorAnswers(problems: readonly Problem[]): DiscordAnswer[] {
  return problems.filter((found) => found.severity === 'error').flatMap(discordAnswers);
}

export function assertValidCommand(command: unknown, context: ValidationContext): void {
  const failure = failureFor(errorAnswers(validateCommand(command, context)));
  if (failure) throw failure;
}

/** Bulk bodies: errors keyed by array index first (`{"7":{"name":{…}}}`). */
export function assertValidCommandSet(commands: unknown, context: ValidationContext): void {
  const failure = failureFor(errorAnswers(validateCommandSet(commands, context)));
  if (failure) throw failure;
}

/**
 * A single create or edit checked against the rest of its scope (duplicate names, full scopes):
 * only answers about the command at `index` count, so a bad neighbour stored earlier does not block it.
 */
export function assertFitsScope(commands: readonly unknown[], index: number, context: ValidationContext): void {
  const prefix = `[${index}]`;
  const own = errorAnswers(validateCommandSet(commands, context))
    .filter((answer) => answer.path === prefix || answer.path.startsWith(`${prefix}.`) || answer.path === '')
    .map((answer) => ({ ...answer, path: answer.path.startsWith(prefix) ? answer.path.slice(prefix.length).replace(/^\./, '') : answer.path }));
  const failure = failureFor(own);
  if (failure) throw failure;
}
