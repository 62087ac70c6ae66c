/**
 * The scope-wide rules for one command being created or edited, as save and `plan` apply them: the
 * list the scope would hold afterwards goes through validateSetRules, and only the problems this
 * command causes are kept (its type's count, its name taken by another command of its type), plus the
 * day's creates for a create. Lets the editor say inline what Discord would refuse.
 */
import { COMMAND_TYPE_NAMES, CommandType, LIMITS, type Command, type CommandDraft, type Problem } from './model.js';
import { problem, RULES } from './rules.js';
import { COUNT_RULES, validateSetRules, type ValidationContext } from './validate.js';

export interface DraftScope {
  /** The scope's commands as Discord has them now. */
  existing: readonly Command[];
  /** The command being edited; absent for a create. */
  originalId?: string;
  /** Today's creates in the scope (local ledger); undefined when unknown. */
  createsUsed?: number;
  context: ValidationContext;
}

export function draftScopeProblems(draft: CommandDraft, scope: DraftScope): Problem[] {
  const type = draft.type ?? CommandType.ChatInput;
  const creating = scope.originalId === undefined;
  const others = scope.existing.filter((command) => command.id !== scope.originalId);
  // A create with the name of a command of its type replaces that command (Discord's upsert): no new one.
  const replaced = creating ? others.find((command) => command.name === draft.name && (command.type ?? CommandType.ChatInput) === type) : undefined;
  const after = [...others.filter((command) => command !== replaced), draft];
  const index = after.length - 1;
  const label = (at: number) => (at === index ? 'this command' : `/${after[at]?.name ?? ''} (${COMMAND_TYPE_NAMES[after[at]?.type ?? 1] ?? 'command'})`);
  const found = validateSetRules(after, { ...scope.context, commandLabel: label }).flatMap((item): Problem[] => {
    const countRule = COUNT_RULES[type];
    if (countRule && item.rule === RULES[countRule].id && creating && !replaced) return [item];
    if (item.rule === 'scope.duplicate-name' && item.path === `[${index}].name`) return [{ ...item, path: 'name' }];
    return [];
  });
  if (creating && !replaced && scope.createsUsed !== undefined && scope.createsUsed >= LIMITS.dailyCreates) found.push(problem('dailyCreates', '', { used: scope.createsUsed }));
  return found;
}
