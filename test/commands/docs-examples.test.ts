/**
 * Every page of docs/ is tested as the README is (test/commands/doc-examples.ts): its shell examples in
 * one shell per page, in order, from an empty home, exactly as written; its links lead somewhere. A page
 * that stores credentials or picks a profile runs a second time in a contributor's shell (their own
 * DISCORD_BOT_TOKEN and CMD_TUI_PROFILE exported): it must pass there too, send that token nowhere, and
 * leave both variables as they were. The pages are independent of each other (each starts what it
 * needs), so they run at the same time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPECS } from '../../source/commands/specs.js';
import { CONTRIBUTOR_SHELL, pageProblems, printedSecrets, readPage, REPOSITORY, runPage, shellBlocks } from './doc-examples.js';

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

  /** Pages whose examples store or export credentials or pick a profile: a reader's exported ones could meet them. */
  const meetsTheShell = (markdown: string) =>
    shellBlocks(markdown).some((block) => block.mode === 'run' && block.commands.some((command) => /auth set-|--profile|CMD_TUI_PROFILE|profile add|DISCORD_/.test(command.text)));

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

    if (meetsTheShell(readFileSync(join(REPOSITORY, 'docs', page), 'utf8'))) {
      it(`docs/${page}: its examples run as written in a contributor's shell too, never sending its token, leaving its variables`, { timeout: 300_000 }, async () => {
        const run = await runPage(`docs/${page}`, await readPage(`docs/${page}`), { shell: CONTRIBUTOR_SHELL });
        try {
          expect(run.requests.length, "the page's emulators logged its requests").toBeGreaterThan(0);
          expect(run.unknownTokens, "requests the page's emulators refused as carrying a token they do not know").toEqual([]);
          expect(run.output).not.toContain(CONTRIBUTOR_SHELL.DISCORD_BOT_TOKEN.split('.')[2]);
          expect(run.shellAfter).toEqual(CONTRIBUTOR_SHELL);
        } finally {
          await run.remove();
        }
      });
    }
  }
});
