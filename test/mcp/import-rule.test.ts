/**
 * The agents' door is thin: nothing under source/mcp imports the other doors (commands/, ui/), and it
 * reaches no lower layer but through operations/ — a rule, a check or a retry it needs belongs there.
 * It may use the domain (discord/), its own files, the secret redaction every output passes through,
 * the version, and packages (the SDK, zod).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const source = fileURLToPath(new URL('../../source/', import.meta.url));
const door = join(source, 'mcp');
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const ALLOWED = [/^mcp\//, /^operations\//, /^discord\//, /^terminal\/redact-secrets\.js$/, /^version\.js$/];

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : []));
}

it('source/mcp imports neither commands/ nor ui/, and nothing below operations/ but the domain', () => {
  const found = files(door).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => {
      const specifier = (match[1] ?? match[2])!;
      return { file: relative(source, file), target: specifier.startsWith('.') ? relative(source, resolve(file, '..', specifier)) : `package ${specifier}` };
    }),
  );
  expect(found.length).toBeGreaterThan(20);
  const wrong = found.filter(({ target }) => !target.startsWith('package ') && !ALLOWED.some((allowed) => allowed.test(target)));
  expect(wrong).toEqual([]);
  expect(found.filter(({ target }) => /^(?:commands|ui)\//.test(target))).toEqual([]);
  expect(new Set(found.filter(({ target }) => target.startsWith('package ')).map(({ target }) => target.split('/').slice(0, 2).join('/')))).toEqual(new Set(['package @modelcontextprotocol/sdk', 'package node:crypto', 'package node:http', 'package node:net', 'package zod/mini']));
});
