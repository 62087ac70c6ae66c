/**
 * Sending an edited overwrite list, in the order `cmd-tui perms set` uses: read the guild's lists
 * again (refusing if this one changed since the screen loaded it, because the PUT replaces the whole
 * list), back up the guild's commands and overwrites, then one PUT. Refusals are worded by
 * overwrite-refusals.ts, the same words the CLI prints.
 */
import { AuthRequiredError, DiscordApiError } from '../../../api/errors.js';
import { guildScope, type GuildCommandPermissions, type PermissionOverwrite } from '../../../discord/model.js';
import { changesUndone, describeChange, diffOverwrites } from '../../../discord/overwrite-diff.js';
import { refusalText, SCOPE_MISSING } from '../../../discord/overwrite-refusals.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { describeError, type UserError } from '../../format/describe-error.js';
import type { Session } from '../../session/session.js';

export interface SaveRequest {
  guildId: string;
  entry: { id: string; label: string };
  /** The list as loaded: what the edits were made against. */
  base: readonly PermissionOverwrite[];
  next: PermissionOverwrite[];
  directory: GuildDirectory;
}

export interface Saved {
  saved: GuildCommandPermissions;
  backupPath: string;
}

/** The list changed on Discord after the screen read it. */
export class OverwritesChangedError extends Error {
  override readonly name = 'OverwritesChangedError';
}

export async function saveOverwrites(session: Session, request: SaveRequest): Promise<Saved> {
  const what = `permissions of ${request.entry.label}`;
  return session.writeLocked ? session.writeLocked(guildScope(request.guildId), what, () => saveLocked(session, request)) : saveLocked(session, request);
}

async function saveLocked(session: Session, request: SaveRequest): Promise<Saved> {
  const { guildId, entry } = request;
  const lists = await session.api.listGuildPermissions(guildId);
  const current = lists.find((p) => p.id === entry.id)?.permissions ?? [];
  if (diffOverwrites(request.base, current, request.directory).length > 0) {
    throw new OverwritesChangedError(`The overwrites of ${entry.label} changed on Discord since this screen read them. Nothing was sent.`);
  }
  const { path } = await session.backup(guildScope(guildId), `permissions of ${entry.label} in guild ${guildId}`);
  const saved = await session.api.setCommandPermissions(guildId, entry.id, request.next);
  // The PUT replaces the whole list: a writer elsewhere saving at the same moment could undo ours unseen.
  const now = (await session.api.getCommandPermissions(guildId, entry.id))?.permissions ?? [];
  const undone = changesUndone(diffOverwrites(request.base, request.next, request.directory), now);
  if (undone.length > 0) {
    throw new OverwritesChangedError(`Saved, but a save elsewhere undid part of it right after (another writer?): ${undone.map(describeChange).join(', ')} is not on Discord now.`);
  }
  return { saved, backupPath: path };
}

/** A failed save in words: Discord's 403s via refusalText, a list changed meanwhile, anything else as usual. */
export function describeSaveError(error: unknown, entryLabel: string, guildId: string): UserError {
  if (error instanceof DiscordApiError) {
    const refusal = refusalText(error.code, entryLabel, guildId);
    if (refusal) return refusal;
  }
  if (error instanceof OverwritesChangedError) return { message: error.message, hint: 'Press ctrl+r to read them again (your edits are dropped), then redo them.' };
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
