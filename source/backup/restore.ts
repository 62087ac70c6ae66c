/**
 * Bringing a scope back to a backup: preview (the command plan against the scope as it is now,
 * captured so it can itself be backed up), then carry out — back up the current state, restore
 * the commands with the plan engine (pruning what the backup did not have), then re-apply the
 * overwrites that differ. Overwrites need a signed-in user; without one they are reported as
 * not restored. Shared by `cmd-tui restore` and the TUI.
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import { RequestCancelledError } from '../api/errors.js';
import type { OverwritesBackup, ScopeBackup } from '../discord/backup-format.js';
import { GLOBAL_SCOPE, type Command, type GuildCommandPermissions, type Problem } from '../discord/model.js';
import { scopeDefaults, toBodyForm } from '../discord/normalize.js';
import { overwritesToRestore, type OverwriteRestore } from '../discord/overwrite-restore.js';
import { commandKey, hasChanges, planScope, type Plan } from '../discord/plan.js';
import { validateCommand, type ValidationContext } from '../discord/validate.js';
import { captureScope, permissionsInGuild } from './capture.js';
import { backupIfPlanHolds, executeHoldingLock, type ExecuteOptions, type ExecuteResult } from './execute-plan.js';
import { listCommandLine, readBackFailedNote } from './read-back.js';
import { withScopeLock } from './scope-lock.js';

/** A backed-up command Discord would refuse today (stored before a rule tightened): left out of the plan. */
export interface Unrestorable {
  name: string;
  type: number;
  problems: Problem[];
}

export interface RestorePreview {
  backup: ScopeBackup;
  unrestorable: Unrestorable[];
  /** The scope as it is now; written as a backup before anything changes. */
  current: ScopeBackup;
  plan: Plan;
  /** Overwrite lists that differ for commands that exist now; recreated commands' lists are added after. */
  overwrites: OverwriteRestore[];
  /** Commands outside the scope that name its lists (a guild's lists of global commands). */
  known: readonly Command[];
}

export interface RestoreOutcome {
  execution: ExecuteResult;
  restored: OverwriteRestore[];
  /** Could not be written: no signed-in user (Discord accepts overwrites only from one). */
  notRestored: OverwriteRestore[];  /** Set when the commands were restored but reading them back failed, so the overwrites were left for a second run. */
  readBackFailed?: string;
}

/**
 * `known`: commands the caller has that may name lists outside the scope (the TUI's live list); a
 * guild's list of a command none of them names has the global commands read to name it, where they can be.
 */
export async function previewRestore(api: DiscordApi, backup: ScopeBackup, app: ValidationContext & { supportedIntegrationTypes: number[] }, known: readonly Command[] = []): Promise<RestorePreview> {
  const current = await captureScope(api, backup.scope, `restore ${backup.createdAt}`);
  // A command renamed since the backup is renamed back (same id, no create spent); its overwrites are restored below.
  const full = planScope(backup.commands, current.commands, scopeDefaults(backup.scope.kind, app.supportedIntegrationTypes), { pairRenames: true });
  const unrestorable: Unrestorable[] = [];
  const acceptable = <T extends { name: string; type: number }>(item: T, body: unknown): boolean => {
    const problems = validateCommand(body, { ...app, scope: backup.scope.kind }).filter((problem) => problem.severity === 'error');
    if (problems.length > 0) unrestorable.push({ name: item.name, type: item.type, problems });
    return problems.length === 0;
  };
  const bodyOf = (item: { name: string; type: number }) => backup.commands.find((command) => commandKey(command) === commandKey(item));
  // The server re-validates the whole command on PATCH too, so an update towards a refused command fails as well.
  const plan: Plan = {
    ...full,
    create: full.create.filter((create) => acceptable(create, create.body)),
    update: full.update.filter((update) => acceptable(update, toBodyForm(bodyOf(update)))),
  };
  plan.createsUsed = plan.create.length;
  const named = await namingCommands(api, backup, current, known);
  return { backup, unrestorable, current, plan, overwrites: overwritesToRestore(backup, current.commands, current.permissions, named), known: named };
}

/** `known`, and the global commands when a guild's lists name one that none of the others has. */
async function namingCommands(api: DiscordApi, backup: ScopeBackup, current: ScopeBackup, known: readonly Command[]): Promise<readonly Command[]> {
  if (backup.scope.kind !== 'guild' || !canReadCommands(api)) return known;
  const unnamed = overwritesToRestore(backup, current.commands, current.permissions, known).some((item) => item.target === `command ${item.commandId}`);
  if (!unnamed) return known;
  // Only names: a failed read leaves the ids, never the plan.
  return [...known, ...(await api.listCommands(GLOBAL_SCOPE).catch(() => []))];
}

/** Either kind of preview (an overwrites-only backup's plan is empty: restore-overwrites.ts). */
export function restoreChanges(preview: Pick<RestorePreview, 'plan' | 'overwrites'> & { backup: ScopeBackup | OverwritesBackup }): boolean {
  const { backup } = preview;
  return hasChanges(preview.plan, true) || preview.overwrites.length > 0 || ('commands' in backup && preview.plan.create.some((create) => hasBackupOverwrites(backup, create)));
}

/**
 * Under the scope's lock from the re-read to the last overwrite: the scope is read again and, when it
 * changed since the preview in a way the plan relies on, nothing is sent (ScopeChangedError); else it
 * is backed up (the journal names the backup) and the plan and overwrites are carried out.
 * `journal` is `restore PATH`, which finishes an interrupted restore when run again.
 */
export async function carryOutRestore(api: DiscordApi, preview: RestorePreview, env: NodeJS.ProcessEnv, journal: string, options: Pick<ExecuteOptions, 'notice' | 'signal' | 'sent'> = {}): Promise<RestoreOutcome> {
  const { backup } = preview;
  const scope = backup.scope;
  const reason = preview.current.reason;
  return withScopeLock(env, api.applicationId, scope, journal, async (lock) => {
    // Without `replan` a backup is always written (or ScopeChangedError thrown).
    const written = (await backupIfPlanHolds(api, scope, preview.plan, { prune: true, reason, env, plannedFrom: preview.current.commands }, lock)).backup!;
    const execution = await executeHoldingLock(api, scope, preview.plan, { prune: true, reason, env, backup: written, ...options }, lock);
    const leftForLater = (note: string) => ({ execution, restored: [], notRestored: [], readBackFailed: `${note} The overwrites were not restored yet: run \`cmd-tui ${journal}\` again to finish.` });
    if (execution.readBackFailed) return leftForLater(execution.readBackFailed);
    const commandsNow = execution.steps.length > 0 ? execution.commands : preview.current.commands;
    let permissionsNow: GuildCommandPermissions[];
    try {
      permissionsNow = execution.steps.length > 0 ? await readPermissions(api, preview, commandsNow) : preview.current.permissions;
    } catch (error) {
      return leftForLater(readBackFailedNote(`Restored ${execution.steps.length} command change(s)`, error, listCommandLine(scope)));
    }
    const pending = overwritesToRestore(backup, commandsNow, permissionsNow, preview.known);
    if (api.overwriteAccess() !== 'ok') return { execution, restored: [], notRestored: pending };
    if (pending.length > 0) {
      // Cancelled with nothing sent yet: truly nothing done. Once commands changed, the overwrites follow them.
      if (options.signal?.aborted && execution.steps.length === 0) throw new RequestCancelledError(false);
      options.sent?.();
    }
    for (const item of pending) await api.setCommandPermissions(item.guildId, item.commandId, item.overwrites);
    return { execution, restored: pending, notRestored: [] };
  }, options.notice ? { notice: options.notice } : {});
}

/** The guilds that matter: those in the backup and those holding overwrites before the restore. */
async function readPermissions(api: DiscordApi, preview: RestorePreview, commandsNow: Command[]): Promise<GuildCommandPermissions[]> {
  const { scope } = preview.backup;
  if (scope.kind === 'guild') return api.listGuildPermissions(scope.guildId);
  const ids = new Set(commandsNow.map((command) => command.id));
  const guilds = new Set([...preview.backup.permissions, ...preview.current.permissions].map((entry) => entry.guild_id));
  const lists = await Promise.all([...guilds].map((guildId) => permissionsInGuild(api, guildId)));
  return lists.flat().filter((entry) => ids.has(entry.id));
}

function hasBackupOverwrites(backup: ScopeBackup, create: { name: string; type: number }): boolean {
  const original = backup.commands.find((command) => command.name === create.name && command.type === create.type);
  return original !== undefined && backup.permissions.some((entry) => entry.id === original.id && entry.permissions.length > 0);
}
