/**
 * The commands file: a JSON array in the bulk-overwrite body format (the format discord.js deploy
 * scripts send), written with server-only fields removed, commands sorted by type then name and keys
 * in one order, so two exports of the same scope are byte-identical and diff well in git.
 * Pure; no I/O.
 */
import type { CommandDraft } from './model.js';
import { withoutGlobalOnlyFields } from './adapt-scope.js';
import { toBodyForm } from './normalize.js';
import { parseStrictJson, strictJsonProblem } from './strict-json.js';

export function formatCommandsFile(commands: readonly unknown[], scope: 'global' | 'guild'): string {
  // Guild commands ignore the global-only installation fields the server echoes; a guild file leaves them out.
  const bodies = commands.map((command) => {
    const body = toBodyForm(command);
    return (scope === 'guild' ? withoutGlobalOnlyFields(body) : body) as CommandDraft;
  });
  bodies.sort((a, b) => (a.type ?? 1) - (b.type ?? 1) || compareText(a.name, b.name));
  return `${JSON.stringify(bodies, null, 2)}\n`;
}

export type ParsedCommandsFile = { ok: true; commands: unknown[] } | { ok: false; message: string };

/** Reads a commands file's text; says what is wrong in terms of the file, never throws. */
export function parseCommandsFile(text: string): ParsedCommandsFile {
  const parsed = parseStrictJson(text);
  if (!parsed.ok) return { ok: false, message: strictJsonProblem(parsed) };
  const value = parsed.value;
  // One command (a POST body, as most bots keep one per file) is a set of one.
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ok: true, commands: [value] };
  if (!Array.isArray(value)) {
    return { ok: false, message: 'must be a command or a JSON array of commands (the bulk-overwrite body, as `cmd-tui export` writes it)' };
  }
  return { ok: true, commands: value };
}

function compareText(a: unknown, b: unknown): number {
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
