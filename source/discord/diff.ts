/**
 * The one diff engine: field-level differences between two commands in comparable form
 * (see normalize.ts). Used by `plan`, `apply`, `restore` and the TUI's change preview.
 * Pure; no I/O.
 */

export interface FieldChange {
  /** Path of the leaf that differs, in the validator's syntax: `options[0].choices[1].name`. */
  path: string;
  /** Top-level command field the change belongs to; PATCH replaces whole top-level fields. */
  field: string;
  /** undefined when the leaf is added. */
  before: unknown;
  /** undefined when the leaf is removed. */
  after: unknown;
}

/** Every leaf that differs between `before` and `after`, in key order of `after` then `before`. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const key of unionKeys(before, after)) {
    collect(before[key], after[key], key, key, changes);
  }
  return changes;
}

/** The top-level fields that differ, in first-seen order. */
export function changedFields(changes: readonly FieldChange[]): string[] {
  return [...new Set(changes.map((change) => change.field))];
}

function collect(before: unknown, after: unknown, path: string, field: string, out: FieldChange[]): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) collect(before[index], after[index], `${path}[${index}]`, field, out);
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of unionKeys(before, after)) collect(before[key], after[key], `${path}.${key}`, field, out);
    return;
  }
  if (!sameLeaf(before, after)) out.push({ path, field, before, after });
}

function sameLeaf(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b) || isPlainObject(a) || isPlainObject(b)) return false;
  return Object.is(a, b);
}

function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(b), ...Object.keys(a)])];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
