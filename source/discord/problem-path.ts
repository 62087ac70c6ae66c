/**
 * Problem paths: `options[0].choices[2].value`, `name_localizations.fr`, `[3].name` in a set.
 * Built here and parsed here, so the emulator can turn them back into Discord's nested error tree.
 */

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function fieldPath(base: string, key: string): string {
  const segment = PLAIN_KEY.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (base === '') return segment;
  return segment.startsWith('[') ? `${base}${segment}` : `${base}.${segment}`;
}

export function indexPath(base: string, index: number): string {
  return `${base}[${index}]`;
}

/** `[3].options[0].name` → [3, 'options', 0, 'name']; the inverse of fieldPath / indexPath. */
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
