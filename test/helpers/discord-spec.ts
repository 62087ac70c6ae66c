/**
 * Discord's published OpenAPI spec, as the npm package discord-api-spec carries it (pinned in
 * package.json; its version, 10.0.<build>, names the spec build it was generated from): the Zod
 * schemas of every component, and each operation's path, method and response types, read from the
 * package's generated `Paths` type (`/** 200 response for list_application_commands *\/` above each
 * 200/201 type). The package ships no JSON, so this is how a test finds an operation's schema by its id.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';

const entry = fileURLToPath(import.meta.resolve('discord-api-spec'));
/** The package declares its Zod entry's types as the .js file itself, so it is imported untyped. */
const zodEntry = 'discord-api-spec/zod';
const zodSchemas = (await import(zodEntry)) as Record<string, unknown>;

/** The package's version: the spec build the schemas were generated from (also in README "Tests"). */
export const SPEC_VERSION = (JSON.parse(readFileSync(new URL('../package.json', `file://${entry}`), 'utf8')) as { version: string }).version;

export interface SpecOperation {
  operationId: string;
  path: string;
  method: string;
  /** The response's TypeScript type per status ("200", "429", "4XX"), as the package writes it. */
  responses: Record<string, string>;
}

/** Every operation of the spec, by operationId. */
export const OPERATIONS: ReadonlyMap<string, SpecOperation> = readOperations(readFileSync(entry.replace(/\.js$/, '.ts'), 'utf8'));

function readOperations(source: string): Map<string, SpecOperation> {
  const paths = source.slice(source.indexOf('export interface Paths {'));
  const found = new Map<string, SpecOperation>();
  let path = '';
  let method = '';
  let current: SpecOperation | undefined;
  const lines = paths.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '}') break;
    const pathMatch = /^ {2}"(\/[^"]*)": \{$/.exec(line);
    if (pathMatch) path = pathMatch[1]!;
    const methodMatch = /^ {4}(get|put|post|patch|delete): \{$/.exec(line);
    if (methodMatch) {
      method = methodMatch[1]!;
      current = undefined;
    }
    const named = /^\s*\/\*\* \d+ response for (\w+) \*\/$/.exec(line);
    if (named) {
      current = found.get(named[1]!) ?? { operationId: named[1]!, path, method, responses: {} };
      found.set(current.operationId, current);
    }
    const status = /^\s*"(\d{3}|4XX)":\s*(.*)$/.exec(line);
    if (status && current && current.path === path && current.method === method) {
      let type = status[2]!;
      // An inline object type (`{ [key: string]: number; };`) ends where its braces close.
      const open = () => (type.match(/\{/g) ?? []).length - (type.match(/\}/g) ?? []).length;
      while (!type.endsWith(';') || open() > 0) type += ` ${lines[++index]!.trim()}`;
      current.responses[status[1]!] = type.slice(0, -1).replace(/\s+/g, ' ').trim();
    }
  }
  return found;
}

const PRIMITIVES: Readonly<Record<string, () => z.ZodMiniType>> = { number: () => z.number(), string: () => z.string(), boolean: () => z.boolean() };

/** A UTC time with an explicit offset, as Discord writes every time: `2024-05-17T12:20:07.066000+00:00`. */
const UTC_OFFSET_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)\+00:00$/;

/**
 * `value` with each time in Discord's `+00:00` form written with `Z`, the same instant: the package's Zod
 * writes the spec's `format: date-time` as `z.iso.datetime()`, which takes `Z` only, though RFC 3339 (the
 * format's definition) and Discord (test/fixtures/discord: `"joined_at": "2022-10-23T10:03:13.019000+00:00"`)
 * write the offset.
 */
function withZuluTimes(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UTC_OFFSET_TIME, '$1Z');
  if (Array.isArray(value)) return value.map(withZuluTimes);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withZuluTimes(item)]));
  return value;
}

/**
 * The Zod schema of a response type written as the package writes it: `A[] | null`, `(A | B)[]`, `A`, or
 * an inline map of a primitive (`{ [key: string]: number; }`); times may have Discord's `+00:00`.
 */
export function schemaOf(type: string): z.ZodMiniType {
  const schema = schemaOfType(type);
  // An object's `shape` stays readable: request-schemas.test.ts checks its fields one by one.
  return Object.assign(z.pipe(z.transform(withZuluTimes), schema), { shape: (schema as { shape?: unknown }).shape });
}

function schemaOfType(type: string): z.ZodMiniType {
  const map = /^\{ \[key: string\]: (\w+); \}$/.exec(type);
  const primitive = map ? PRIMITIVES[map[1]!] : undefined;
  if (map) {
    if (!primitive) throw new Error(`discord-api-spec maps to ${map[1]}, which this helper does not read`);
    return z.record(z.string(), primitive());
  }
  const tokens = type.match(/\w+|\[\]|[|()]/g) ?? [];
  let at = 0;
  const union = (): z.ZodMiniType => {
    if (tokens[at] === '|') at++;
    const members = [term()];
    while (tokens[at] === '|') {
      at++;
      members.push(term());
    }
    return members.length === 1 ? members[0]! : z.union(members as [z.ZodMiniType, z.ZodMiniType, ...z.ZodMiniType[]]);
  };
  const term = (): z.ZodMiniType => {
    const token = tokens[at++];
    let schema: z.ZodMiniType;
    if (token === '(') {
      schema = union();
      at++;
    } else if (token === 'null') schema = z.null();
    else {
      const found = zodSchemas[`${token}Schema`];
      if (!found) throw new Error(`discord-api-spec has no schema for ${token}`);
      schema = found as z.ZodMiniType;
    }
    while (tokens[at] === '[]') {
      at++;
      schema = z.array(schema);
    }
    return schema;
  };
  return union();
}

