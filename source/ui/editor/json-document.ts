/**
 * The document shown in $EDITOR: the command in bulk-overwrite form, with `//` comment lines on top
 * that explain the file and, after a failed attempt, say what was wrong. Pure.
 */
import { toBodyForm } from '../../discord/normalize.js';
import type { Problem } from '../../discord/model.js';
import { parseStrictJson, strictJsonProblem } from '../../discord/strict-json.js';
import { plural } from '../../terminal/plural.js';

export function jsonDocument(command: unknown): string {
  return withNotes(`${JSON.stringify(toBodyForm(command), null, 2)}\n`, []);
}

/** Replaces the comment header of an edited text (keeping the user's JSON as typed) with fresh notes. */
export function withNotes(text: string, notes: readonly string[]): string {
  const header = [
    'Edit the command as JSON; save and close the editor to review the change before it is sent.',
    'Lines starting with // are ignored. Close without changes to cancel.',
    ...notes,
  ];
  return `${header.map((line) => `// ${line}`).join('\n')}\n${stripComments(text)}`;
}

function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
}

export type ParsedDocument = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Parsed as strictly as a commands file (no `__proto__`, no key twice); comment lines are blanked, so line numbers match the editor's. */
export function parseDocument(text: string): ParsedDocument {
  const parsed = parseStrictJson(text.split('\n').map((line) => (line.trimStart().startsWith('//') ? '' : line)).join('\n'));
  if (!parsed.ok) return { ok: false, error: `The command ${strictJsonProblem(parsed)}` };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'The file must hold one JSON object (the command).' };
  return { ok: true, value: value as Record<string, unknown> };
}

export function problemNotes(problems: readonly Problem[]): string[] {
  return [`ERROR: ${plural(problems.length, 'rule problem')}; fix and save again:`, ...problems.map((p) => `  ${p.path || '(command)'}: ${p.message}`)];
}
