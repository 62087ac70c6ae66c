/**
 * The runner behind the README and docs tests (doc-examples.ts): how it reads a page's blocks, and that
 * it fails a page for what a reader would trip on — a command that exits otherwise than the page says,
 * one that hangs, a process the page leaves running — while the machine's environment stays out.
 */
import { describe, expect, it } from 'vitest';
import { CONTRIBUTOR_SHELL, headingAnchors, relativeLinks, runPage, shellBlocks, unknownSynopsisFlags } from './doc-examples.js';

const fence = (body: string, marker?: string) => `${marker ? `${marker}\n` : ''}\`\`\`sh\n${body}\n\`\`\`\n`;

describe('reading a page', () => {
  it('takes sh blocks with their markers; lines joined by a trailing \\ are one command; comments and blank lines are none', () => {
    const page = [
      '# Title',
      fence('echo one   # exits 0\n\n# a comment\ncmd-tui plan x.json \\\n  --guild 1   # exits 3'),
      '<!-- doc-test: skip — it needs a live Discord app -->',
      '```sh\ncmd-tui\n```',
      '```js\nconsole.log("```sh")\n```',
      fence('cmd-tui --demo', '<!-- doc-test: tui -->'),
      fence('true', '<!-- doc-test: later -->'),
    ].join('\n');
    const blocks = shellBlocks(page);
    expect(blocks.map((block) => block.mode)).toEqual(['run', 'skip', 'tui', 'unknown']);
    expect(blocks[0]!.commands).toEqual([
      { text: 'echo one   # exits 0', line: 3, expectedExit: 0 },
      { text: 'cmd-tui plan x.json \\\n  --guild 1   # exits 3', line: 6, expectedExit: 3 },
    ]);
    expect(blocks[1]!.reason).toBe('it needs a live Discord app');
  });

  it('names the flags a synopsis gives that its command does not take', () => {
    const [synopsis] = shellBlocks(fence('cmd-tui perms set [--guild ID] [--allow TARGET]… [--sideways]', '<!-- doc-test: synopsis -->'));
    expect(unknownSynopsisFlags(synopsis!)).toEqual(['sideways']);
  });

  it("finds relative links outside code and comments, and GitHub's anchors for headings", () => {
    const page = '# Where files are kept\n## The `try` command (CLI)\n## Notes\n## Notes\n[a](docs/a.md#x) [b](https://example.com) <!-- [c](docs/c.md) -->\n```sh\n[d](e.md)\n```\n';
    expect(relativeLinks(page)).toEqual([{ target: 'docs/a.md', anchor: 'x' }]);
    expect([...headingAnchors(page)]).toEqual(['where-files-are-kept', 'the-try-command-cli', 'notes', 'notes-1']);
  });
});

describe('running a page', () => {
  it('runs every block in one shell, in order, from an empty home, without the machine’s credentials or folders', async () => {
    const saved = process.env.DISCORD_BOT_TOKEN;
    process.env.DISCORD_BOT_TOKEN = 'from-the-contributors-shell';
    try {
      const run = await runPage('page.md', [fence('COUNT=1\ncd examples'), fence('[ "$COUNT" = 1 ] && [ -f commands.json ]'), fence('[ -z "$DISCORD_BOT_TOKEN" ] && [ -z "$(ls -A "$HOME")" ] && [ "$CMD_TUI_SECRET_STORE" = file ]')].join('\n'));
      await run.remove();
      expect(run.timings.map((timing) => timing.line)).toEqual([2, 3, 7, 11]);
    } finally {
      if (saved === undefined) delete process.env.DISCORD_BOT_TOKEN;
      else process.env.DISCORD_BOT_TOKEN = saved;
    }
  });

  it('holds each command to the exit code its line states, and names the first that differs', async () => {
    await expect(runPage('page.md', fence("false   # exits 1\ntrue\nsh -c 'exit 2'"))).rejects.toThrow(/page\.md:4 `sh -c 'exit 2'` exited 2, the page says 0/);
    // A command that ends the reader's shell ends the page there.
    await expect(runPage('page.md', fence('exit 0\ntrue'))).rejects.toThrow(/the shell ended during page\.md:2 `exit 0`/);
    await expect(runPage('page.md', fence('true   # exits 1'))).rejects.toThrow(/page\.md:2 `true   # exits 1` exited 0, the page says 1/);
  });

  it('names a command that hangs instead of waiting for ever', async () => {
    await expect(runPage('page.md', fence('true\nsleep 30'), { commandTimeoutMs: 500 })).rejects.toThrow(/page\.md:3 `sleep 30` was still running after 1 s/);
  });

  it("in a contributor's shell: the page has its variables, its emulators log each request, one with a token they do not know is reported, and so are the variables as the page left them", { timeout: 60_000 }, async () => {
    const page = fence(
      [
        'cmd-tui serve --json --port 0 > e.json & S=$!',
        'until [ -s e.json ]; do kill -0 $S || break; sleep 0.1; done',
        '[ "$CMD_TUI_PROFILE" = prod ] && [ -n "$DISCORD_BOT_TOKEN" ]',
        `node -e 'fetch(require("./e.json").baseUrl + "/applications/@me", { headers: { authorization: "Bot " + process.env.DISCORD_BOT_TOKEN } })'`,
        'kill $S',
        'unset CMD_TUI_PROFILE',
      ].join('\n'),
    );
    const run = await runPage('page.md', page, { shell: CONTRIBUTOR_SHELL });
    await run.remove();
    expect(run.requests).toHaveLength(1);
    expect(run.unknownTokens).toEqual([expect.stringMatching(/GET \/api\/v10\/applications\/@me → 401 \(invalid\)$/)]);
    expect(run.shellAfter).toEqual({ DISCORD_BOT_TOKEN: CONTRIBUTOR_SHELL.DISCORD_BOT_TOKEN, CMD_TUI_PROFILE: undefined });
  });

  it('fails a page that leaves a process running, and ends it', async () => {
    await expect(runPage('page.md', fence('sleep 30 &'), { processesEndWithinMs: 300 })).rejects.toThrow(/left a process running/);
  });
});
