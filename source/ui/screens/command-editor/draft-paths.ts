/**
 * Reading and writing a draft at a problem path (`options[0].choices[1].name`, `name_localizations.fr`),
 * immutably, so editor fields and validator problems share one addressing scheme.
 */
import { parsePath } from '../../../discord/problem-path.js';

type Segment = string | number;

export function getAt(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const segment of parsePath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<Segment, unknown>)[segment];
  }
  return node;
}

/** A copy of `root` with the value at `path` replaced; `undefined` removes the key (or array item). */
export function setAt<T>(root: T, path: string, value: unknown): T {
  return setSegments(root, parsePath(path), value) as T;
}

function setSegments(node: unknown, segments: Segment[], value: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const array = Array.isArray(node) ? [...node] : [];
    const next = setSegments(array[head], rest, value);
    if (next === undefined && rest.length === 0) array.splice(head, 1);
    else array[head] = next;
    return array;
  }
  const object: Record<string, unknown> = node !== null && typeof node === 'object' && !Array.isArray(node) ? { ...(node as Record<string, unknown>) } : {};
  const next = setSegments(object[head], rest, value);
  if (next === undefined) delete object[head];
  else object[head] = next;
  return object;
}

/** `options[0].choices[1].name` → `options[0].choices[1]`; `name` → ``. */
export function parentPath(path: string): string {
  const match = /^(.*?)(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/.exec(path);
  return match?.[1] ?? '';
}

/** The innermost `…options[i]` or `…choices[j]` item that contains `path`, if any. */
export function itemPathOf(path: string, kind: 'options' | 'choices'): string | undefined {
  const re = new RegExp(`^(.*${kind}\\[\\d+\\])`);
  return re.exec(path)?.[1];
}

/** `options[2]` → { array: 'options', index: 2 }. */
export function splitItemPath(itemPath: string): { array: string; index: number } {
  const match = /^(.*)\[(\d+)\]$/.exec(itemPath);
  return { array: match?.[1] ?? '', index: Number(match?.[2] ?? 0) };
}
