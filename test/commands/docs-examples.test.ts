/**
 * Every page of docs/ is tested as the README is (test/commands/doc-examples.ts): its shell examples in
 * one shell per page, in order, from an empty home, exactly as written; its links lead somewhere. The
 * pages are independent of each other (each starts what it needs), so they run at the same time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPECS } from '../../source/commands/specs.js';
import { pageProblems, printedSecrets, readPage, REPOSITORY, runPage } from './doc-examples.js';

const pages = readdirSync(join(REPOSITORY, 'docs'))
  .filter((file) => file.endsWith('.md'))
  .sort();

describe.concurrent('docs/', () => {
  it('has pages', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  it('names every command and every flag `--help` lists, so the reference grows with the app', () => {
    const text = pages.map((page) => readFileSync(join(REPOSITORY, 'docs', page), 'utf8')).join('\n');
    const specs = Object.entries(SPECS as Readonly<Record<string, { flags: Readonly<Record<string, unknown>> }>>);
    expect(specs.filter(([name]) => !text.includes(`cmd-tui ${name.split(' ')[0]}`)).map(([name]) => name)).toEqual([]);
    expect(specs.flatMap(([name, spec]) => Object.keys(spec.flags).filter((flag) => !text.includes(`--${flag}`)).map((flag) => `${name} --${flag}`))).toEqual([]);
  });

  for (const page of pages) {
    it(`docs/${page}: its blocks are marked as the test knows, and its links lead somewhere`, async () => {
      expect(await pageProblems(`docs/${page}`, await readPage(`docs/${page}`))).toEqual([]);
    });

    it(`docs/${page}: its examples run in one shell, in order, from an empty home, as written`, { timeout: 300_000 }, async () => {
      const run = await runPage(`docs/${page}`, await readPage(`docs/${page}`));
      try {
        expect(await printedSecrets(run.output, run.work)).toEqual([]);
      } finally {
        await run.remove();
      }
    });
  }
});
