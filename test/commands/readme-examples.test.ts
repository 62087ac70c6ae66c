/**
 * The README is a newcomer's first page: short, with "my own bot" near the top, every page of docs/ one
 * link away, and every shell example run as a reader runs it — in one shell, in order, from an empty
 * home, exactly as written (test/commands/doc-examples.ts says how, and how a block says it is not run).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_SHELL, pageProblems, printedSecrets, readPage, REPOSITORY, runPage, type PageRun } from './doc-examples.js';

const readme = await readPage('README.md');
let run: PageRun | undefined;
let contributorRun: PageRun | undefined;
afterAll(() => Promise.all([run?.remove(), contributorRun?.remove()]));

describe('README.md', () => {
  it('is a short first page: at most 300 lines, storing a bot token within its first 120', () => {
    const lines = readme.split('\n');
    expect(lines.length).toBeLessThanOrEqual(300);
    const first = lines.findIndex((line) => line.includes('auth set-bot-token')) + 1;
    expect(first, 'the line where `cmd-tui auth set-bot-token` first appears').toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(120);
    // The two commands a fresh machine must answer, stated plainly.
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm install && npm test');
  });

  it('links every page of docs/, and every link leads somewhere', async () => {
    const pages = (await readdir(join(REPOSITORY, 'docs'))).filter((file) => file.endsWith('.md'));
    expect(pages.filter((page) => !readme.includes(`](docs/${page}`))).toEqual([]);
    expect(await pageProblems('README.md', readme)).toEqual([]);
  });

  it('runs: every example in one shell, in order, from an empty home, as written', { timeout: 300_000 }, async () => {
    run = await runPage('README.md', readme);
    expect(await printedSecrets(run.output, run.work)).toEqual([]);
  });

  it("runs in a contributor's shell too (their own DISCORD_BOT_TOKEN and CMD_TUI_PROFILE exported), never sending that token", { timeout: 300_000 }, async () => {
    contributorRun = await runPage('README.md', readme, { shell: CONTRIBUTOR_SHELL });
    expect(contributorRun.requests.length, "the rehearsal's emulator logged its requests").toBeGreaterThan(0);
    expect(contributorRun.unknownTokens, 'requests the emulator refused as carrying a token it does not know').toEqual([]);
    expect(contributorRun.output).not.toContain(CONTRIBUTOR_SHELL.DISCORD_BOT_TOKEN.split('.')[2]);
    expect(await printedSecrets(contributorRun.output, contributorRun.work)).toEqual([]);
    expect(contributorRun.shellAfter, "the reader's own DISCORD_BOT_TOKEN and CMD_TUI_PROFILE, as they were").toEqual(CONTRIBUTOR_SHELL);
  });
});
