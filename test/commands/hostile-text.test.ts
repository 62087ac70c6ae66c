/**
 * Nothing from a server reaches the terminal raw: a look-alike API answers with names, descriptions
 * and error messages full of escape sequences (window title, clear screen, OSC 52 clipboard, OSC 8
 * links, a C1 CSI, a right-to-left override, SGR conceal, an erased line painted over, zero-width
 * characters), and what the built binary prints holds none of them — through a pipe, and on a real
 * terminal, where only cmd-tui's own colour is an escape sequence; `--json` stays exact. Plus a
 * property test of the sanitizer over any text.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paintFor } from '../../source/terminal/colour.js';
import { sanitizeJson, sanitizeLine, sanitizeOutput, sanitizeText } from '../../source/terminal/sanitize.js';
import { runCli } from '../helpers/cli.js';
import { HOSTILE_GUILD, startHostileServer, type HostileServer } from '../helpers/hostile-server.js';
import { runOnTerminal } from '../helpers/tty.js';
import { readEnvironment } from '../../source/config/environment.js';
import { useIsolatedHome } from '../helpers/homes.js';

/** Joiners (U+200C, U+200D) are left out: kept inside emoji and shaping scripts, they are checked case by case below. */
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
const HOSTILE =
  'x\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;ZXZpbA==\u0007\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\\u009b31m\u202egnp.exe\u001bc' +
  '\u001b[8mhidden\u001b[2K\r\u2713 fake line\u001b[38;5;1m ad\u200bmin\u2060\ufeff\u200d';
/** cmd-tui's own sequences on a terminal: its colours (colour.ts), the progress bar's return and erase, the terminal's return before a line feed. */
const OWN_ON_A_TERMINAL = /\u001b\[(?:0|1|2|31|32|33)m|\r\u001b\[2K|\r/g;
const GUILD = '200000000000000002';

let server: HostileServer;
let base = '';
const home = useIsolatedHome({ DISCORD_BOT_TOKEN: 'hostile-test-fake-token', NO_COLOR: '' }, 'file');
beforeAll(async () => {
  server = await startHostileServer(HOSTILE);
  base = server.base;
});
afterAll(() => server.close());

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
    expect(json.stdout).not.toMatch(UNSAFE);
  });

  it('export -o writes the file with JSON escapes for what could drive a terminal, the same value', async () => {
    const exported = await runCli(['export', '-o', 'exported.json', '--api', base], { env: home.env, cwd: home.home });
    expect(exported.code, exported.stderr).toBe(0);
    const text = await readFile(join(home.home, 'exported.json'), 'utf8');
    expect(text).not.toMatch(UNSAFE);
    expect((JSON.parse(text) as { description: string }[]).map((command) => command.description)).toContain(HOSTILE);
  });
});

describe('hostile text on a real terminal', () => {
  // Short enough (under 100 characters) that a command holding it is valid, so `copy` shows its plan.
  const CONCEALING = '\u001b[8mhidden\u001b[2K\r\u2713 fake\u001b]0;t\u0007\u009b31m\u202e ad\u200bmin\u2060\ufeff';
  let concealing: HostileServer;
  beforeAll(async () => {
    concealing = await startHostileServer(CONCEALING);
  });
  afterAll(() => concealing.close());

  it.each([
    ['list', ['list']],
    ['audit', ['audit', '--guild', HOSTILE_GUILD]],
    ['perms list', ['perms', 'list', '--guild', HOSTILE_GUILD]],
    ['plan', ['plan', 'commands.json']],
    ['copy (not confirmed)', ['copy', '--from', 'global', '--to', HOSTILE_GUILD]],
    ['an error message', ['list', '--guild', GUILD]],
    ['list --json (JSON escapes, the same value)', ['list', '--json']],
    ['export to stdout (JSON escapes, the same value)', ['export']],
  ])('%s: the only escape sequences are cmd-tui\'s own colour', async (_name, args) => {
    await writeFile(join(home.home, 'commands.json'), JSON.stringify([{ name: 'ping', description: 'Replies with pong' }]));
    const result = await runOnTerminal([...args, '--api', concealing.base], { env: home.env, cwd: home.home, input: 'n\n' });
    // Shown, as visible escapes (`\x1b`, or `\u001b` inside a JSON value).
    expect(result.output).toMatch(/\\(?:x1b|u001b)\[8mhidden/);
    expect(result.output.replace(OWN_ON_A_TERMINAL, '').replace(/^n\r\n/, ''), result.output).not.toMatch(UNSAFE);
  });
});

describe('the sanitizer', () => {
  it.each([
    ['a zero-width space', 'ad\u200bmin', 'ad\\u200bmin'],
    ['a word joiner and a byte-order mark', 'a\u2060b\ufeff', 'a\\u2060b\\ufeff'],
    ['a joiner between Latin letters', 'ad\u200dmin', 'ad\\u200dmin'],
    ['a non-joiner between Latin letters', 'ad\u200cmin', 'ad\\u200cmin'],
    ['a joiner at the end', 'ping\u200d', 'ping\\u200d'],
    ['a left-to-right mark', 'a\u200eb', 'a\\u200eb'],
    ['a tag character', 'a\u{E0041}', 'a\\u{e0041}'],
    ["England's flag (its tags kept)", '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['a family emoji (joiners kept)', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}'],
    ['a Persian word with its non-joiner (kept)', '\u0645\u06CC\u200c\u062E\u0648\u0627\u0645', '\u0645\u06CC\u200c\u062E\u0648\u0627\u0645'],
    ['a Devanagari half-form with its joiner (kept)', '\u0915\u094D\u200D\u0937', '\u0915\u094D\u200D\u0937'],
  ])('%s', (_name, text, shown) => {
    expect(sanitizeText(text)).toBe(shown);
  });

  it('property: JSON keeps its value, with no unsafe character left', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const json = sanitizeJson(JSON.stringify({ text }, null, 2));
        expect(json.replaceAll('\n', '')).not.toMatch(UNSAFE);
        expect((JSON.parse(json) as { text: string }).text).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('JSON: an emoji keeps its joiner as it was; a zero-width space and a C1 CSI become \\u escapes', () => {
    expect(sanitizeJson('"\u{1F468}\u200d\u{1F4BB} a\u200bb\u009b"')).toBe('"\u{1F468}\u200d\u{1F4BB} a\\u200bb\\u009b"');
  });

  it('passes only its own marked sequences: the same sequence from a server is text', () => {
    const own = paintFor({ isTTY: true }, colour({})).strong('ok');
    expect(sanitizeOutput(`${own} \u001b[1mok\u001b[0m`)).toBe('\u001b[1mok\u001b[0m \\x1b[1mok\\x1b[0m');
  });

  it('property: no unsafe character survives, on a pipe or on a terminal (but for its own colour, erase and return)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(sanitizeText(text)).not.toMatch(UNSAFE);
        expect(sanitizeLine(text)).not.toMatch(/[\n\t]/);
        expect(sanitizeOutput(text)).not.toMatch(UNSAFE);
        // Our own colour around it passes as itself; the text between stays escaped.
        expect(sanitizeOutput(paintFor({ isTTY: true }, colour({})).error(text))).toBe(`\u001B[31m${sanitizeText(text)}\u001B[0m`);
      }),
      { numRuns: 2000 },
    );
  });
});

function colour(env: NodeJS.ProcessEnv) {
  return readEnvironment(env, 'linux').terminal.colour;
}
