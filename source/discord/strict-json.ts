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

/** The text and the place reading has reached: JSON's tokens, and errors that say the line and column. */
class Cursor {
  index = 0;

  constructor(private readonly text: string) {}

  get char(): string | undefined {
    return this.text[this.index];
  }

  get ended(): boolean {
    return this.index >= this.text.length;
  }

  fail(what: string, path?: string): never {
    const before = this.text.slice(0, this.index);
    const line = before.split('\n').length;
    const column = this.index - before.lastIndexOf('\n');
    throw new JsonSyntaxError(`line ${line}, column ${column}: ${what}`, path);
  }

  skipSpace(): void {
    const { text } = this;
    while (this.index < text.length && (text[this.index] === ' ' || text[this.index] === '\t' || text[this.index] === '\n' || text[this.index] === '\r')) this.index += 1;
  }

  /** Steps over `char`, or fails with `what`. */
  expect(char: string, what: string): void {
    if (this.char !== char) this.fail(what);
    this.index += 1;
  }

  readString(): string {
    const { text } = this;
    const start = this.index;
    this.index += 1;
    let escaped = false;
    for (; this.index < text.length; this.index += 1) {
      const code = text.charCodeAt(this.index);
      if (escaped) escaped = false;
      else if (code === 0x5c) escaped = true;
      else if (code === 0x22) break;
      else if (code < 0x20) this.fail('a control character inside a string (write it as an escape, e.g. \\n)');
    }
    if (this.ended) {
      this.index = start;
      this.fail('a string that never ends');
    }
    this.index += 1;
    try {
      return JSON.parse(text.slice(start, this.index)) as string;
    } catch {
      this.index = start;
      return this.fail('a string with an invalid escape');
    }
  }

  readScalar(): unknown {
    const match = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.index, this.index + 400));
    if (!match) return this.fail(this.ended ? 'the text ends before a value' : 'a value was expected here');
    this.index += match[0].length;
    return JSON.parse(match[0]) as unknown;
  }

  /** An object's next key and its colon: refused when it could smuggle fields past the checks, or is given twice. */
  readKey(frame: Frame): void {
    if (this.char !== '"') this.fail('a key in double quotes was expected');
    const key = this.readString();
    if (FORBIDDEN_KEYS.has(key)) this.fail(`the key "${key}" is not allowed (it could smuggle fields past the checks)`, childPath({ ...frame, key }));
    if (frame.keys!.has(key)) this.fail(`the key "${key}" is given twice (JSON would keep only the last silently)`, childPath({ ...frame, key }));
    frame.keys!.add(key);
    frame.key = key;
    this.skipSpace();
    this.expect(':', 'a colon after the key was expected');
  }
}

export function parseStrictJson(text: string): StrictJson {
  const cursor = new Cursor(text);
  try {
    const value = readValue(cursor);
    cursor.skipSpace();
    if (!cursor.ended) cursor.fail('more text after the value');
    return { ok: true, value };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error.path === undefined ? { ok: false, message: error.message } : { ok: false, message: error.message, path: error.path };
    throw error;
  }
}

/** One whole value, its containers kept on a stack of frames (innermost last) rather than the call stack. */
function readValue(cursor: Cursor): unknown {
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
  for (;;) {
    // A value is expected here.
    cursor.skipSpace();
    const char = cursor.char;
    if (char === '{' || char === '[') {
      if (openContainer(cursor, stack, place, char)) continue;
    } else {
      place(char === '"' ? cursor.readString() : cursor.readScalar());
    }
    closeOrNext(cursor, stack);
    if (stack.length === 0 && haveResult) return result;
  }
}

/** Opens an object or array where a value goes; true when it has a first item to read, false when it was empty (and is closed). */
function openContainer(cursor: Cursor, stack: Frame[], place: (value: unknown) => void, char: '{' | '['): boolean {
  const path = childPath(stack.at(-1));
  if (stack.length >= MAX_DEPTH) cursor.fail(`nested deeper than ${MAX_DEPTH} levels`, path);
  const container: Record<string, unknown> | unknown[] = char === '{' ? {} : [];
  place(container);
  cursor.index += 1;
  const frame: Frame = char === '{' ? { container, path, keys: new Set() } : { container, path };
  stack.push(frame);
  cursor.skipSpace();
  if (cursor.char === (char === '{' ? '}' : ']')) {
    cursor.index += 1;
    stack.pop();
    return false;
  }
  if (char === '{') cursor.readKey(frame);
  return true;
}

/** After a value: closes the containers it ends, or steps to the next item (an object's with its key). */
function closeOrNext(cursor: Cursor, stack: Frame[]): void {
  for (;;) {
    cursor.skipSpace();
    const top = stack.at(-1);
    if (!top) return;
    const closer = Array.isArray(top.container) ? ']' : '}';
    if (cursor.char === closer) {
      cursor.index += 1;
      stack.pop();
      continue;
    }
    cursor.expect(',', `a comma or ${closer} was expected`);
    cursor.skipSpace();
    if (!Array.isArray(top.container)) cursor.readKey(top);
    return;
  }
}

/** A JSON object read strictly (the shape of every state file cmd-tui keeps), or undefined for anything else. */
export function parseStrictObject(text: string): Record<string, unknown> | undefined {
  const parsed = parseStrictJson(text);
  const value = parsed.ok ? parsed.value : undefined;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
