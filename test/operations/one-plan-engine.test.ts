/**
 * Every bulk write reaches the network through the plan engine (operations/prepare-plan.ts and
 * carry-out-plan.ts), checked on the code itself: no door (source/ui, source/commands, source/mcp) calls the
 * API's write methods, nor imports what carries a plan out or the primitives under it (the request loop, a
 * restore's list writes, the backup writer, the lock, the create ledger's writers); no door plans or decides
 * a refusal itself; and backup/ — the primitives — imports nothing above it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../source/', import.meta.url));
const files = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
const name = (file: string) => relative(root, file).replaceAll('\\', '/');

/** The code without its comments (a comment may name what it must not call). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}
const sources = files(root).map((file) => ({ file: name(file), path: file, text: code(file) }));
const doors = sources.filter((source) => /^(ui|commands|mcp)\//.test(source.file));

/** The API's methods that change Discord: only the plan engine and the single-write operations call them. */
const WRITES = /\.(createCommand|editCommand|deleteCommand|bulkOverwrite|setCommandPermissions)\(/g;

/** The expression a method is called on: identifiers, dots, calls and indexes back from `end`. */
function receiverBefore(text: string, end: number): string {
  let at = end;
  let depth = 0;
  while (at > 0) {
    const char = text[at - 1]!;
    if (char === ')' || char === ']') depth += 1;
    else if ((char === '(' || char === '[') && depth > 0) depth -= 1;
    else if (depth === 0 && !/[\w$.]/.test(char)) break;
    at -= 1;
  }
  return text.slice(at, end).trim();
}

/**
 * Calls of the API's write methods. The operations that share a name with one (`deleteCommand`, one
 * command's delete with its backup and lock) are called on the operations module or the UI's flows.
 */
function apiWrites(source: { file: string; text: string }): string[] {
  return [...source.text.matchAll(WRITES)].flatMap((match) => {
    const receiver = receiverBefore(source.text, match.index);
    const operation = receiver === 'flows' || /^\(await (operations\(\)\)\[\d\]|import\('[./]+\/operations\/[\w-]+\.js'\)\))$/.test(receiver);
    return operation ? [] : [`${source.file}: ${receiver}.${match[1]}`];
  });
}

/** Modules a door may not take values from (types are fine): `*` for any value, else the names. */
const CARRYING_OUT: Record<string, '*' | readonly string[]> = {
  'operations/send-plan': ['sendPlan'],
  'operations/restore-plan': '*',
  'backup/capture': '*',
  'backup/create-ledger': ['countedCreate', 'recordCreates', 'recordCreatesExhausted'],
  'backup/scope-lock': ['withScopeLock', 'acquireScopeLock'],
};

const STATIC_IMPORT = /import\s+(?!type\s)([^'"]*?)\s+from\s+['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function moduleOf(from: string, specifier: string): string {
  return name(join(dirname(from), specifier)).replace(/\.js$/, '');
}

/** `file → module.name` for every value a door imports from what carries a plan out. */
function carryingOutImports(source: { file: string; path: string; text: string }): string[] {
  const found: string[] = [];
  for (const [, clause = '', specifier = ''] of source.text.matchAll(STATIC_IMPORT)) {
    const module = moduleOf(source.path, specifier);
    const rule = CARRYING_OUT[module];
    if (!rule) continue;
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const values = named.split(',').map((item) => item.trim()).filter((item) => item && !item.startsWith('type ')).map((item) => item.split(/\s+as\s+/)[0]!);
    const whole = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim();
    for (const value of rule === '*' ? (values.length > 0 || whole ? ['*'] : []) : values.filter((item) => rule.includes(item))) found.push(`${source.file} → ${module}.${value}`);
  }
  // A dynamic import loads the module's values: `(await import('…')).name`.
  for (const [, specifier = ''] of source.text.matchAll(DYNAMIC_IMPORT)) {
    const module = moduleOf(source.path, specifier);
    if (CARRYING_OUT[module]) found.push(`${source.file} → import(${module})`);
  }
  return found;
}

/** Where an identifier is used, as `file identifier`. */
function uses(source: { file: string; text: string }, identifiers: readonly string[]): string[] {
  return identifiers.filter((identifier) => new RegExp(`\\b${identifier}\\b`).test(source.text)).map((identifier) => `${source.file} ${identifier}`);
}

describe('one plan engine', () => {
  it("no door calls the API's write methods: they are reached through operations/ alone", () => {
    expect(doors.length).toBeGreaterThan(50);
    expect(doors.flatMap(apiWrites)).toEqual([]);
    // The check sees such calls where they are: the engine sends a plan's requests.
    const engine = sources.filter((source) => source.file === 'operations/send-plan.ts').flatMap(apiWrites);
    expect(engine.map((call) => call.split('.').at(-1))).toEqual(expect.arrayContaining(['createCommand', 'editCommand', 'deleteCommand']));
  });

  it("no door imports what carries a plan out: the request loop, a restore's list writes, backups, the lock, the ledger's writers", () => {
    expect(doors.flatMap(carryingOutImports)).toEqual([]);
    // The check sees such imports where they are.
    expect(sources.filter((source) => source.file === 'operations/carry-out-plan.ts').flatMap(carryingOutImports)).toEqual(expect.arrayContaining(['operations/carry-out-plan.ts → operations/send-plan.sendPlan']));
  });

  it('no door plans a scope or decides a refusal: the rules are applied in operations/ alone', () => {
    const deciding = ['refusalsFor', 'planScope', 'planStillHolds', 'countsAfter'];
    expect(sources.filter((source) => !/^(operations|discord)\//.test(source.file)).flatMap((source) => uses(source, deciding))).toEqual([]);
  });

  it('backup/ keeps the primitives: it imports nothing from operations/, commands/, ui/ or mcp/', () => {
    const upward = sources
      .filter((source) => source.file.startsWith('backup/'))
      .flatMap((source) => [...source.text.matchAll(/from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g)].map((match) => `${source.file} → ${moduleOf(source.path, (match[1] ?? match[2])!)}`))
      .filter((arrow) => / → (operations|commands|ui|mcp)\//.test(arrow));
    expect(upward).toEqual([]);
  });
});
