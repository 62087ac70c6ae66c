/**
 * A scope as a commands file, for `cmd-tui export` and the TUI's `x` alike: the bulk-overwrite body in a
 * stable order (discord/export-format.ts), with every character that could drive a terminal — a server's
 * C1 controls, bidi overrides, zero-width characters — written as a JSON escape, so `cat` or `git diff` of
 * the file shows it and any JSON parser reads the same value.
 */
import { formatCommandsFile } from '../discord/export-format.js';
import type { Command, Scope } from '../discord/model.js';
import { sanitizeJson } from '../terminal/sanitize.js';

export function commandsFileText(commands: readonly Command[], scope: Scope): string {
  return sanitizeJson(formatCommandsFile(commands, scope.kind));
}
