/**
 * What the user can do about a refusal, in no door's words. The engine and the rules name the remedy;
 * each door words it once, as its own flag, key or tool (commands/remedy-words.ts, ui/format/remedy-words.ts,
 * mcp/remedy-words.ts): the CLI's `--prune` is the agents' `prune: true`, and the TUI has neither.
 */
export type Remedy =
  /** Ask for fewer commands (a file's, a list's); `prune`: or also delete the scope's commands the list lacks. */
  | { kind: 'fewer-commands'; prune: boolean }
  /** Make the plan again from the scope as it is now: a plan shown for confirming is never swapped for another. */
  | { kind: 'plan-again' }
  /** Name a command as the scope's list shows it; `app`: or `app` for the app-level defaults (where overwrites are read). */
  | { kind: 'list-commands'; app: boolean };

/** The remedy an error value names, if any (ScopeChangedError, …). */
export function remedyOf(error: unknown): Remedy | undefined {
  const remedy = error instanceof Error ? (error as { remedy?: Remedy }).remedy : undefined;
  return typeof remedy === 'object' && remedy !== null ? remedy : undefined;
}
