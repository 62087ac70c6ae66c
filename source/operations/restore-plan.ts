/**
 * Bringing a scope back to a backup, the parts only a restore has (the plan engine does the rest):
 * the command plan against the scope as it is now, leaving out what Discord would refuse today; the
 * overwrite lists that differ; and, once the commands are back, the lists written again — which needs a
 * signed-in user (without one they are reported as not restored). An overwrites-only backup (a browser
 * sign-in's, with no command list) puts back its lists alone, and the commands are never touched.
 */
import { canReadCommands, type DiscordApi } from '../api/contract.js';
import { plural } from '../terminal/plural.js';
import { RequestCancelledError } from '../api/errors.js';
import { permissionsInGuild } from '../backup/capture.js';
import { listCommandLine, readBackFailedNote } from '../backup/read-back.js';
import type { OverwritesBackup, ScopeBackup } from '../discord/backup-format.js';
import { GLOBAL_SCOPE, guildScope, type Command, type GuildCommandPermissions, type Problem } from '../discord/model.js';
import { scopeDefaults, toBodyForm } from '../discord/normalize.js';
import { overwritesToRestore, type OverwriteRestore } from '../discord/overwrite-restore.js';
import { commandKey, planScope, type Plan } from '../discord/plan.js';
import { validateCommand, type ValidationContext } from '../discord/validate.js';
import type { SendOptions, SentPlan } from './send-plan.js';
import type { Workspace } from './workspace.js';

/** A backed-up command Discord would refuse today (stored before a rule tightened): left out of the plan. */
export interface Unrestorable {
  name: string;
  type: number;
  problems: Problem[];
}

/** What a restore's plan carries beside the command plan. */
export interface RestoreDetails {
  backup: ScopeBackup | OverwritesBackup;
  /** An overwrites-only backup: only its lists are put back. */
  overwritesOnly: boolean;
  unrestorable: Unrestorable[];
  /** Overwrite lists that differ now, for commands that exist now; recreated commands' lists are added after. */
  overwrites: OverwriteRestore[];
  /** Commands outside the scope that name its lists (a guild's lists of global commands). */
  known: readonly Command[];
}

/** What a restore wrote beside the commands. */
export interface OverwritesOutcome {
  restored: OverwriteRestore[];
  /** Could not be written: no signed-in user (Discord accepts overwrites only from one). */
  notRestored: OverwriteRestore[];
  readBackFailed?: string;
}

/** The plan that brings `current` back to the backup: renamed commands renamed back, what Discord refuses today left out. */
export function restorePlan(backup: ScopeBackup, current: readonly Command[], app: ValidationContext & { supportedIntegrationTypes: number[] }): { plan: Plan; unrestorable: Unrestorable[] } {
  // A command renamed since the backup is renamed back (same id, no create spent); its overwrites are restored after.
  const full = planScope(backup.commands, current, scopeDefaults(backup.scope.kind, app.supportedIntegrationTypes), { pairRenames: true });
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
  return { plan, unrestorable };
}

/**
 * What names a guild's lists beside the scope's own commands: `known` (the TUI's live list), the newest
 * local backups' commands for an overwrites-only backup, and the live commands where the credentials read them.
 */
export async function namingCommands(workspace: Workspace, backup: ScopeBackup | OverwritesBackup, current: { commands: readonly Command[]; permissions: readonly GuildCommandPermissions[] }, known: readonly Command[]): Promise<readonly Command[]> {
  const { api } = workspace;
  if (backup.scope.kind !== 'guild') return known;
  if (!('commands' in backup)) {
    const saved = await (workspace.knownCommands?.(backup.scope.guildId) ?? Promise.resolve([])).catch(() => []);
    if (!canReadCommands(api)) return [...saved, ...known];
    const live = await Promise.all([api.listCommands(guildScope(backup.scope.guildId)), api.listCommands(GLOBAL_SCOPE)]);
    return [...saved, ...known, ...live.flat()];
  }
  if (!canReadCommands(api)) return known;
  const unnamed = overwritesToRestore(backup, current.commands, current.permissions, known).some((item) => item.target === `command ${item.commandId}`);
  if (!unnamed) return known;
  // Only names: a failed read leaves the ids, never the plan.
  return [...known, ...(await api.listCommands(GLOBAL_SCOPE).catch(() => []))];
}

/** Whether the restore writes anything: a command change, a list that differs, or a recreated command's list. */
export function restoreChanges(plan: Plan, details: RestoreDetails): boolean {
  const { backup } = details;
  const commandChanges = plan.create.length + plan.update.length + plan.delete.length > 0;
  return commandChanges || details.overwrites.length > 0 || ('commands' in backup && plan.create.some((create) => hasBackupOverwrites(backup, create)));
}

/** The guild's lists (a global-scope overwrites backup holds none: a sign-in reads lists per guild). */
export function guildLists(api: DiscordApi, backup: OverwritesBackup): Promise<GuildCommandPermissions[]> {
  return backup.scope.kind === 'guild' ? api.listGuildPermissions(backup.scope.guildId) : Promise.resolve([]);
}

/** An overwrites-only restore still writes the lists its plan showed: read again under the lock. */
export function listsStillAsPlanned(details: RestoreDetails, permissionsNow: readonly GuildCommandPermissions[]): boolean {
  const canonical = (list: readonly OverwriteRestore[]) => JSON.stringify(list.map(({ guildId, commandId, overwrites }) => [guildId, commandId, overwrites]));
  return canonical(overwritesToRestore(details.backup, [], permissionsNow, details.known)) === canonical(details.overwrites);
}

/**
 * After the commands of a restore: the lists that differ from the backup now (recreated commands have new
 * ids), written when a signed-in user may. `before`: the scope as read under the lock, before the commands.
 * `rerun`: the command that finishes the restore when run again.
 */
export async function restoreListsAfterCommands(workspace: Workspace, details: RestoreDetails & { backup: ScopeBackup }, before: ScopeBackup, sent: SentPlan, rerun: string, options: SendOptions): Promise<OverwritesOutcome> {
  const { api } = workspace;
  const scope = details.backup.scope;
  const leftForLater = (note: string) => ({ restored: [], notRestored: [], readBackFailed: `${note} The overwrites were not restored yet: run \`cmd-tui ${rerun}\` again to finish.` });
  if (sent.readBackFailed) return leftForLater(sent.readBackFailed);
  const commandsNow = sent.steps.length > 0 ? sent.commands : before.commands;
  let permissionsNow: GuildCommandPermissions[];
  try {
    permissionsNow = sent.steps.length > 0 ? await readPermissions(api, details.backup, before, commandsNow) : before.permissions;
  } catch (error) {
    return leftForLater(readBackFailedNote(`Restored ${plural(sent.steps.length, 'command change')}`, error, listCommandLine(scope)));
  }
  const pending = overwritesToRestore(details.backup, commandsNow, permissionsNow, details.known);
  if (api.overwriteAccess() !== 'ok') return { restored: [], notRestored: pending };
  if (pending.length > 0) {
    // Cancelled with nothing sent yet: truly nothing done. Once commands changed, the overwrites follow them.
    if (options.signal?.aborted && sent.steps.length === 0) throw new RequestCancelledError(false);
    options.sent?.();
  }
  for (const item of pending) await api.setCommandPermissions(item.guildId, item.commandId, item.overwrites);
  return { restored: pending, notRestored: [] };
}

/** An overwrites-only restore: one PUT per list that differs, then the lists read back and compared with the backup. */
export async function restoreListsOnly(workspace: Workspace, details: RestoreDetails & { backup: OverwritesBackup }, options: SendOptions): Promise<OverwritesOutcome> {
  const { api } = workspace;
  const wanted = details.backup;
  if (options.signal?.aborted) throw new RequestCancelledError(false);
  const sending = options.signal ? api.withSignal(options.signal, options.sent) : api;
  for (const item of details.overwrites) await sending.setCommandPermissions(item.guildId, item.commandId, item.overwrites);
  const done = `Restored ${plural(details.overwrites.length, 'overwrite list')}`;
  const check = `cmd-tui perms list --guild ${wanted.scope.kind === 'guild' ? wanted.scope.guildId : 'ID'}`;
  let after: GuildCommandPermissions[];
  try {
    after = await guildLists(api, wanted);
  } catch (error) {
    return { restored: details.overwrites, notRestored: [], readBackFailed: readBackFailedNote(done, error, check) };
  }
  const differing = overwritesToRestore(wanted, [], after, details.known);
  if (differing.length === 0) return { restored: details.overwrites, notRestored: [] };
  const names = differing.map((item) => item.target).join(', ');
  const one = differing.length === 1;
  return { restored: details.overwrites, notRestored: [], readBackFailed: `${done}, but read back right after, ${names} differ${one ? 's' : ''} from the backup (another writer changed ${one ? 'it' : 'them'} meanwhile?); run \`${check}\` to see them as they are now.` };
}

/** The guilds that matter: those in the backup and those holding overwrites before the restore. */
async function readPermissions(api: DiscordApi, backup: ScopeBackup, before: ScopeBackup, commandsNow: Command[]): Promise<GuildCommandPermissions[]> {
  const { scope } = backup;
  if (scope.kind === 'guild') return api.listGuildPermissions(scope.guildId);
  const ids = new Set(commandsNow.map((command) => command.id));
  const guilds = new Set([...backup.permissions, ...before.permissions].map((entry) => entry.guild_id));
  const lists = await Promise.all([...guilds].map((guildId) => permissionsInGuild(api, guildId)));
  return lists.flat().filter((entry) => ids.has(entry.id));
}

function hasBackupOverwrites(backup: ScopeBackup, create: { name: string; type: number }): boolean {
  const original = backup.commands.find((command) => command.name === create.name && command.type === create.type);
  return original !== undefined && backup.permissions.some((entry) => entry.id === original.id && entry.permissions.length > 0);
}
