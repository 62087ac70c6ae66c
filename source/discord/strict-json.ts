/**
 * JSON from files people keep and pull requests change (commands files, backups, settings): parsed
 * without trusting it. `__proto__`, `constructor` and `prototype` keys and a key given twice are errors
 * at their path — `JSON.parse` would take the last of two keys silently, and a `__proto__` key can hide
 * fields from a check that reads own properties. Errors say line and column, never the file's content.
 * Iterative, so depth costs no stack; nesting deeper than any command needs is refused.
 */
export type StrictJson = { ok: true; value: unknown } | { ok: false; message: string; path?: string };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Commands nest a few levels (options of options); backups a few more. */
export const MAX_DEPTH = 64;

interface Frame {
  container: Record<string, unknown> | unknown[];
  path: string;
  /** Keys seen in this object. */
  keys?: Set<string>;
  /** The key whose value is being read. */
  key?: string;
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

function childPath(frame: Frame | undefined): string {
  if (!frame) return '';
  if (Array.isArray(frame.container)) return `${frame.path}[${frame.container.length}]`;
  const key = frame.key!;
  const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return frame.path === '' ? name : /^[A-Za-z_$]/.test(name) ? `${frame.path}.${name}` : `${frame.path}[${name}]`;
}

export function parseStrictJson(text: string): StrictJson {
  let index = 0;
  const fail = (what: string, path?: string): never => {
    const before = text.slice(0, index);
    const line = before.split('\n').length;
    const column = index - before.lastIndexOf('\n');
    throw new JsonSyntaxError(`line ${line}, column ${column}: ${what}`, path);
  };
  const skipSpace = () => {
    while (index < text.length && (text[index] === ' ' || text[index] === '\t' || text[index] === '\n' || text[index] === '\r')) index += 1;
  };
  const readString = (): string => {
    const start = index;
    index += 1;
    let escaped = false;
    for (; index < text.length; index += 1) {
      const char = text.charCodeAt(index);
      if (escaped) escaped = false;
      else if (char === 0x5c) escaped = true;
      else if (char === 0x22) break;
      else if (char < 0x20) fail('a control character inside a string (write it as an escape, e.g. \\n)');
    }
    if (index >= text.length) {
      index = start;
      fail('a string that never ends');
    }
    index += 1;
    try {
      return JSON.parse(text.slice(start, index)) as string;
    } catch {
      index = start;
      return fail('a string with an invalid escape');
    }
  };
  const readScalar = (): unknown => {
    const match = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(index, index + 400));
    if (!match) return fail(index >= text.length ? 'the text ends before a value' : 'a value was expected here');
    index += match[0].length;
    return JSON.parse(match[0]) as unknown;
  };

  try {
    const stack: Frame[] = [];
    let result: unknown;
    let haveResult = false;
    const place = (value: unknown) => {
      const top = stack.at(-1);
      if (!top) {
        result = value;
        haveResult = true;
      } else if (Array.isArray(top.container)) top.container.push(value);
      else top.container[top.key!] = value;
    };
    skipSpace();
    for (;;) {
      // A value is expected here.
      skipSpace();
      const char = text[index];
      if (char === '{' || char === '[') {
        if (stack.length >= MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH} levels`, childPath(stack.at(-1)));
        const path = childPath(stack.at(-1));
        const container: Record<string, unknown> | unknown[] = char === '{' ? {} : [];
        place(container);
        index += 1;
        const frame: Frame = char === '{' ? { container, path, keys: new Set() } : { container, path };
        stack.push(frame);
        skipSpace();
        if (text[index] === (char === '{' ? '}' : ']')) {
          index += 1;
          stack.pop();
        } else if (char === '{') {
          if (text[index] !== '"') fail('a key in double quotes was expected');
          const key = readString();
          if (FORBIDDEN_KEYS.has(key)) fail(`the key "${key}" is not allowed (it could smuggle fields past the checks)`, childPath({ ...frame, key }));
          frame.keys!.add(key);
          frame.key = key;
          skipSpace();
          if (text[index] !== ':') fail('a colon after the key was expected');
          index += 1;
          continue;
        } else continue;
      } else if (char === '"') {
        place(readString());
      } else {
        place(readScalar());
      }
      // After a value: close containers or move to the next item.
      for (;;) {
        skipSpace();
        const top = stack.at(-1);
        if (!top) break;
        const closer = Array.isArray(top.container) ? ']' : '}';
        if (text[index] === closer) {
          index += 1;
          stack.pop();
          continue;
        }
        if (text[index] !== ',') fail(`a comma or ${closer} was expected`);
        index += 1;
        skipSpace();
        if (!Array.isArray(top.container)) {
          if (text[index] !== '"') fail('a key in double quotes was expected');
          const key = readString();
          if (FORBIDDEN_KEYS.has(key)) fail(`the key "${key}" is not allowed (it could smuggle fields past the checks)`, childPath({ ...top, key }));
          if (top.keys!.has(key)) fail(`the key "${key}" is given twice (JSON would keep only the last silently)`, childPath({ ...top, key }));
          top.keys!.add(key);
          top.key = key;
          skipSpace();
          if (text[index] !== ':') fail('a colon after the key was expected');
          index += 1;
        }
        break;
      }
      if (stack.length === 0 && haveResult) break;
    }
    skipSpace();
    if (index < text.length) fail('more text after the value');
    return { ok: true, value: result };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error.path === undefined ? { ok: false, message: error.message } : { ok: false, message: error.message, path: error.path };
    throw error;
  }
}

/** A JSON object read strictly (the shape of every state file cmd-tui keeps), or undefined for anything else. */
export function parseStrictObject(text: string): Record<string, unknown> | undefined {
  const parsed = parseStrictJson(text);
  const value = parsed.ok ? parsed.value : undefined;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
