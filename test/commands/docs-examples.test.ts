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
    it(`docs/${page}: its links lead somewhere, and its examples run in one shell, in order, as written`, { timeout: 300_000 }, async () => {
      const markdown = await readPage(`docs/${page}`);
      expect(await pageProblems(`docs/${page}`, markdown)).toEqual([]);
      const run = await runPage(`docs/${page}`, markdown);
      try {
        expect(await printedSecrets(run.output, run.work)).toEqual([]);
      } finally {
        await run.remove();
      }
    });
  }
});
