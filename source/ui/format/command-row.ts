/**
 * What a command's row in the list shows, one text per column. The list draws it, and the list kept
 * for the next start (config/list-cache.ts) holds it, so that start draws its first frame from these
 * texts alone: no command to check against the schema, measure or sort first.
 */
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
