/**
 * Turns any failure into what the status line shows: what happened and what to do. Never a raw dump.
 * Every error value's own hint is kept (api/errors.ts describeError, which the CLI prints too); only
 * Discord's answers are laid out for one line, what Discord said first.
 */
import { DiscordApiError, describeError as describeErrorValue } from '../../api/errors.js';
import { WriteUnsettledError } from '../../operations/write-truth.js';

export interface UserError {
  message: string;
  hint?: string;
}

export function describeError(error: unknown): UserError {
  if (error instanceof DiscordApiError) {
    // What Discord said comes first and the route last, once: a narrow terminal wraps, and the part read first matters.
    const fields = error.fieldErrors.map((field) => `${field.path || 'body'}: ${field.message}`).join('; ');
    const said = `Discord${error.code ? ` ${error.code}` : ''}: ${error.detail}${fields ? ` — ${fields}` : ''}`;
    return { message: `${said} (HTTP ${error.status} to ${error.method} ${error.route})`, hint: error.hint ?? hintForStatus(error.status) };
  }
  return describeErrorValue(error);
}

function hintForStatus(status: number): string | undefined {
  if (status === 401) return 'The token was rejected: check DISCORD_BOT_TOKEN or sign in again.';
  if (status === 403) return 'This token may not do that here: is the app installed in this guild with applications.commands?';
  if (status >= 500) return 'Discord had a problem; try again in a moment (ctrl+r).';
  return undefined;
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
