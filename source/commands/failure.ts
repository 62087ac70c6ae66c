/**
 * How a scriptable command reports an error it cannot recover from: the message and hint every
 * error value carries (describeError), and the exit code of the table in types.ts — 4 for
 * credentials, 5 when Discord could not be reached, 6 when a local file (backup, lock, journal) could
 * not be written, 2 for a bad target, 1 when Discord or a safety check refused.
 */
import { AuthRequiredError, ConnectionError, DiscordApiError, RateLimitError, describeError, fieldErrorLine, type FieldError } from '../api/errors.js';
import { InsecureApiTargetError } from '../api/target.js';
import { UnknownSecretStoreError } from '../auth/secret-store.js';
import { OAuthError } from '../api/token-exchange.js';
import { LocalWriteError } from '../config/local-failure.js';
import { ProfileError } from '../config/profiles.js';
import { remedyOf } from '../discord/remedy.js';
import { cliRemedy } from './remedy-words.js';
import { ExitCode, type CliIo } from './types.js';

export function reportFailure(error: unknown, io: CliIo, command: string): number {
  if (!isKnown(error)) throw error;
  const { message, hint } = describeError(error, cliRemedy);
  const fields = fieldErrorsOf(error).map((field) => `\n  ${fieldErrorLine(field)}`).join('');
  io.stderr.write(`cmd-tui ${command}: ${message}${fields}\n${hint ? `  ${hint}\n` : ''}`);
  const document = failureDocument(error);
  if (io.json) io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  return document.exitCode;
}

/** A failure as `--json` shows it: what a run stopped part-way did, the error, and the exit code. */
export function failureDocument(error: Error): Record<string, unknown> & { exitCode: number } {
  const { message, hint } = describeError(error, cliRemedy);
  return { ...reportOf(error), error: { message, ...(hint ? { hint } : {}), fields: fieldErrorsOf(error) }, exitCode: exitCodeOf(error) };
}

/** With `--json`, a failure is a JSON document too: CI parsing stdout never gets an empty one. */
export function writeJsonFailure(io: CliIo, error: { message: string; hint?: string; fields?: FieldError[] }, exitCode: number, report: Record<string, unknown> = {}): void {
  io.stdout.write(`${JSON.stringify({ ...report, error, exitCode }, null, 2)}\n`);
}

/** A run stopped part-way says what it did (an interrupted apply, copy or restore: `applied`, `steps`, `backup`). */
function reportOf(error: Error): Record<string, unknown> {
  const report = (error as { report?: unknown }).report;
  return typeof report === 'object' && report !== null ? (report as Record<string, unknown>) : {};
}

/** Discord's codes for a token that may not make the call: a bot where a user must sign in, a sign-in without the scope. */
const CREDENTIAL_CODES = new Set([20001, 50026]);

export function exitCodeOf(error: Error): number {
  // A run that stopped part-way (an interrupted apply) exits as what stopped it: 5 when Discord kept failing.
  if (error.cause instanceof Error && isKnown(error.cause)) return exitCodeOf(error.cause);
  if (error instanceof AuthRequiredError) return ExitCode.Credentials;
  if (error instanceof DiscordApiError) return error.status === 401 || CREDENTIAL_CODES.has(error.code) ? ExitCode.Credentials : ExitCode.Problems;
  if (error instanceof OAuthError) return error.error === 'network' ? ExitCode.Unreachable : error.error === 'invalid_client' || error.revoked ? ExitCode.Credentials : ExitCode.Problems;
  if (error instanceof ConnectionError || error instanceof RateLimitError) return ExitCode.Unreachable;
  if (error instanceof InsecureApiTargetError || error instanceof ProfileError || error instanceof UnknownSecretStoreError) return ExitCode.Usage;
  if (error instanceof LocalWriteError) return ExitCode.Local;
  return ExitCode.Problems;
}

/** Discord's refused fields, on its own error or on one that wraps it (an interrupted apply). */
function fieldErrorsOf(error: Error): FieldError[] {
  const fields = (error as { fieldErrors?: unknown }).fieldErrors;
  return Array.isArray(fields) ? (fields as FieldError[]) : [];
}

/** Errors that are values with a user-facing message; anything else is a bug and propagates. */
function isKnown(error: unknown): error is Error {
  if (error instanceof DiscordApiError || error instanceof RateLimitError) return true;
  return error instanceof Error && (typeof (error as { hint?: unknown }).hint === 'string' || remedyOf(error) !== undefined);
}
