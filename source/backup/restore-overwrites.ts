/**
 * Restoring an overwrites-only backup (a browser sign-in's, which holds no command list): only the guild's
 * overwrite lists are put back — one PUT per list that differs, which a sign-in alone may send — and the
 * commands are never touched. As every restore: previewed, then under the scope's lock read again (refused
 * when the lists to write changed since the preview), backed up (the journal names it), written, read back.
 * Shared by `cmd-tui restore` and the TUI's backups screen.
 */
import type { DiscordApi } from '../api/contract.js';
import { RequestCancelledError } from '../api/errors.js';
import type { OverwritesBackup } from '../discord/backup-format.js';
import type { Command, GuildCommandPermissions } from '../discord/model.js';
import type { Plan } from '../discord/plan.js';
import { overwritesToRestore, type OverwriteRestore } from '../discord/overwrite-restore.js';
import { captureOverwrites, writeScopeBackup } from './capture.js';
import { ScopeChangedError, type ExecuteOptions } from './execute-plan.js';
import { readBackFailedNote } from './read-back.js';
import type { RestoreOutcome, RestorePreview, Unrestorable } from './restore.js';
import { withScopeLock } from './scope-lock.js';
import type { BackupEntry } from './store.js';

export interface OverwritesRestorePreview {
  kind: 'overwrites-only';
  backup: OverwritesBackup;
  /** Empty: the commands are not touched (shaped as a restore's plan, so one review shows either kind). */
  plan: Plan;
  unrestorable: readonly Unrestorable[];
  /** The lists that differ from the backup now, each to be replaced by the backup's (an empty list clears one). */
  overwrites: OverwriteRestore[];
  /** Commands that name the lists (the newest local backups', or the live ones with a bot token). */
  known: readonly Command[];
}

export interface OverwritesRestoreOutcome {
  /** The guild's overwrites as they were before the restore. */
  backup: BackupEntry;
  restored: OverwriteRestore[];
  /** Every list was written, but reading them back failed or found one that differs (another writer). */
  readBackFailed?: string;
}

export async function previewOverwritesRestore(api: DiscordApi, backup: OverwritesBackup, known: readonly Command[]): Promise<OverwritesRestorePreview> {
  const plan: Plan = { create: [], update: [], delete: [], unchanged: [], createsUsed: 0 };
  return { kind: 'overwrites-only', backup, plan, unrestorable: [], overwrites: overwritesToRestore(backup, [], await guildLists(api, backup), known), known };
}

/** `journal` is `restore PATH`, which finishes an interrupted restore when run again. */
export async function carryOutOverwritesRestore(
  api: DiscordApi,
  preview: OverwritesRestorePreview,
  env: NodeJS.ProcessEnv,
  journal: string,
  options: Pick<ExecuteOptions, 'notice' | 'signal' | 'sent'> = {},
): Promise<OverwritesRestoreOutcome> {
  const { backup: wanted } = preview;
  const scope = wanted.scope;
  return withScopeLock(env, api.applicationId, scope, journal, async (lock) => {
    const snapshot = await captureOverwrites(api, scope, `restore ${wanted.createdAt}`);
    if (!sameRestores(overwritesToRestore(wanted, [], snapshot.permissions, preview.known), preview.overwrites)) throw new ScopeChangedError(scope);
    const backup = await writeScopeBackup(env, snapshot);
    await lock.noteBackup(backup.path);
    if (options.signal?.aborted) throw new RequestCancelledError(false);
    const sending = options.signal ? api.withSignal(options.signal, options.sent) : api;
    for (const item of preview.overwrites) await sending.setCommandPermissions(item.guildId, item.commandId, item.overwrites);
    const done = `Restored ${preview.overwrites.length} overwrite list${preview.overwrites.length === 1 ? '' : 's'}`;
    const check = `cmd-tui perms list --guild ${scope.kind === 'guild' ? scope.guildId : 'ID'}`;
    let after: GuildCommandPermissions[];
    try {
      after = await guildLists(api, wanted);
    } catch (error) {
      return { backup, restored: preview.overwrites, readBackFailed: readBackFailedNote(done, error, check) };
    }
    const differing = overwritesToRestore(wanted, [], after, preview.known);
    if (differing.length === 0) return { backup, restored: preview.overwrites };
    const names = differing.map((item) => item.target).join(', ');
    return { backup, restored: preview.overwrites, readBackFailed: `${done}, but read back right after, ${names} differ${differing.length === 1 ? 's' : ''} from the backup (another writer changed ${differing.length === 1 ? 'it' : 'them'} meanwhile?); run \`${check}\` to see them as they are now.` };
  }, options.notice ? { notice: options.notice } : {});
}

/** A restore's preview of either kind of backup, as the TUI's backups screen reviews it. */
export type AnyRestorePreview = RestorePreview | OverwritesRestorePreview;

/** The outcome as a restore of commands and overwrites reports it: no command changed, the lists restored. */
export function asRestoreOutcome(outcome: OverwritesRestoreOutcome): RestoreOutcome {
  return { execution: { backup: outcome.backup, steps: [], commands: [] }, restored: outcome.restored, notRestored: [], ...(outcome.readBackFailed ? { readBackFailed: outcome.readBackFailed } : {}) };
}

/** The guild's lists (a global-scope overwrites backup holds none: a sign-in reads lists per guild). */
function guildLists(api: DiscordApi, backup: OverwritesBackup): Promise<GuildCommandPermissions[]> {
  return backup.scope.kind === 'guild' ? api.listGuildPermissions(backup.scope.guildId) : Promise.resolve([]);
}

function sameRestores(a: readonly OverwriteRestore[], b: readonly OverwriteRestore[]): boolean {
  const canonical = (list: readonly OverwriteRestore[]) => JSON.stringify(list.map(({ guildId, commandId, overwrites }) => [guildId, commandId, overwrites]));
  return canonical(a) === canonical(b);
}
