/**
 * The shape of the code: no import cycle anywhere in source/ (static, type-only and dynamic imports
 * alike), and the arrows of STYLE.md — nothing imports the UI, and the domain (source/discord) does no
 * I/O through the layers above it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../source/', import.meta.url));
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const extension of ['.ts', '.tsx']) {
    try {
      if (statSync(base + extension).isFile()) return base + extension;
    } catch {
      // not this extension
    }
  }
  return base;
}

const graph = new Map(sourceFiles(root).map((file) => [file, [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => resolveImport(file, (match[1] ?? match[2])!))]));
const name = (file: string) => relative(root, file);

/** Tarjan's strongly connected components of more than one file. */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(name(member));
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('has no cycle', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles()).toEqual([]);
  });

  it('nothing outside the UI imports it, and the domain imports no layer above it', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const from = name(file);
      for (const target of imports.map(name)) {
        if (!from.startsWith('ui/') && from !== 'main.ts' && target.startsWith('ui/')) wrong.push(`${from} → ${target}`);
        if (from.startsWith('discord/') && /^(api|auth|backup|commands|config|emulator|ui)\//.test(target)) wrong.push(`${from} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
