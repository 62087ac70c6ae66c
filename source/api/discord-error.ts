/**
 * Turns an error response into a DiscordApiError: the JSON code and message, a hint for the codes
 * users actually hit, and Discord's nested `errors` tree flattened into `{path, code, message}` items
 * written in the validator's path syntax (`options[0].name`, `[3].name` for a bulk body).
 */
import { appInstallUrl, guildRouteIds } from '../discord/install-url.js';
import { capitalized } from '../discord/sentence.js';
import type { AuthKind } from './contract.js';
import { flattenFieldErrors } from '../discord/problem-path.js';
import { DiscordApiError } from './errors.js';
import { sanitizeLine } from '../terminal/sanitize.js';

/** JSON codes with advice a user can act on (discord-api-facts §6.2). */
const HINTS: Record<number, string> = {
  10002: 'Check the application id (`--app` or the signed-in application).',
  10004: 'Check the guild id; the app may have been removed from that guild.',
  10063: 'The command no longer exists; refresh the list.',
  20001: 'Editing permission overwrites needs a signed-in user: run `cmd-tui auth login --preset permissions`.',
  20012: 'Commands are managed with the bot token or client credentials; a user sign-in only edits permissions. Set one with `cmd-tui auth set-bot-token`.',
  30032: 'The scope already holds the maximum number of commands of this type (100 CHAT_INPUT, 15 USER, 15 MESSAGE, 1 entry point).',
  30034: 'Discord allows 200 command creates per day per guild; wait until tomorrow or edit existing commands instead.',
  40001: 'The token was rejected; set it again or sign in again (`cmd-tui auth status` shows what is stored).',
  40333: 'A proxy or firewall is blocking the request.',
  50001: 'The app is not authorized in that guild with the applications.commands scope; reinstall it with that scope.',
  50013: 'The token lacks a permission for this action.',
  50014: 'The token is invalid; set it again with `cmd-tui auth set-bot-token` or `cmd-tui auth set-client-credentials`.',
  50025: 'Your sign-in is no longer valid; run `cmd-tui auth login` again.',
  50026: 'Your sign-in lacks a scope this action needs; run `cmd-tui auth login --preset permissions`.',
  50035: 'Fix the fields Discord named, listed with this message, and try again.',
  50240: 'A bulk overwrite must keep the app\'s Entry Point (PRIMARY_ENTRY_POINT) command: add it to the set, or delete it on its own first.',
};

function hintFor(status: number, code: number, answerer: string): string | undefined {
  const known = HINTS[code];
  if (known) return known;
  if (status === 401) return 'The token was rejected; set it again or sign in again with `cmd-tui auth login`.';
  if (status === 403) return 'The token is valid but not allowed to do this.';
  if (status === 404) return 'It may have been deleted; refresh and try again.';
  // Only the IP ban reaches here as a 429: real rate limits are waited out (rate-limit-queue.ts).
  if (status === 429) return `${capitalized(answerer)} has blocked this IP address for a while after too many rejected requests (401, 403, 429): wait before trying again, and check the token and permissions (\`cmd-tui auth status\`).`;
  if (status >= 500) return `${capitalized(answerer)} had a problem; try again in a moment.`;
  return undefined;
}

/** What the request was sent with: 50001's fix depends on it. */
export interface ErrorContext {
  /** The API's site root (`https://discord.com`), which serves /oauth2/authorize. */
  origin: string;
  authKind: AuthKind;
  /** What fixes the credential sent, from where it came (api/credential-origin.ts): a refused token's advice. */
  refusedHint?: string | undefined;
  /** What answered (target.ts answererOf): `Discord`, or `the API at URL`; Discord unless told. */
  answerer?: string;
}

/** Answers that mean the credential sent was refused: a 401, an invalid token (50014), or an unauthorized one (40001). */
function refusedCredential(status: number, code: number): boolean {
  return status === 401 || code === 50014 || code === 40001;
}

/** 50001 on a guild's commands: the app was never installed there; the install address fixes it. */
function missingAccessHint(route: string, context: ErrorContext | undefined): string | undefined {
  const ids = guildRouteIds(route);
  if (!ids || !context) return undefined;
  // A bot token proves the app has a bot; with other tokens the commands scope alone is what the fix needs.
  const url = appInstallUrl({ origin: context.origin, ...ids, withBot: context.authKind === 'bot' });
  return `The app is not installed in guild ${ids.guildId} with the applications.commands scope. A server admin installs it by opening ${url} — then try again.`;
}

/** Builds the error for a non-2xx response. `route` must already be free of secrets (our paths carry none). */
export function discordApiErrorFrom(status: number, bodyText: string, method: string, route: string, context?: ErrorContext): DiscordApiError {
  const body = parseJson(bodyText) as { code?: unknown; message?: unknown; errors?: unknown } | undefined;
  const code = typeof body?.code === 'number' ? body.code : 0;
  // One sentence of the error line: a line break in a server's message would paint a line of its own.
  const detail = typeof body?.message === 'string' && body.message !== '' ? sanitizeLine(body.message) : `HTTP ${status}`;
  const fieldErrors = flattenFieldErrors(body?.errors);
  const codeText = code === 0 ? '' : ` (code ${code})`;
  const answerer = context?.answerer ?? 'Discord';
  return new DiscordApiError(
    status,
    code,
    `${capitalized(answerer)} answered ${status} to ${method} ${route}: ${detail}${codeText}`,
    method,
    route,
    fieldErrors,
    (code === 50001 ? missingAccessHint(route, context) : refusedCredential(status, code) ? context?.refusedHint : undefined) ?? hintFor(status, code, answerer),
    detail,
  );
}

export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
