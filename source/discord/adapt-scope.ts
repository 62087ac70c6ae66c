/**
 * Commands meant for one scope, made fit for another (`cmd-tui copy`, `plan/apply --adapt`, the TUI's
 * copy): into a guild, the global-only installation fields (`contexts`, `integration_types`,
 * `dm_permission`) are dropped — Discord applies them only to global commands — and an entry-point
 * command is skipped, since it exists only globally. Everything dropped or skipped is reported, never
 * silent. Into Global nothing needs dropping. Pure; no I/O.
 */
import { CommandType } from './model.js';
import { copyableEntries } from './json-value.js';
import { plural } from '../terminal/plural.js';

export const GLOBAL_ONLY_FIELDS = ['contexts', 'integration_types', 'dm_permission'] as const;

export interface Adaptation {
  /** `/name` (or the name of a user/message command), as the report names it. */
  command: string;
  /** Fields removed from the command. */
  dropped: string[];
  /** Set when the command is left out entirely, with why. */
  skipped?: string;
}

export interface AdaptedCommands {
  commands: unknown[];
  adaptations: Adaptation[];
  /** For each adapted command, its index in the input (entry points are skipped for a guild). */
  kept: number[];
}

function labelOf(command: Record<string, unknown>): string {
  const type = command.type ?? CommandType.ChatInput;
  return type === CommandType.ChatInput ? `/${String(command.name)}` : String(command.name);
}

export function adaptToScope(commands: readonly unknown[], target: 'global' | 'guild'): AdaptedCommands {
  if (target === 'global') return { commands: [...commands], adaptations: [], kept: commands.map((_, index) => index) };
  const adapted: unknown[] = [];
  const adaptations: Adaptation[] = [];
  const kept: number[] = [];
  for (const [index, command] of commands.entries()) {
    if (command === null || typeof command !== 'object' || Array.isArray(command)) {
      adapted.push(command);
      kept.push(index);
      continue;
    }
    const body = command as Record<string, unknown>;
    if (body.type === CommandType.PrimaryEntryPoint) {
      adaptations.push({ command: labelOf(body), dropped: [], skipped: 'an entry-point command exists only in the global scope' });
      continue;
    }
    const dropped = GLOBAL_ONLY_FIELDS.filter((field) => Object.hasOwn(body, field) && body[field] !== null && body[field] !== undefined);
    adapted.push(withoutGlobalOnlyFields(body));
    kept.push(index);
    if (dropped.length > 0) adaptations.push({ command: labelOf(body), dropped: [...dropped] });
  }
  return { commands: adapted, adaptations, kept };
}

export function withoutGlobalOnlyFields(body: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of copyableEntries(body)) if (!(GLOBAL_ONLY_FIELDS as readonly string[]).includes(key)) copy[key] = value;
  return copy;
}

/** Names shown in a summary line before "and N more". */
const NAMED = 3;

/**
 * What was dropped or skipped, one line per kind (the same fields dropped, or the same reason to skip)
 * with the commands counted and the first few named: a scope of 36 commands reads as one line, not 36
 * alike. The CLI's report and the TUI's copy dialog both show it.
 */
export function summarizeAdaptations(adaptations: readonly Adaptation[]): string[] {
  const groups = new Map<string, { skipped?: string; dropped: string[]; commands: string[] }>();
  for (const adaptation of adaptations) {
    const key = adaptation.skipped ? `skipped:${adaptation.skipped}` : `dropped:${adaptation.dropped.join(',')}`;
    const group = groups.get(key) ?? { ...(adaptation.skipped ? { skipped: adaptation.skipped } : {}), dropped: adaptation.dropped, commands: [] };
    group.commands.push(adaptation.command);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ skipped, dropped, commands }) => {
    const [first] = commands;
    if (commands.length === 1 && first !== undefined) return skipped ? `skipped ${first}: ${skipped}` : `${first}: dropped ${dropped.join(', ')} (Discord applies them to global commands only)`;
    const shown = commands.slice(0, NAMED).join(', ');
    const names = commands.length > NAMED ? `${shown} and ${commands.length - NAMED} more` : shown;
    return skipped ? `skipped ${plural(commands.length, 'command')} (${names}): ${skipped}` : `dropped ${dropped.join(', ')} from ${plural(commands.length, 'command')} (${names}): Discord applies them to global commands only`;
  });
}
