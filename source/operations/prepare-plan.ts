/**
 * The plan engine's first half, the same for every door (`apply`, `apply --watch`, `copy`, `restore`, the
 * TUI's copy dialog and backups screen, and the agents' door): from what the user wants — a commands file
 * (`apply`), another scope (`copy`) or a backup (`restore`) — read the scope, check the commands against
 * every rule, diff, and hold the plan to every refusal (daily creates as the ledger counts them, any 30034
 * included; per-type caps; mass deletes; a folder's skipped files; overwrites only a sign-in may write).
 * Nothing is sent here. A door shows the plan and its refusals, in these words, and asks; carry-out-plan.ts
 * does the rest. No door restates a rule.
 */
import { AuthRequiredError } from '../api/errors.js';
import type { CreateBudget } from '../backup/create-ledger.js';
import { shellQuoted } from '../backup/scope-lock.js';
import type { Adaptation } from '../discord/adapt-scope.js';
import { defaultsFor, factsOf } from '../discord/app-facts.js';
import type { OverwritesBackup, ScopeBackup } from '../discord/backup-format.js';
import { checkDesiredCommands } from '../discord/desired-commands.js';
import type { Command, Problem, Scope } from '../discord/model.js';
import { overwritesToRestore } from '../discord/overwrite-restore.js';
import { hasChanges, planScope, refusalsFor, type Plan, type Refusal } from '../discord/plan.js';
import { readCopySource, type CopyRequest } from './copy-source.js';
import { guildLists, namingCommands, restoreChanges, restorePlan, type RestoreDetails } from './restore-plan.js';
import type { Journal, ScopeSnapshot, Workspace } from './workspace.js';

/** `apply FILE`: make the scope hold these commands. */
export interface ApplyIntent {
  kind: 'apply';
  scope: Scope;
  /** The commands as read, not yet checked; for a folder, the file each came from. */
  commands: readonly unknown[];
  files?: readonly string[];
  /** How many files of a folder were not read: a plan that deletes with them left out is refused unless accepted. */
  skippedFiles: number;
  /** Made fit for the scope first (`--adapt`). */
  adapt: boolean;
  /** Also delete what the commands do not have. */
  prune: boolean;
  /** Written into the backup (`apply commands.json`). */
  reason: string;
  /** The lock's journal: the command that finishes the write when run again. */
  journal: Journal;
}

/** Copy commands from one scope into another. */
export interface CopyIntent {
  kind: 'copy';
  request: CopyRequest;
}

/** Bring the backup's scope back to it. */
export interface RestoreIntent {
  kind: 'restore';
  backup: ScopeBackup | OverwritesBackup;
  /** Where the backup is: the journal's `restore PATH` finishes an interrupted restore. */
  path: string;
  /** Commands the door has that may name lists outside the scope (the TUI's live list). */
  known?: readonly Command[];
}

export type PlanIntent = ApplyIntent | CopyIntent | RestoreIntent;

export interface PreparedPlan {
  readonly intent: PlanIntent;
  /** The scope written. */
  readonly scope: Scope;
  readonly plan: Plan;
  /** Whether the plan's deletes are sent (`--prune`; a restore always). */
  readonly prune: boolean;
  /** The scope's commands the plan was made from: read again under the lock before anything is sent. */
  readonly live: readonly Command[];
  /** The day's creates in the scope, as counted when the plan was made. */
  readonly budget: CreateBudget;
  /** Every rule the plan breaks. Those with an `override` go through when the user gives it; the others never do. */
  readonly refusals: readonly Refusal[];
  /** Whether carrying it out sends anything (commands, or a restore's overwrite lists). */
  readonly changes: boolean;
  /** What the rules only warn about. */
  readonly warnings: readonly Problem[];
  /** What was dropped to fit the scope (`--adapt`, a copy), with why. */
  readonly adaptations: readonly Adaptation[];
  /** A copy of global commands into a guild: names that will exist twice there (the audit's ghost duplicates). */
  readonly ghosts: readonly string[];
  /** A restore's overwrite lists and what it cannot restore. */
  readonly restore?: RestoreDetails;
  /** Written into the backup. */
  readonly reason: string;
  readonly journal: Journal;
  /** The same wanted commands planned against another reading of the scope (an unattended run, under the lock). */
  readonly planAgainst?: (live: readonly Command[]) => Plan;
}

/** `ok: false`: the `count` commands cannot be planned, they break a rule of the target scope (nothing was compared). */
export type Preparation = { ok: true; prepared: PreparedPlan } | { ok: false; problems: Problem[]; adaptations: Adaptation[]; count: number };

export async function preparePlan(workspace: Workspace, intent: PlanIntent): Promise<Preparation> {
  if (intent.kind === 'restore') return { ok: true, prepared: await prepareRestore(workspace, intent) };
  const { api } = workspace;
  const app = factsOf(await api.getApplication(), api.applicationId);
  const scope = intent.kind === 'apply' ? intent.scope : intent.request.to;
  const prune = intent.kind === 'apply' ? intent.prune : intent.request.prune;
  const wanted = intent.kind === 'apply' ? checkDesiredCommands(intent, scope.kind, app, intent.adapt) : await readCopySource(api, intent.request, app);
  if (!wanted.ok) return { ok: false, problems: wanted.problems, adaptations: wanted.adaptations, count: wanted.count };
  const planAgainst = (live: readonly Command[]): Plan => {
    // With --prune the old name of a renamed command would be deleted: rename it instead (keeps its id, spends no create).
    const plan = planScope(wanted.commands, live, defaultsFor(scope, app), { pairRenames: prune });
    if (!prune && intent.kind === 'copy') plan.delete = [];
    return plan;
  };
  const live = await api.listCommands(scope, { withLocalizations: true });
  const reason = intent.kind === 'apply' ? intent.reason : `copy from ${scopeWords(intent.request.from)}`;
  const journal = intent.kind === 'apply' ? intent.journal : { command: copyCommandLine(intent.request), rerunnable: true };
  const base = { intent, scope, prune, warnings: wanted.warnings, adaptations: wanted.adaptations, reason, journal, planAgainst };
  return { ok: true, prepared: await planned(workspace, base, planAgainst(live), live) };
}

const scopeArg = (scope: Scope) => (scope.kind === 'global' ? 'global' : scope.guildId);

/** The `cmd-tui copy` line that makes the same copy: the journal's, which finishes an interrupted copy when run again. */
export function copyCommandLine(request: CopyRequest): string {
  const names = request.names.map((name) => ` --command ${shellQuoted(name)}`).join('');
  return `copy --from ${scopeArg(request.from)} --to ${scopeArg(request.to)}${names}${request.prune ? ' --prune' : ''}`;
}

const scopeWords = (scope: Scope) => (scope.kind === 'global' ? 'the global scope' : `guild ${scope.guildId}`);

type PlanBase = Pick<PreparedPlan, 'intent' | 'scope' | 'prune' | 'warnings' | 'adaptations' | 'reason' | 'journal' | 'restore' | 'planAgainst'>;

/** The plan with what decides about it: the day's budget, the refusals, and whether it changes anything. */
async function planned(workspace: Workspace, base: PlanBase, plan: Plan, live: readonly Command[]): Promise<PreparedPlan> {
  const { intent, scope, prune } = base;
  const budget = await workspace.createBudget(scope);
  const changes = base.restore ? restoreChanges(plan, base.restore) : hasChanges(plan, prune);
  const ghosts = intent.kind === 'copy' && intent.request.from.kind === 'global' && scope.kind === 'guild' ? [...plan.create, ...plan.update, ...plan.unchanged].map((command) => command.name) : [];
  return { ...base, plan, live, budget, changes, ghosts, refusals: changes ? refusalsOf(workspace, base, plan, live, budget) : [] };
}

/** The plan made again from the scope as read under the lock (an unattended run whose plan another writer made stale). */
export function replanned(workspace: Workspace, prepared: PreparedPlan, live: readonly Command[]): Promise<PreparedPlan> {
  if (!prepared.planAgainst) throw new Error('this plan cannot be made again');
  return planned(workspace, prepared, prepared.planAgainst(live), live);
}

function refusalsOf(workspace: Workspace, base: PlanBase, plan: Plan, live: readonly Command[], budget: CreateBudget): Refusal[] {
  const { intent, prune } = base;
  const source = intent.kind === 'apply' ? 'file' : intent.kind === 'copy' ? 'copy' : 'backup';
  const refusals = refusalsFor(plan, live, { prune, createsRemaining: budget.remaining, liveCount: live.length, source });
  if (intent.kind === 'apply' && prune && plan.delete.length > 0 && intent.skippedFiles > 0) {
    const count = intent.skippedFiles;
    refusals.push({
      rule: 'skipped-files',
      message: `${count} file${count === 1 ? ' was' : 's were'} skipped (listed above) and --prune deletes the commands the files read do not hold: move the skipped files out of the folder, unless the list is meant.`,
      override: 'accept-skipped',
    });
  }
  if (base.restore?.overwritesOnly && base.restore.overwrites.length > 0 && workspace.api.overwriteAccess() !== 'ok') {
    refusals.push({ rule: 'sign-in-needed', message: 'Restoring overwrites needs the browser sign-in: Discord accepts permission changes only from a signed-in user.' });
  }
  return refusals;
}

/**
 * A restore plans against the scope read as its backup would keep it: commands and overwrites. It has no
 * rule to fail (the backup's commands Discord would refuse today are left out, as `unrestorable`).
 */
export async function prepareRestore(workspace: Workspace, intent: RestoreIntent): Promise<PreparedPlan> {
  const { api } = workspace;
  const { backup } = intent;
  const scope = backup.scope;
  const reason = `restore ${backup.createdAt}`;
  const base = { intent, scope, prune: true, warnings: [], adaptations: [], reason, journal: { command: `restore ${shellQuoted(intent.path)}`, rerunnable: true } };
  if (!('commands' in backup)) {
    const permissions = await guildLists(api, backup);
    const known = await namingCommands(workspace, backup, { commands: [], permissions }, intent.known ?? []);
    const restore: RestoreDetails = { backup, overwritesOnly: true, unrestorable: [], overwrites: overwritesToRestore(backup, [], permissions, known), known };
    return planned(workspace, { ...base, restore }, { create: [], update: [], delete: [], unchanged: [], createsUsed: 0 }, []);
  }
  const app = factsOf(await api.getApplication(), api.applicationId);
  const current = scopeRead(await workspace.snapshot(scope, reason));
  const { plan, unrestorable } = restorePlan(backup, current.commands, { ...app, scope: scope.kind });
  const known = await namingCommands(workspace, backup, current, intent.known ?? []);
  const restore: RestoreDetails = { backup, overwritesOnly: false, unrestorable, overwrites: overwritesToRestore(backup, current.commands, current.permissions, known), known };
  return planned(workspace, { ...base, restore }, plan, current.commands);
}

/** A restore of commands reads them: a browser sign-in alone cannot (Discord lists no commands to it). */
export function scopeRead(snapshot: ScopeSnapshot): ScopeBackup {
  if ('commands' in snapshot) return snapshot;
  throw new AuthRequiredError(
    ['bot', 'client-credentials'],
    'Restoring commands reads and writes them, which needs a bot token or client credentials; a browser sign-in alone reads none.',
    'Run `cmd-tui auth set-bot-token` (or set DISCORD_BOT_TOKEN), or `cmd-tui auth set-client-credentials`.',
  );
}
