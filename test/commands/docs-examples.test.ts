/**
 * Every page of docs/ is tested as the README is (test/commands/doc-examples.ts): its shell examples in
 * one shell per page, in order, from an empty home, exactly as written; its links lead somewhere. The
 * pages are independent of each other (each starts what it needs), so they run at the same time.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageProblems, printedSecrets, readPage, REPOSITORY, runPage } from './doc-examples.js';

const pages = readdirSync(join(REPOSITORY, 'docs'))
  .filter((file) => file.endsWith('.md'))
  .sort();

describe.concurrent('docs/', () => {
  it('has pages', () => {
    expect(pages.length).toBeGreaterThan(0);
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
