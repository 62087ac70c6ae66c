/**
 * The 8000-character budget: name + description of the command and of every option (through
 * subcommands and groups) + every choice's name and value. For each field only the longest of
 * the default and its localizations counts. Numbers count by their JSON text (`1.5` is 3
 * characters, as Discord serializes them); texts count in code points.
 */
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

/** Where the walk reports: always the total; paths and fields only when a breakdown is wanted. */
interface Tally {
  withPaths: boolean;
  total: number;
  fields: SizeField[];
}

export function commandSize(command: unknown): CommandSize {
  const tally: Tally = { withPaths: true, total: 0, fields: [] };
  if (isRecord(command)) measureNamed(command, '', 0, tally);
  tally.fields.sort((a, b) => b.length - a.length);
  return { total: tally.total, fields: tally.fields };
}

/** The total alone: no path strings, no sorting (the validator runs this on every keystroke). */
export function commandSizeTotal(command: unknown): number {
  const tally: Tally = { withPaths: false, total: 0, fields: [] };
  if (isRecord(command)) measureNamed(command, '', 0, tally);
  return tally.total;
}

function add(tally: Tally, path: string, key: string, length: number): void {
  if (length === 0) return;
  tally.total += length;
  if (tally.withPaths) tally.fields.push({ path: fieldPath(path, key), length });
}

function measureNamed(part: JsonRecord, path: string, depth: number, tally: Tally): void {
  addText(part, 'name', path, tally);
  addText(part, 'description', path, tally);
  const options = own(part, 'options');
  if (depth < MAX_OPTION_DEPTH && Array.isArray(options)) {
    const optionsPath = tally.withPaths ? fieldPath(path, 'options') : '';
    for (let index = 0; index < options.length; index += 1) {
      const option: unknown = options[index];
      if (isRecord(option)) measureNamed(option, tally.withPaths ? indexPath(optionsPath, index) : '', depth + 1, tally);
    }
  }
  const choices = own(part, 'choices');
  if (depth > 0 && Array.isArray(choices)) {
    const choicesPath = tally.withPaths ? fieldPath(path, 'choices') : '';
    for (let index = 0; index < choices.length; index += 1) {
      const choice: unknown = choices[index];
      if (!isRecord(choice)) continue;
      const choicePath = tally.withPaths ? indexPath(choicesPath, index) : '';
      addText(choice, 'name', choicePath, tally);
      add(tally, choicePath, 'value', valueLength(own(choice, 'value')));
    }
  }
}

/** Adds `key` at its longest variant among the default and the localizations. */
function addText(part: JsonRecord, key: 'name' | 'description', path: string, tally: Tally): void {
  let longest = valueLength(own(part, key), true);
  const localizations = own(part, key === 'name' ? 'name_localizations' : 'description_localizations');
  if (isRecord(localizations)) {
    for (const locale of Object.keys(localizations)) {
      const text = localizations[locale];
      if (typeof text === 'string') longest = Math.max(longest, codePointLength(text));
    }
  }
  add(tally, path, key, longest);
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

