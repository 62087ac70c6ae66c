/**
 * How many options a command has, as both the TUI's list and `cmd-tui list` show it: the top-level
 * ones, where a subcommand or subcommand group counts as one. That is the number Discord caps at 25,
 * and what a user sees first when typing the command.
 */
export function topLevelOptionCount(command: { options?: readonly unknown[] | null }): number {
  return command.options?.length ?? 0;
}

/** The column header both lists use, so the number cannot be mistaken for a total of nested options. */
export const OPTION_COUNT_HEADER = 'TOP OPTS';
