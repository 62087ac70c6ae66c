/**
 * The plan: what it takes to turn a live scope into a desired list of commands — create,
 * update (with the field-level diff and the minimal PATCH body), delete, unchanged — plus the
 * checks that refuse a plan before any request (daily creates, per-type caps, mass deletes).
 * Shared by `plan`, `apply`, `restore` and the TUI. Pure; no I/O.
 */
import { changedFields, diffFields, type FieldChange } from './diff.js';
import { COMMAND_TYPE_NAMES, LIMITS, type Command, type CommandDraft } from './model.js';
import { toBodyForm, toComparableForm, type ScopeDefaults } from './normalize.js';
import type { Remedy } from './remedy.js';
import { plural } from '../terminal/plural.js';

export interface PlannedCreate {
  name: string;
  type: number;
  /** The POST body. */
  body: CommandDraft;
}

export interface PlannedUpdate {
  id: string;
  name: string;
  type: number;
  changes: FieldChange[];
  /** Only the top-level fields that changed, with their desired values: the PATCH body. */
  patch: Partial<CommandDraft>;
  /** The live name, when this update renames the command (see `pairRenames`). */
  renamedFrom?: string;
}

export interface PlannedKeep {
  id: string;
  name: string;
  type: number;
}

export interface Plan {
  create: PlannedCreate[];
  update: PlannedUpdate[];
  /** On the server, not in the desired list: deleted only when the user asks to prune. */
  delete: PlannedKeep[];
  unchanged: PlannedKeep[];
  /** Daily creates the plan spends (one per new command). */
  createsUsed: number;
}

/** Commands are identified within a scope by (type, name) — the platform's uniqueness rule. */
export function commandKey(command: { type?: unknown; name?: unknown }): string {
  const type = typeof command.type === 'number' ? command.type : 1;
  return `${type}:${String(command.name)}`;
}

export interface PlanOptions {
  /**
   * A command that would be deleted and one that would be created, of the same type and alike in all
   * but the name, become one rename (a PATCH): the command keeps its id and no daily create is spent.
   * (Its permission overwrites go either way: Discord drops them on a rename as on a delete.) Only
   * where the old name would be deleted anyway (`--prune`, restore), and only when the pair is unambiguous.
   */
  pairRenames?: boolean;
}

/** Fields a rename may change: anything else different makes it a new command. */
const RENAME_FIELDS: ReadonlySet<string> = new Set(['name', 'name_localizations']);

/**
 * Compares the desired commands (a file, a backup, an edit) with the live ones.
 * `desired` must already be valid (run the validator first): duplicates of (type, name) are not re-checked.
 */
export function planScope(desired: readonly unknown[], live: readonly Command[], defaults: ScopeDefaults, options: PlanOptions = {}): Plan {
  const liveByKey = new Map(live.map((command) => [commandKey(command), command]));
  const plan: Plan = { create: [], update: [], delete: [], unchanged: [], createsUsed: 0 };
  const matched = new Set<string>();

  for (const item of desired) {
    const body = toBodyForm(item) as CommandDraft;
    const key = commandKey(body);
    const current = liveByKey.get(key);
    if (!current) {
      plan.create.push({ name: body.name, type: body.type ?? 1, body });
      continue;
    }
    matched.add(key);
    const wanted = toComparableForm(body, defaults);
    const changes = diffFields(toComparableForm(current, defaults), wanted);
    const identity = { id: current.id, name: current.name, type: current.type };
    if (changes.length === 0) plan.unchanged.push(identity);
    else plan.update.push({ ...identity, changes, patch: patchFor(changedFields(changes), wanted) });
  }
  for (const command of live) {
    if (!matched.has(commandKey(command))) plan.delete.push({ id: command.id, name: command.name, type: command.type });
  }
  if (options.pairRenames) pairRenames(plan, live, defaults);
  plan.createsUsed = plan.create.length;
  return plan;
}

/**
 * Turns a create and a delete into a rename when they pair up one to one: same type, different only in
 * the name, and neither side alike any other candidate (otherwise which was renamed is a guess).
 */
function pairRenames(plan: Plan, live: readonly Command[], defaults: ScopeDefaults): void {
  const liveById = new Map(live.map((command) => [command.id, command]));
  const renameChanges = (create: PlannedCreate, deleted: PlannedKeep): FieldChange[] | undefined => {
    const current = liveById.get(deleted.id);
    if (!current || deleted.type !== create.type) return undefined;
    const changes = diffFields(toComparableForm(current, defaults), toComparableForm(create.body, defaults));
    return changes.every((change) => RENAME_FIELDS.has(change.field)) ? changes : undefined;
  };
  // For each create, the deletes it could be a rename of, with the changes that rename would make.
  const candidatesByCreate = plan.create.map((create) =>
    plan.delete.flatMap((deleted) => {
      const changes = renameChanges(create, deleted);
      return changes ? [{ deleted, changes }] : [];
    }),
  );
  const claims = new Map<string, number>();
  for (const candidates of candidatesByCreate) for (const { deleted } of candidates) claims.set(deleted.id, (claims.get(deleted.id) ?? 0) + 1);
  const renamed = new Set<string>();
  plan.create = plan.create.filter((create, index) => {
    const candidates = candidatesByCreate[index]!;
    const only = candidates.length === 1 && claims.get(candidates[0]!.deleted.id) === 1 ? candidates[0]! : undefined;
    if (!only) return true;
    const { deleted, changes } = only;
    renamed.add(deleted.id);
    plan.update.push({ id: deleted.id, name: create.name, type: create.type, changes, patch: patchFor(changedFields(changes), toComparableForm(create.body, defaults)), renamedFrom: deleted.name });
    return false;
  });
  plan.delete = plan.delete.filter((deleted) => !renamed.has(deleted.id));
}

/** A changed field that the desired side leaves at its default is sent as that default (PATCH replaces fields). */
function patchFor(fields: string[], wanted: Record<string, unknown>): Partial<CommandDraft> {
  const patch: Record<string, unknown> = {};
  for (const field of fields) patch[field] = field in wanted ? wanted[field] : emptyValueOf(field);
  return patch as Partial<CommandDraft>;
}

function emptyValueOf(field: string): unknown {
  return field === 'options' ? [] : null;
}

export function hasChanges(plan: Plan, prune: boolean): boolean {
  return plan.create.length + plan.update.length + (prune ? plan.delete.length : 0) > 0;
}

/**
 * What the user may say to carry out a refused plan all the same: `delete-many` (the CLI's `--delete-many`,
 * the TUI's typed confirmation), `accept-skipped` (`--accept-skipped`). A refusal without one cannot be overridden.
 */
export type Override = 'delete-many' | 'accept-skipped';

/** Why a plan must not be carried out; each message says what to do instead. */
export interface Refusal {
  /** `skipped-files`: `--prune` with files of the folder not read; `sign-in-needed`: overwrites only a browser sign-in may write. */
  rule: 'daily-creates' | 'type-cap' | 'mass-delete' | 'skipped-files' | 'sign-in-needed';
  /** The same words in every door; an override's own words (a flag, a typed confirmation) are the door's. */
  message: string;
  override?: Override;
  /** What makes the plan fit, when only the door can say it (its file or list, its flag or input). */
  remedy?: Remedy;
}

export interface PlanGuardContext {
  prune: boolean;
  createsRemaining: number;
  liveCount: number;
  /** Where the desired commands come from: says how to make the plan fit (`file`: a list a door was given, a file's or an agent's). */
  source: 'file' | 'copy' | 'backup';
}

export function refusalsFor(plan: Plan, live: readonly Command[], context: PlanGuardContext): Refusal[] {
  const refusals: Refusal[] = [];
  if (plan.createsUsed > context.createsRemaining) {
    refusals.push({
      rule: 'daily-creates',
      message: `The plan creates ${plural(plan.createsUsed, 'command')} but only ${context.createsRemaining} of today's ${LIMITS.dailyCreates} creates are left for this scope. Split the change or wait until 00:00 UTC.`,
    });
  }
  for (const [type, count] of countsAfter(plan, live, context.prune)) {
    const cap = LIMITS.perScope[type];
    if (cap !== undefined && count > cap) {
      const over = `The scope would hold ${count} ${COMMAND_TYPE_NAMES[type] ?? type} commands; the cap is ${cap}.`;
      refusals.push(context.source === 'file' ? { rule: 'type-cap', message: over, remedy: { kind: 'fewer-commands', prune: !context.prune } } : { rule: 'type-cap', message: `${over} ${fitTheCap(context.source)}` });
    }
  }
  const deletes = context.prune ? plan.delete.length : 0;
  if (deletes > 0 && deletes * 2 > context.liveCount) {
    refusals.push({ rule: 'mass-delete', message: `The plan deletes ${deletes} of the scope's ${plural(context.liveCount, 'command')} (more than half).`, override: 'delete-many' });
  }
  return refusals;
}

/** How a copy or a restore fits the cap, the same in every door; a list of commands (`source: 'file'`) is the door's to word (Remedy). */
function fitTheCap(source: 'copy' | 'backup'): string {
  return source === 'copy' ? 'Copy fewer commands, or delete some from the target first.' : 'Delete some from the scope first, or restore an exported file with fewer.';
}

/** The refusals that still stand once the user's overrides are counted. */
export function standingRefusals(refusals: readonly Refusal[], overrides: readonly Override[]): Refusal[] {
  return refusals.filter((refusal) => refusal.override === undefined || !overrides.includes(refusal.override));
}

/** Commands per type once the plan has run. */
export function countsAfter(plan: Plan, live: readonly Command[], prune: boolean): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (type: number, delta: number) => counts.set(type, (counts.get(type) ?? 0) + delta);
  for (const command of live) add(command.type, 1);
  for (const created of plan.create) add(created.type, 1);
  if (prune) for (const deleted of plan.delete) add(deleted.type, -1);
  return counts;
}
