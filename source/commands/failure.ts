/**
 * How a scriptable command reports an error it cannot recover from: the message and hint every
 * error value carries (describeError), and the exit code — 2 when cmd-tui could not talk to
 * Discord at all (connection, credentials, target), 1 when Discord or a safety check refused.
 */
import { AuthRequiredError, ConnectionError, DiscordApiError, RateLimitError, describeError, type FieldError } from '../api/errors.js';
import { InsecureApiTargetError } from '../api/target.js';
import { ExitCode, type CliIo } from './types.js';

export function reportFailure(error: unknown, io: CliIo, command: string): number {
  if (!isKnown(error)) throw error;
  const { message, hint } = describeError(error);
  const fields = fieldErrorsOf(error).map((field) => `\n  ${field.path || '(command)'}: ${field.message}`).join('');
  io.stderr.write(`cmd-tui ${command}: ${message}${fields}\n${hint ? `  ${hint}\n` : ''}`);
  return isConnectionProblem(error) ? ExitCode.Usage : ExitCode.Problems;
}

/** Discord's refused fields, on its own error or on one that wraps it (an interrupted apply). */
function fieldErrorsOf(error: Error): FieldError[] {
  const fields = (error as { fieldErrors?: unknown }).fieldErrors;
  return Array.isArray(fields) ? (fields as FieldError[]) : [];
}

function isConnectionProblem(error: Error): boolean {
  if (error instanceof DiscordApiError) return error.status === 401;
  return error instanceof ConnectionError || error instanceof AuthRequiredError || error instanceof InsecureApiTargetError || error instanceof RateLimitError;
}

/** Errors that are values with a user-facing message; anything else is a bug and propagates. */
function isKnown(error: unknown): error is Error {
  if (error instanceof DiscordApiError || error instanceof RateLimitError) return true;
  return error instanceof Error && typeof (error as { hint?: unknown }).hint === 'string';
}
