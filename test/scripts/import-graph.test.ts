/**
 * The shape of the code (STYLE.md "Our shape"): the folders' arrows point one way, type-only and dynamic
 * imports included — the doors (commands, ui, mcp) use operations and connect, which use api, auth, backup;
 * config, discord and terminal are at the bottom; the emulator stands beside them all, using only the pure
 * domain and local files, so it shares no code with the client it is the test bench of; nothing imports
 * the UI but main.ts. And no two files import each other, however far round. A new folder fails here until
 * it is given its place.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { folderOf, importEdges, SOURCE, type ImportEdge } from './source-imports.js';

/** What each folder (or top-level file) may import besides itself: everything it uses sits lower. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'version.ts': [],
  terminal: [],
  discord: ['terminal'],
  config: ['discord', 'terminal'],
  api: ['config', 'discord', 'terminal', 'version.ts'],
  auth: ['api', 'config', 'discord', 'terminal'],
  backup: ['api', 'config', 'discord', 'terminal'],
  emulator: ['config', 'discord', 'terminal'],
  operations: ['api', 'backup', 'config', 'discord', 'terminal'],
  connect: ['api', 'auth', 'config', 'discord', 'terminal'],
  // `cmd-tui serve` starts the emulator and `cmd-tui mcp` the agents' door, each with what the command line read.
  commands: ['api', 'auth', 'backup', 'config', 'connect', 'discord', 'emulator', 'mcp', 'operations', 'terminal', 'version.ts'],
  // The agents' door reaches everything through operations (test/mcp/import-rule.test.ts holds it to that): nothing of commands or ui.
  mcp: ['discord', 'operations', 'terminal', 'version.ts'],
  ui: ['api', 'auth', 'backup', 'commands', 'config', 'connect', 'discord', 'emulator', 'operations', 'terminal', 'version.ts'],
  'main.ts': ['commands', 'config', 'terminal', 'ui'],
  'cli.ts': ['commands', 'config', 'main.ts', 'terminal', 'version.ts'],
};

/** The folders from the bottom up, as MAY_IMPORT orders them (throws on a circle in the table itself). */
function layersFromTheBottom(): string[][] {
  const placed = new Set<string>();
  const layers: string[][] = [];
  while (placed.size < Object.keys(MAY_IMPORT).length) {
    const next = Object.keys(MAY_IMPORT).filter((folder) => !placed.has(folder) && MAY_IMPORT[folder]!.every((used) => placed.has(used)));
    if (next.length === 0) throw new Error(`the table has a circle among ${Object.keys(MAY_IMPORT).filter((folder) => !placed.has(folder)).join(', ')}`);
    for (const folder of next) placed.add(folder);
    layers.push(next.sort());
  }
  return layers;
}

/** Each circle of files that import one another (Tarjan's strongly connected components), files sorted. */
function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)!.add(to);
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const used of next.get(file)!) {
      if (!order.has(used)) {
        visit(used);
        low.set(file, Math.min(low.get(file)!, low.get(used)!));
      } else if (onStack.has(used)) {
        low.set(file, Math.min(low.get(file)!, order.get(used)!));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.get(file)!.has(file)) circles.push(component.sort());
  };
  for (const file of next.keys()) if (!order.has(file)) visit(file);
  return circles;
}

const edges = importEdges();

describe('the import graph of source/', () => {
  it('orders the folders from the bottom up, with no circle in the order itself', () => {
    expect(layersFromTheBottom()).toEqual([
      ['terminal', 'version.ts'],
      ['discord'],
      ['config'],
      ['api', 'emulator'],
      ['auth', 'backup'],
      ['connect', 'operations'],
      ['mcp'],
      ['commands'],
      ['ui'],
      ['main.ts'],
      ['cli.ts'],
    ]);
  });

  it('gives every folder and top-level file of source/ its place', () => {
    const present = readdirSync(SOURCE).filter((name) => !name.endsWith('.d.ts'));
    expect(present.filter((name) => !(name in MAY_IMPORT))).toEqual([]);
  });

  it('points every arrow down the order, type imports included', () => {
    const against = edges
      .filter(({ from, to }) => folderOf(from) !== folderOf(to) && !MAY_IMPORT[folderOf(from)]?.includes(folderOf(to)))
      .map(({ from, to, typeOnly }) => `${from} → ${to}${typeOnly ? ' (types)' : ''}`);
    expect(against).toEqual([]);
  });

  it('has no circle of files importing one another, type imports included', () => {
    expect(importCircles(edges)).toEqual([]);
  });

  it('sees the arrows the rules are about: type-only, dynamic and re-exports', () => {
    // Each kind the rules must not miss, as source/ has it today.
    expect(edges).toContainEqual({ from: 'main.ts', to: 'ui/start.ts', typeOnly: false });
    expect(edges).toContainEqual({ from: 'commands/types.ts', to: 'config/environment.ts', typeOnly: true });
    expect(edges.some(({ from, to }) => from === 'main.ts' && to === 'terminal/redact-secrets.ts')).toBe(true);
  });

  it('finds a circle where there is one', () => {
    expect(importCircles([
      { from: 'a.ts', to: 'b.ts', typeOnly: true },
      { from: 'b.ts', to: 'c.ts', typeOnly: false },
      { from: 'c.ts', to: 'a.ts', typeOnly: true },
      { from: 'c.ts', to: 'd.ts', typeOnly: false },
    ])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
