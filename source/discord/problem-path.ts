/**
 * Problem paths: `options[0].choices[2].value`, `name_localizations.fr`, `[3].name` in a set.
 * Built here and parsed here, so the emulator can turn them back into Discord's nested error tree, and
 * read out of such a tree (flattenFieldErrors) by the client and the emulator alike.
 */

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A field the validator names itself (`options`, `name` …): always a plain key. */
export function fieldPath(base: string, key: string): string {
  return base === '' ? key : `${base}.${key}`;
}

/** A key taken from the input (a locale, an unknown field): quoted when it is not a plain key. */
export function keyPath(base: string, key: string): string {
  if (PLAIN_KEY.test(key)) return fieldPath(base, key);
  return `${base}[${JSON.stringify(key)}]`;
}

export function indexPath(base: string, index: number): string {
  return `${base}[${index}]`;
}

/** `[3].options[0].name` → [3, 'options', 0, 'name']; the inverse of fieldPath / keyPath / indexPath. */
export function parsePath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  const token = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([A-Za-z_][A-Za-z0-9_-]*)/gy;
  let match: RegExpExecArray | null;
  while (token.lastIndex < path.length && (match = token.exec(path)) !== null) {
    if (match[1] !== undefined) segments.push(Number(match[1]));
    else if (match[2] !== undefined) segments.push(JSON.parse(match[2]) as string);
    else if (match[3] !== undefined) segments.push(match[3]);
  }
  return segments;
}

export interface FieldError {
  path: string;
  code: string;
  message: string;
}

/** Walks `{ options: { "0": { name: { _errors: [...] } } } }` into `options[0].name`. */
export function flattenFieldErrors(tree: unknown, path = ''): FieldError[] {
  if (tree === null || typeof tree !== 'object') return [];
  const found: FieldError[] = [];
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (key === '_errors') {
      for (const item of Array.isArray(value) ? value : []) {
        const leaf = (item ?? {}) as { code?: unknown; message?: unknown };
        found.push({ path, code: String(leaf.code ?? 'UNKNOWN'), message: String(leaf.message ?? 'Invalid value') });
      }
    } else {
      found.push(...flattenFieldErrors(value, /^\d+$/.test(key) ? indexPath(path, Number(key)) : fieldPath(path, key)));
    }
  }
  return found;
}
