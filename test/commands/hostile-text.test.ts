/**
 * Nothing from a server reaches the terminal raw: a look-alike API answers with names, descriptions
 * and error messages full of escape sequences (window title, clear screen, OSC 52 clipboard, OSC 8
 * links, a C1 CSI, a right-to-left override), and what the built binary prints holds none of them;
 * `--json` stays exact. Plus a property test of the sanitizer over any text.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeLine, sanitizeOutput, sanitizeText } from '../../source/terminal/sanitize.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { HOSTILE_GUILD, startHostileServer, type HostileServer } from '../helpers/hostile-server.js';

const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const HOSTILE = 'x\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;ZXZpbA==\u0007\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\\u009b31m\u202egnp.exe\u001bc';
const GUILD = '200000000000000002';

let server: HostileServer;
let base = '';
let home: IsolatedHome;
beforeAll(async () => {
  server = await startHostileServer(HOSTILE);
  base = server.base;
  home = await isolatedHome({ DISCORD_BOT_TOKEN: 'hostile-test-fake-token', NO_COLOR: '' });
});
afterAll(async () => {
  await server.close();
  await home.cleanup();
});

describe('hostile text from a server', () => {
  it.each([
    ['list', ['list']],
    ['audit', ['audit']],
    ['audit --markdown', ['audit', '--markdown']],
    ['an error message', ['list', '--guild', GUILD]],
    ['auth set-bot-token (the app name)', ['auth', 'set-bot-token']],
    ['export to a file', ['export', '-o', 'out.json']],
    ['perms list (role, channel and member names)', ['perms', 'list', '--guild', HOSTILE_GUILD]],
  ])('%s prints no control sequence', async (_name, args) => {
    const result = await runCli([...args, '--api', base], { env: home.env, cwd: home.home, input: 'hostile-test-fake-token\n' });
    const printed = `${result.stdout}${result.stderr}`;
    expect(printed.length).toBeGreaterThan(0);
    expect(printed).not.toMatch(UNSAFE);
  });

  it('shows the escapes as text, and --json stays exact', async () => {
    const listed = await runCli(['list', '--api', base], { env: home.env });
    expect(listed.stdout).toContain('\\x1b]0;pwned\\x07');
    const perms = await runCli(['perms', 'list', '--guild', HOSTILE_GUILD, '--api', base], { env: home.env });
    // The role, the channel and the member are each named, escapes shown as text.
    expect(perms.stdout.split('\\x1b]0;pwned\\x07').length - 1, perms.stdout + perms.stderr).toBeGreaterThanOrEqual(3);
    const json = await runCli(['list', '--json', '--api', base], { env: home.env });
    expect((JSON.parse(json.stdout) as { description: string }[])[0]!.description).toBe(HOSTILE);
  });
});

describe('the sanitizer', () => {
  it('property: no unsafe character survives, on a pipe or on a terminal (but for its own colour, erase and return)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(sanitizeText(text)).not.toMatch(UNSAFE);
        expect(sanitizeLine(text)).not.toMatch(/[\n\t]/);
        expect(sanitizeOutput(text, false)).not.toMatch(UNSAFE);
        const onTerminal = sanitizeOutput(text, true).replace(/\u001B\[[0-9;]*m|\u001B\[2K|\r/g, '');
        expect(onTerminal).not.toMatch(UNSAFE);
      }),
      { numRuns: 2000 },
    );
  });
});
