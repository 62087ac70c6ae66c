/**
 * The 8000-character budget: name + description of the command and of every option (through
 * subcommands and groups) + every choice's name and value. For each field only the longest of
 * the default and its localizations counts. Numbers count by their JSON text (`1.5` is 3
 * characters, as Discord serializes them); texts count in code points.
 */
import { LIMITS } from './model.js';
import { codePointLength, isRecord, own, type JsonRecord } from './json-value.js';
import { fieldPath, indexPath } from './problem-path.js';

export interface SizeField {
  path: string;
  length: number;
}

export interface CommandSize {
  total: number;
  /** Every counted field, biggest first. */
  fields: SizeField[];
}

/** command > group > subcommand > option: nothing legal nests deeper, so the walk stops there. */
const MAX_OPTION_DEPTH = 3;

export function commandSize(command: unknown): CommandSize {
  const fields: SizeField[] = [];
  if (isRecord(command)) measureNamed(command, '', 0, fields);
  fields.sort((a, b) => b.length - a.length);
  let total = 0;
  for (const field of fields) total += field.length;
  return { total, fields };
}

function measureNamed(part: JsonRecord, path: string, depth: number, fields: SizeField[]): void {
  addText(part, 'name', path, fields);
  addText(part, 'description', path, fields);
  const options = own(part, 'options');
  if (depth < MAX_OPTION_DEPTH && Array.isArray(options)) {
    const optionsPath = fieldPath(path, 'options');
    options.forEach((option, index) => {
      if (isRecord(option)) measureNamed(option, indexPath(optionsPath, index), depth + 1, fields);
    });
  }
  const choices = own(part, 'choices');
  if (depth > 0 && Array.isArray(choices)) {
    const choicesPath = fieldPath(path, 'choices');
    choices.forEach((choice, index) => {
      if (!isRecord(choice)) return;
      const choicePath = indexPath(choicesPath, index);
      addText(choice, 'name', choicePath, fields);
      const length = valueLength(own(choice, 'value'));
      if (length > 0) fields.push({ path: fieldPath(choicePath, 'value'), length });
    });
  }
}

/** Adds `key` at its longest variant among the default and the localizations. */
function addText(part: JsonRecord, key: 'name' | 'description', path: string, fields: SizeField[]): void {
  let longest = valueLength(own(part, key), true);
  const localizations = own(part, `${key}_localizations`);
  if (isRecord(localizations)) {
    for (const locale of Object.keys(localizations)) {
      const text = localizations[locale];
      if (typeof text === 'string') longest = Math.max(longest, codePointLength(text));
    }
  }
  if (longest > 0) fields.push({ path: fieldPath(path, key), length: longest });
}

function valueLength(value: unknown, textOnly = false): number {
  if (typeof value === 'string') return codePointLength(value);
  if (!textOnly && typeof value === 'number' && Number.isFinite(value)) return JSON.stringify(value).length;
  return 0;
}

/** "options[0].choices (4100), options[3].description (100)": the parts worth shortening first. */
export function largestParts(size: CommandSize, count = 3): string {
  const groups = new Map<string, number>();
  for (const { path, length } of size.fields) {
    const group = path.replace(/\.choices\[\d+\]\.(?:name|value)$/, '.choices');
    groups.set(group, (groups.get(group) ?? 0) + length);
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([path, length]) => `${path} (${length})`)
    .join(', ');
}

export function exceedsSizeLimit(size: CommandSize): boolean {
  return size.total > LIMITS.commandSize;
}
