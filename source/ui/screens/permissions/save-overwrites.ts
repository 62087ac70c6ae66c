/**
 * The permissions screen's words around a save (operations/save-overwrites.ts sends it, as `cmd-tui
 * perms set` does): a failed save in the screen's terms, and whether the browser sign-in is needed first.
 */
import { AuthRequiredError, DiscordApiError } from '../../../api/errors.js';
import { refusalText, SCOPE_MISSING } from '../../../discord/overwrite-refusals.js';
import { OverwritesChangedError } from '../../../operations/save-overwrites.js';
import { describeError, type UserError } from '../../format/describe-error.js';
import type { Session } from '../../session/session.js';

/** A failed save in words: Discord's 403s via refusalText, a list changed meanwhile, anything else as usual. */
export function describeSaveError(error: unknown, entryLabel: string, guildId: string): UserError {
  if (error instanceof DiscordApiError) {
    const refusal = refusalText(error.code, entryLabel, guildId);
    if (refusal) return refusal;
  }
  if (error instanceof OverwritesChangedError) return { message: `The overwrites of ${entryLabel} changed on Discord since this screen read them. Nothing was sent.`, hint: 'Press ctrl+r to read them again (your edits are dropped), then redo them.' };
  return describeError(error);
}

/**
 * Only a user token with the permissions scope may PUT overwrites (permissions v2): without one, saving
 * offers the sign-in, saying why when a sign-in is held but lacks the scope.
 */
export function signInNeeded(session: Session): { reason?: string } | undefined {
  const access = session.api.overwriteAccess();
  if (access === 'ok') return undefined;
  return access === 'missing-scope' ? { reason: SCOPE_MISSING.message } : {};
}

/** The client refused before sending because no (usable) user token is held. */
export function isUserTokenMissing(error: unknown): boolean {
  return error instanceof AuthRequiredError && error.needed.includes('user');
}
