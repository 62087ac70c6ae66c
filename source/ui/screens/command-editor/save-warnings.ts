/** What the user is told before a save is sent, pure: rename drops overwrites, create upserts, create spends a daily create. */
import { LIMITS, type Command, type CommandDraft } from '../../../discord/model.js';
import { isRename } from '../../../discord/command-patch.js';

export interface SaveWarningContext {
  original?: Command;
  existing: readonly Command[];
  scopeLabel: string;
  createsUsed?: number;
}

export function saveWarnings(draft: CommandDraft, context: SaveWarningContext): string[] {
  const { original } = context;
  if (original) {
    return isRename(original, draft)
      ? [`Renaming ${original.name} to ${draft.name} permanently deletes its permission overwrites in every guild.`]
      : [];
  }
  const warnings: string[] = [];
  const type = draft.type ?? 1;
  const clash = context.existing.find((c) => c.name === draft.name && c.type === type);
  if (clash) warnings.push(`${draft.name} already exists in ${context.scopeLabel}: creating it again overwrites that command (id ${clash.id}).`);
  const used = context.createsUsed;
  if (used !== undefined && used >= LIMITS.dailyCreates) {
    warnings.push(`The day's ${LIMITS.dailyCreates} creates in ${context.scopeLabel} look used up (counted here): Discord refuses further creates until 00:00 UTC.`);
    return warnings;
  }
  warnings.push(
    `This create uses one of the day's ${LIMITS.dailyCreates} creates in ${context.scopeLabel}${used === undefined ? '' : ` (${used} used so far, ${Math.max(0, LIMITS.dailyCreates - used)} left)`}.`,
  );
  return warnings;
}
