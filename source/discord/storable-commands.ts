/**
 * Which of a scope's commands, as another API answered them, Discord could hold: each one valid, with an
 * id of its own (a snowflake no other command of the app has), and the scope within its counts per type
 * (one entry point) and unique names per type — taken in order, so the first of two duplicates stays.
 * The rules are the validator's (validateCommand, validateSetRules), never restated: the emulator copies
 * only this much in (`serve --copy-commands`, the Try screen) and says what it left out, and why.
 */
import { COMMAND_TYPE_NAMES, CommandType, LIMITS, type Command } from './model.js';
import { RULES } from './rules.js';
import { COUNT_RULES, validateCommand, validateSetRules, type ValidationContext } from './validate.js';

export interface LeftOut {
  /** As the source named it, cut to a readable length. */
  name: string;
  type: string;
  why: string;
}

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** Most commands a scope can hold, all types together: past it every further one is left out unread. */
const MOST_KEPT = Object.values(LIMITS.perScope).reduce((sum, count) => sum + count, 0);

/**
 * Why `command` cannot join `kept` (the scope's commands taken so far), or undefined. `ids`: the app's
 * ids taken so far, in every scope.
 */
function whyLeftOut(command: Record<string, unknown>, kept: readonly Record<string, unknown>[], ids: ReadonlySet<string>, context: ValidationContext): string | undefined {
  const type = typeof command.type === 'number' ? command.type : CommandType.ChatInput;
  const full = kept.filter((other) => (typeof other.type === 'number' ? other.type : CommandType.ChatInput) === type).length >= (LIMITS.perScope[type] ?? 0);
  const most = LIMITS.perScope[type];
  if (full && COUNT_RULES[type]) return most === 1 ? `the scope already holds its one ${COMMAND_TYPE_NAMES[type]} command, the only one Discord keeps` : `the scope already holds ${most} ${COMMAND_TYPE_NAMES[type]} commands, the most Discord keeps`;
  if (typeof command.id !== 'string' || command.id === '') return 'it has no id';
  const invalid = validateCommand(command, context).find((problem) => problem.severity === 'error');
  if (invalid) return `${invalid.path ? `${invalid.path}: ` : ''}${invalid.message}`;
  if (ids.has(command.id)) return `its id ${command.id} is another command's`;
  const index = kept.length;
  const countRule = COUNT_RULES[type] ? RULES[COUNT_RULES[type]].id : undefined;
  const clash = validateSetRules([...kept, command], { ...context, commandLabel: (at) => `the command with id ${String(kept[at]?.id)}` }).find(
    (problem) => problem.severity === 'error' && (problem.path.startsWith(`[${index}]`) || problem.rule === countRule),
  );
  return clash?.message;
}

/** The commands Discord could hold in one scope, in order, and those left out with why. `ids` gains the kept ones' ids. */
export function storableCommands(commands: readonly unknown[], context: ValidationContext, ids: Set<string>): { kept: Command[]; leftOut: LeftOut[] } {
  const kept: Record<string, unknown>[] = [];
  const leftOut: LeftOut[] = [];
  for (const command of commands) {
    const record = typeof command === 'object' && command !== null && !Array.isArray(command) ? (command as Record<string, unknown>) : undefined;
    const why = record === undefined ? 'it is not a command object' : kept.length >= MOST_KEPT ? `the scope already holds ${MOST_KEPT} commands, the most Discord keeps` : whyLeftOut(record, kept, ids, context);
    if (why === undefined) {
      kept.push(record!);
      ids.add(record!.id as string);
    } else {
      leftOut.push({ name: shown(record?.name ?? '(no name)'), type: COMMAND_TYPE_NAMES[typeof record?.type === 'number' ? record.type : 1] ?? shown(record?.type), why });
    }
  }
  return { kept: kept as unknown as Command[], leftOut };
}
