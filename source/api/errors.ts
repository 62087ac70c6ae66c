/**
 * Errors the client raises, as values with a user-facing message and a hint.
 * Field errors from Discord's nested `errors` tree are flattened to the validator's path syntax
 * (`options[0].name`, `[3].name` in a bulk body) so the UI can show them at the field.
 */
import { redactSecrets } from '../terminal/redact-secrets.js';
import type { FieldError } from '../discord/problem-path.js';
import { remedyOf, type Remedy } from '../discord/remedy.js';
import type { AuthKind } from './contract.js';

/** One field Discord refused, at its path (discord/problem-path.ts reads them out of the error tree). */
export type { FieldError };

/** Discord answered with an error status (4xx/5xx) and, usually, a JSON body `{code, message, errors?}`. */
export class DiscordApiError extends Error {
  override readonly name = 'DiscordApiError';
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly method: string,
    /** Path without the base URL and without query string secrets, e.g. `/applications/1/commands`. */
    readonly route: string,
    readonly fieldErrors: FieldError[] = [],
    readonly hint?: string,
    /** Discord's own message (`Invalid Form Body`), without the status and route the full message adds. */
    readonly detail: string = message,
  ) {
    super(message);
  }
}

/** The call needs a token kind the user has not provided; raised before any request is sent. */
export class AuthRequiredError extends Error {
  override readonly name = 'AuthRequiredError';
  constructor(
    readonly needed: AuthKind[],
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** No credentials were found here, but the OS keyring, which may hold some, could not be asked (over SSH: no session bus). */
export class CredentialsUnreachableError extends Error {
  override readonly name = 'CredentialsUnreachableError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** A body that does not fit its request schema: a mistake on this side, stopped before it is sent. */
export class MalformedRequestError extends Error {
  override readonly name = 'MalformedRequestError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** Rate limits could not be waited out within the bounds (5 consecutive 429s or 60 s of waiting). */
export class RateLimitError extends Error {
  override readonly name = 'RateLimitError';
  readonly hint: string;
  constructor(
    message: string,
    readonly route: string,
    readonly retryAfterMs: number,
    readonly global: boolean,
  ) {
    super(message);
    this.hint = `Wait about ${Math.ceil(retryAfterMs / 1000)} s and try again.`;
  }
}

/** The server could not be reached or kept failing (connection refused/reset, timeout, repeated 5xx). */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  constructor(
    message: string,
    readonly route: string,
    readonly hint: string,
    /** True when the request may have reached Discord (reset, timeout, 5xx): a write may or may not have happened. */
    readonly transient = false,
  ) {
    super(message);
  }
}

/**
 * The user cancelled (esc, ctrl+c, SIGINT) or a newer request of the same kind replaced this one.
 * `sent` says whether the request had left: a write that left cannot be recalled, so whoever carried
 * it out reads back what happened before telling the user anything.
 */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
  readonly hint?: string;
  constructor(readonly sent: boolean) {
    super(sent ? 'Cancelled after the request was sent; Discord may have carried it out.' : 'Cancelled; the next request was not sent.');
  }
}

/**
 * Whether a write that failed this way may still have been carried out: it left and no answer said it
 * was not (cancelled after it left, a reset or timeout, a 5xx). A refusal (4xx), a request cancelled
 * before it left and a connection never opened were not. Anything else is taken as "may have".
 */
export function mayHaveBeenCarriedOut(error: unknown): boolean {
  if (error instanceof DiscordApiError) return error.status >= 500;
  if (error instanceof RequestCancelledError) return error.sent;
  if (error instanceof ConnectionError) return error.transient;
  return true;
}

/**
 * Why a connection could not be opened, for the first screen to say which: the credentials were
 * refused (or lack what the call needs), the API could not be reached, or something else.
 */
export function connectionFailureKind(error: unknown): 'refused' | 'unreachable' | 'keyring' | 'other' {
  if (error instanceof CredentialsUnreachableError) return 'keyring';
  if (error instanceof AuthRequiredError || (error instanceof DiscordApiError && error.status === 401)) return 'refused';
  if (error instanceof ConnectionError || error instanceof RateLimitError) return 'unreachable';
  return 'other';
}

/** A field Discord refused, in one line: where (the whole command when it names none), then why. */
export function fieldErrorLine(field: FieldError): string {
  return `${field.path || '(command)'}: ${field.message}`;
}

/**
 * Any error the client raises carries a user-facing message and, usually, a hint: the one place both
 * the CLI and the TUI take an error's words from, so a credential this process holds (or a token-shaped
 * argument) that a message quotes is `****` here, whatever shows it. An error that names a remedy
 * (discord/remedy.ts) has it said in the door's words (`remedyWords`) as its hint.
 */
export function describeError(error: unknown, remedyWords?: (remedy: Remedy) => string): { message: string; hint?: string } {
  if (error instanceof Error) {
    const remedy = remedyOf(error);
    const hint = remedy && remedyWords ? remedyWords(remedy) : (error as { hint?: unknown }).hint;
    const message = redactSecrets(error.message);
    return typeof hint === 'string' ? { message, hint: redactSecrets(hint) } : { message };
  }
  return { message: redactSecrets(String(error)) };
}
