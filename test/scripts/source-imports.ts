/**
 * The import graph of source/ (for import-graph.test.ts), read from the files themselves: every static import and export-from,
 * `import type` included, and every dynamic `import('…')` with a literal path, resolved to the file it
 * names. Comments are left out first, so an example in a comment is no arrow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCE = fileURLToPath(new URL('../../source/', import.meta.url));

export interface ImportEdge {
  /** Both relative to source/, with `/`. */
  from: string;
  to: string;
  /** Only types cross it (`import type`, `export type`): still an arrow, the design depends on it. */
  typeOnly: boolean;
}

function sourceFiles(folder = SOURCE): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text with its comments blanked out; strings and template literals are kept as they are. */
export function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== char) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    out += char;
    i++;
  }
  return out;
}

const STATIC = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([^;'"`]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveSpecifier(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(file), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}.d.ts`, join(base, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // Not this one.
    }
  }
  throw new Error(`${relative(SOURCE, file)} imports ${specifier}, which is no file`);
}

/** `api/client.ts`: a file's path under source/, with `/` on every platform. */
export function sourcePath(file: string): string {
  return relative(SOURCE, file).split(sep).join('/');
}

export function importEdges(): ImportEdge[] {
  return sourceFiles().flatMap((file) => {
    const text = withoutComments(readFileSync(file, 'utf8'));
    const edges: ImportEdge[] = [];
    const add = (specifier: string, typeOnly: boolean) => {
      const target = resolveSpecifier(file, specifier);
      if (target) edges.push({ from: sourcePath(file), to: sourcePath(target), typeOnly });
    };
    for (const match of text.matchAll(STATIC)) {
      // `import { type A, type B } from` carries types only, as `import type { A, B } from` does.
      const names = /^\{([^}]*)\}\s+from\s+$/.exec((match[3] ?? '').trim() + ' ')?.[1];
      const allTypes = names !== undefined && names.split(',').every((name) => name.trim() === '' || name.trim().startsWith('type '));
      add(match[4]!, match[2] !== undefined || allTypes);
    }
    for (const match of text.matchAll(DYNAMIC)) add(match[1]!, false);
    return edges;
  });
}

/** The folder a file belongs to (`api`), or the file itself for one at source/'s top (`cli.ts`). */
export function folderOf(path: string): string {
  return path.split('/')[0]!;
}
