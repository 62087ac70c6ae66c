/**
 * JSON from files people keep and pull requests change (commands files, backups, settings): parsed
 * without trusting it. `__proto__`, `constructor` and `prototype` keys, a key given twice and a number
 * beyond a double's range are errors at their path — `JSON.parse` would take the last of two keys
 * silently, read 1e309 as Infinity, and a `__proto__` key can hide fields from a check that reads own
 * properties. Errors say line and column, never the file's content (strictJsonProblem words them).
 * Iterative, so depth costs no stack; nesting deeper than any command needs is refused.
 */
/**
 * What is wrong: `syntax` — not JSON at all (or cut short); the others are JSON that `JSON.parse` would read
 * but cmd-tui refuses: a key that could smuggle fields past the checks, a key given twice, a number no
 * double can hold (`1e309` would be read as Infinity), nesting deeper than MAX_DEPTH.
 */
export type StrictJsonFault = 'syntax' | 'key-not-allowed' | 'duplicated-key' | 'number-out-of-range' | 'too-deep';
export type StrictJsonFailure = { ok: false; fault: StrictJsonFault; message: string; path?: string };
export type StrictJson = { ok: true; value: unknown } | StrictJsonFailure;

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
    readonly fault: StrictJsonFault,
    readonly path?: string,
  ) {
    super(message);
  }
}

/**
 * How every reader of a file says what is wrong with its JSON, after the file's name: `is not valid JSON: line 2,
 * column 5: …`, or for JSON it refuses, what it is — `has a key that is not allowed: …`, `has a key given
 * twice: …`, `has a number out of range: …` — each with the line, column and path.
 */
export function strictJsonProblem(failure: Omit<StrictJsonFailure, 'ok'>): string {
  // `line 2, column 5: what` → `line 2, column 5 (at options[0].name): what`.
  const message = failure.path ? failure.message.replace(/^(line \d+, column \d+)/, `$1 (at ${failure.path})`) : failure.message;
  return `${FAULT_WORDS[failure.fault]}: ${message}`;
}

const FAULT_WORDS: Record<StrictJsonFault, string> = {
  syntax: 'is not valid JSON',
  'key-not-allowed': 'has a key that is not allowed',
  'duplicated-key': 'has a key given twice',
  'number-out-of-range': 'has a number out of range',
  'too-deep': 'is nested too deeply',
};

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

  fail(what: string, fault: StrictJsonFault = 'syntax', path?: string): never {
    const before = this.text.slice(0, this.index);
    const line = before.split('\n').length;
    const column = this.index - before.lastIndexOf('\n');
    throw new JsonSyntaxError(`line ${line}, column ${column}: ${what}`, fault, path);
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

  /** `path`: where the value goes, for a number out of range. */
  readScalar(path: () => string): unknown {
    const match = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.index, this.index + 400));
    if (!match) return this.fail(this.ended ? 'the text ends before a value' : 'a value was expected here');
    const value = JSON.parse(match[0]) as unknown;
    // JSON.parse reads 1e309 as Infinity, which JSON cannot even write back (it becomes null).
    if (typeof value === 'number' && !Number.isFinite(value)) this.fail('a number beyond ±1.8e308, which JSON.parse would read as Infinity', 'number-out-of-range', path());
    this.index += match[0].length;
    return value;
  }

  /** An object's next key and its colon: refused when it could smuggle fields past the checks, or is given twice. */
  readKey(frame: Frame): void {
    if (this.char !== '"') this.fail('a key in double quotes was expected');
    const key = this.readString();
    if (FORBIDDEN_KEYS.has(key)) this.fail(`the key "${key}" is not allowed (it could smuggle fields past the checks)`, 'key-not-allowed', childPath({ ...frame, key }));
    if (frame.keys!.has(key)) this.fail(`the key "${key}" is given twice (JSON would keep only the last silently)`, 'duplicated-key', childPath({ ...frame, key }));
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
    if (error instanceof JsonSyntaxError) return { ok: false, fault: error.fault, message: error.message, ...(error.path === undefined ? {} : { path: error.path }) };
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
      place(char === '"' ? cursor.readString() : cursor.readScalar(() => childPath(stack.at(-1))));
    }
    closeOrNext(cursor, stack);
    if (stack.length === 0 && haveResult) return result;
  }
}

/** Opens an object or array where a value goes; true when it has a first item to read, false when it was empty (and is closed). */
function openContainer(cursor: Cursor, stack: Frame[], place: (value: unknown) => void, char: '{' | '['): boolean {
  const path = childPath(stack.at(-1));
  if (stack.length >= MAX_DEPTH) cursor.fail(`nested deeper than ${MAX_DEPTH} levels`, 'too-deep', path);
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
