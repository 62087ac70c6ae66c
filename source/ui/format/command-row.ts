/**
 * What a command's row in the list shows, one text per column. The list draws it, and the list kept
 * for the next start (config/list-cache.ts) holds it, so that start draws its first frame from these
 * texts alone: no command to check against the schema, measure or sort first.
 */
import { compareNames } from '../../discord/command-order.js';
import { commandSize } from '../../discord/command-size.js';
import { LIMITS, type Command } from '../../discord/model.js';
import { topLevelOptionCount } from '../../discord/option-count.js';
import { contextsSummary, permissionsSummary, TYPE_SHORT } from './command-summary.js';

/** The cells of a row, in the list's column order: type, name, description, top-level options, permissions, contexts, NSFW, size. */
export type RowCells = readonly string[];

export function commandRowCells(command: Command): RowCells {
  return [
    TYPE_SHORT[command.type] ?? String(command.type),
    command.name,
    command.description,
    String(topLevelOptionCount(command)),
    permissionsSummary(command.default_member_permissions),
    contextsSummary(command),
    command.nsfw ? 'yes' : '',
    `${commandSize(command).total}/${LIMITS.commandSize}`,
  ];
}

/**
 * Commands sorted by type then name, filtered by name/description (case-insensitive); with a filter,
 * the exact name comes first, then names that start with it, then names and descriptions that hold it.
 */
export function visibleCommands(commands: readonly Command[], filter: string): Command[] {
  const needle = filter.trim().toLowerCase();
  const sorted = [...commands].sort((a, b) => a.type - b.type || compareNames(a.name, b.name));
  if (!needle) return sorted;
  const rank = (c: Command): number => {
    const name = c.name.toLowerCase();
    if (name === needle) return 0;
    if (name.startsWith(needle)) return 1;
    if (name.includes(needle)) return 2;
    return c.description.toLowerCase().includes(needle) ? 3 : -1;
  };
  return sorted
    .map((command) => ({ command, rank: rank(command) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.command);
}
