/**
 * The UI's imports among its own files, type imports included, read from the code's text: no circle
 * among source/ui files, and the session's models (source/ui/session) stand below the views — nothing
 * they reach imports a screen, the app state, a component or the key handling, nor React or Ink, so a
 * session opens while the UI loads and a screen takes the models it needs rather than the other way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ui = fileURLToPath(new URL('../../source/ui/', import.meta.url));
/** `import … from`, `import type … from`, `export … from`, and `import('…')`. */
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code without its comments (a comment may name a file it does not import). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function resolved(from: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return ['.ts', '.tsx'].map((extension) => base + extension).find((path) => statSync(path, { throwIfNoEntry: false })?.isFile()) ?? base;
}

/** Each UI file and what it imports: UI files by path, packages by name. */
const graph = new Map(files(ui).map((file) => [file, [...code(file).matchAll(IMPORT)].map((match) => resolved(file, (match[1] ?? match[2])!))]));
const name = (file: string) => relative(ui, file).replaceAll('\\', '/');

/** The files on a circle through `start`, if any (depth-first, the path so far). */
function circleFrom(start: string): string[] | undefined {
  const path: string[] = [];
  const done = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    const at = path.indexOf(file);
    if (at >= 0) return [...path.slice(at), file];
    if (done.has(file) || !graph.has(file)) return undefined;
    path.push(file);
    for (const next of graph.get(file)!) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  return visit(start);
}

/** Every file the models reach, following their imports (dynamic ones too) within source/ui. */
function reachedFrom(folder: string): Map<string, string> {
  const reached = new Map<string, string>();
  const queue = [...graph.keys()].filter((file) => name(file).startsWith(`${folder}/`));
  for (const file of queue) reached.set(file, name(file));
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (reached.has(next) || !graph.has(next)) continue;
      reached.set(next, `${reached.get(file)} → ${name(next)}`);
      queue.push(next);
    }
  }
  return reached;
}

describe('the UI import floors', () => {
  it('has no import circle among source/ui files, type imports included', () => {
    expect(graph.size).toBeGreaterThan(100);
    // Each circle once, told from its first file by name.
    const circles = new Set<string>();
    for (const circle of [...graph.keys()].map(circleFrom)) {
      if (!circle) continue;
      const files = circle.slice(0, -1).map(name);
      const first = files.indexOf([...files].sort()[0]!);
      const turned = [...files.slice(first), ...files.slice(0, first)];
      circles.add([...turned, turned[0]].join(' → '));
    }
    expect([...circles]).toEqual([]);
  });

  it('the session models reach no screen, app state, component, key handling, React or Ink', () => {
    const wrong: string[] = [];
    for (const [file, how] of reachedFrom('session')) {
      if (/^(screens|state|components|input)\//.test(name(file))) wrong.push(how);
      for (const imported of graph.get(file) ?? []) if (/^(react|ink)(\/|$)/.test(imported)) wrong.push(`${how} → ${imported}`);
    }
    expect(wrong).toEqual([]);
  });
});
