/**
 * Whether a plan made from one reading of a scope still holds for the scope as it is now (read again
 * under the scope's lock, just before the first write). Another writer (a second apply, a teammate's
 * TUI) may have changed it in between; carrying out a stale plan could leave a state that neither
 * writer asked for. Pure: the caller reads, this decides.
 */
import type { Command } from './model.js';
import { commandKey, type Plan } from './plan.js';

/**
 * False when a command changed (appeared, went, or was edited) that the plan relies on: one it
 * updates or deletes, one sharing a name with what it creates or renames to — or, when pruning
 * (the plan describes the whole scope), any command at all.
 */
export function planStillHolds(plan: Plan, plannedFrom: readonly Command[], now: readonly Command[], prune: boolean): boolean {
  const before = new Map(plannedFrom.map((command) => [command.id, JSON.stringify(command)]));
  const after = new Map(now.map((command) => [command.id, JSON.stringify(command)]));
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((id) => before.get(id) !== after.get(id));
  if (changed.length === 0) return true;
  if (prune) return false;
  const touchedIds = new Set([...plan.update.map((update) => update.id), ...plan.delete.map((keep) => keep.id)]);
  const wantedKeys = new Set([...plan.create.map((create) => commandKey(create.body)), ...plan.update.map((update) => commandKey({ type: update.patch.type ?? typeOf(plannedFrom, update.id), name: update.name }))]);
  // Both versions of a changed command count: a rename elsewhere frees one name and takes another.
  const versions = [...plannedFrom, ...now];
  return changed.every((id) => !touchedIds.has(id) && versions.every((command) => command.id !== id || !wantedKeys.has(commandKey(command))));
}

function typeOf(commands: readonly Command[], id: string): number {
  return commands.find((command) => command.id === id)?.type ?? 1;
}
