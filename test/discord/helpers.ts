/** Builders for small valid commands and options, and a compact view of problems for assertions. */
import type { CommandDraft, CommandOption, Problem } from '../../source/discord/model.js';

export function slash(overrides: Partial<CommandDraft> = {}): CommandDraft {
  return { name: 'ban', description: 'Ban a member', ...overrides };
}

export function option(overrides: Partial<CommandOption> = {}): CommandOption {
  return { type: 3, name: 'reason', description: 'Why', ...overrides };
}

/** `error options[0].name name.pattern`: severity, path and rule, the parts tests assert on. */
export function brief(problems: Problem[]): string[] {
  return problems.map(({ severity, path, rule }) => `${severity} ${path} ${rule}`);
}
