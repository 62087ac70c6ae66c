/**
 * What a restore did not put back, and why, in the words every door shows — before (the plan) and after
 * (the result): a backed-up command Discord refuses today, and the overwrite lists no signed-in user could
 * write. How to finish is the door's to say (`cmd-tui auth login`, the TUI's `s`).
 */
import type { OverwriteRestore } from '../discord/overwrite-restore.js';
import { commandLabel } from '../discord/overwrite-entries.js';
import { plural } from '../terminal/plural.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import type { Unrestorable } from './restore-plan.js';

export type NotRestored =
  | { kind: 'command'; what: string; why: string; name: string; type: number }
  | ({ kind: 'overwrites'; what: string; why: string } & OverwriteRestore);

/** Said of each overwrite list left: Discord takes permission changes from a signed-in user only. */
export const OVERWRITES_NEED_SIGN_IN = 'Discord accepts permission changes only from a signed-in user';

/** `unrestorable` from the plan (RestoreDetails) or the result (CarriedOutPlan), `notRestored` from the result. */
export function notRestoredItems(outcome: { unrestorable: readonly Unrestorable[]; notRestored?: readonly OverwriteRestore[] }): NotRestored[] {
  return [
    ...outcome.unrestorable.map((item): NotRestored => ({
      kind: 'command',
      // Names and messages from a backup file: made safe to print.
      what: sanitizeLine(commandLabel(item)),
      why: `Discord refuses it today (${sanitizeLine(item.problems.map((problem) => problem.message).join('; '))}); fix it in an exported file and apply that`,
      name: item.name,
      type: item.type,
    })),
    ...(outcome.notRestored ?? []).map((item): NotRestored => ({
      kind: 'overwrites',
      what: `the overwrites of ${sanitizeLine(item.target)} in guild ${item.guildId} (${plural(item.overwrites.length, 'overwrite')})`,
      why: OVERWRITES_NEED_SIGN_IN,
      ...item,
    })),
  ];
}

/** `Cannot restore /race: Discord refuses it today (…); fix it in an exported file and apply that.` */
export function notRestoredLine(item: NotRestored): string {
  return `Cannot restore ${item.what}: ${item.why}.`;
}
