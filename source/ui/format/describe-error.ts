/**
 * Turns any failure into what the status line shows: what happened and what to do. Never a raw dump.
 * The words are the CLI's (api/errors.ts describeError: each error value's message and hint) but for a
 * remedy, said with the TUI's keys (remedy-words.ts); only Discord's answers are laid out again for one
 * line, what Discord said first.
 */
import { DiscordApiError, describeError as describeErrorValue, fieldErrorLine } from '../../api/errors.js';
import { WriteUnsettledError } from '../../operations/write-truth.js';
import { tuiRemedy } from './remedy-words.js';

export interface UserError {
  message: string;
  hint?: string;
}

export function describeError(error: unknown): UserError {
  const described = describeErrorValue(error, tuiRemedy);
  if (!(error instanceof DiscordApiError)) return described;
  // What Discord said comes first and the route last, once: a narrow terminal wraps, and the part read first matters.
  const fields = error.fieldErrors.map(fieldErrorLine).join('; ');
  const said = `Discord${error.code ? ` ${error.code}` : ''}: ${error.detail}${fields ? ` — ${fields}` : ''}`;
  return { ...described, message: `${said} (HTTP ${error.status} to ${error.method} ${error.route})` };
}

export function errorLine(error: UserError): string {
  return error.hint ? `${error.message} — ${error.hint}` : error.message;
}

/**
 * A failed write's status line: `notDone` ("Not deleted") leads only when the write is known not to
 * have happened; an unknown outcome says so, with the backup, and nothing else.
 */
export function failedWriteLine(notDone: string, error: unknown): string {
  const line = errorLine(describeError(error));
  return error instanceof WriteUnsettledError ? line : `${notDone}: ${line}`;
}
