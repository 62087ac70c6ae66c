/**
 * The conventions users bring from gh, kubectl and terraform, through the built binary: "Did you
 * mean …?" for commands, subcommands and flags (exit 2); usage errors in our words with the usage
 * line; global flags before the command; a secret on argv never echoed; colour as chalk decides it;
 * --json wherever something is printed.
 */
import { describe, expect, it } from 'vitest';
import { checkArguments, hoistGlobalFlags } from '../../source/commands/flags.js';
import { looksLikeSecret } from '../../source/terminal/secret-shape.js';
import { SPECS } from '../../source/commands/specs.js';
import { nearest } from '../../source/commands/suggest.js';
import { paintFor } from '../../source/terminal/colour.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';
import { readEnvironment } from '../../source/config/environment.js';

const emulator = useEmulator();

async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const home = await isolatedHome();
  try {
    return await runCli(args, { env: { ...home.env, ...env } });
  } finally {
    await home.cleanup();
  }
}

describe('did you mean', () => {
  it('suggests the nearest command, subcommand and flag, and exits 2', async () => {
    const command = await cli(['lst']);
    expect([command.code, command.stderr]).toEqual([2, expect.stringContaining('unknown command "lst". Did you mean list?')]);
    const flag = await cli(['list', '--gild', '1']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('unknown flag --gild. Did you mean --guild?');
    expect(flag.stderr).toContain('Usage: cmd-tui list [--guild ID]');
    const sub = await cli(['profile', 'ad', 'dev']);
    expect([sub.code, sub.stderr]).toEqual([2, expect.stringContaining('unknown subcommand "ad". Did you mean add?')]);
    const help = await cli(['help', 'valdate']);
    expect([help.code, help.stderr]).toEqual([2, expect.stringContaining('Did you mean validate?')]);
    expect((await cli(['--dmeo'])).stderr).toContain('unknown flag --dmeo. Did you mean --demo?');
  });

  it('lets perms set list targets after one flag (--allow role:1 user:2), and refuses extra words elsewhere', () => {
    expect(() => checkArguments('perms', ['set', '--guild', '1', '--command', 'ban', '--allow', 'role:1', 'user:2'])).not.toThrow();
    expect(() => checkArguments('perms', ['list', '--guild', '1', 'extra'])).toThrow('unexpected argument "extra"');
  });

  it('a global flag a command does not take is named with what that command does, not as unknown', async () => {
    const result = await cli(['--api', emulator().baseUrl, 'backups']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`cmd-tui backups` takes no --api. Its job: list the backups taken before every change, oldest first, of every API and profile on this machine.');
  });

  it('only near words, nearest first', () => {
    expect(nearest('lst', ['list', 'plan', 'restore'])).toEqual(['list']);
    expect(nearest('aply', ['apply', 'plan'])).toEqual(['apply']);
    expect(nearest('zzz', ['list', 'plan'])).toEqual([]);
  });

  it("never prints node's parseArgs advice: a usage error is in our words", async () => {
    for (const args of [['list', '--gild'], ['validate', 'a.json', '--strict'], ['plan', 'a.json', 'b.json'], ['list', '--guild'], ['list', '--json=yes']]) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).not.toMatch(/To specify a positional argument|Unknown option|ERR_PARSE_ARGS/);
      expect(result.stderr).toMatch(/^Usage: cmd-tui /m);
    }
    expect((await cli(['list', '--guild'])).stderr).toContain('--guild needs a value');
    expect((await cli(['list', '--json=yes'])).stderr).toContain('--json takes no value');
  });
});

describe('global flags before the command', () => {
  it('move after it, and the command runs with them', async () => {
    expect(hoistGlobalFlags(['--api', 'URL', '--debug', 'list', '--guild', '1'], (word) => word === 'list')).toEqual(['list', '--guild', '1', '--api', 'URL', '--debug']);
    expect(hoistGlobalFlags(['--api=URL', 'plan', 'f.json', '--', '-x'], (word) => word === 'plan')).toEqual(['plan', 'f.json', '--api=URL', '--', '-x']);
    expect(hoistGlobalFlags(['--demo'], () => true)).toEqual(['--demo']);
    const listed = await cli(['--api', emulator().baseUrl, 'list', '--json'], { DISCORD_BOT_TOKEN: emulator().botToken });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { name: string }[]).length).toBeGreaterThan(0);
  });
});

describe('a secret on argv', () => {
  it('is refused by position and kind, never printed, for every command', async () => {
    const cases = [
      ['auth', 'set-bot-token', 'FAKE.TOKEN.VALUE'],
      ['auth', 'set-bot-token', '--json', 'FAKE.TOKEN.VALUE'],
      ['auth', 'set-client-credentials', '--client-id', 'FAKE.TOKEN.VALUE'],
      ['auth', 'FAKE.TOKEN.VALUE'],
      ['list', 'FAKE.TOKEN.VALUE'],
      ['list', '--guild', 'FAKE.TOKEN.VALUE'],
      ['--FAKE.TOKEN.VALUE'],
    ];
    for (const args of cases) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout + result.stderr, args.join(' ')).not.toContain('FAKE.TOKEN.VALUE');
      expect(result.stdout + result.stderr, args.join(' ')).toContain('not shown: it may be a secret');
    }
    const refused = await cli(['auth', 'set-bot-token', 'FAKE.TOKEN.VALUE']);
    expect(refused.stderr).toContain('must not be given on the command line: it stays in shell history. Pipe it in');
    // Any refused positional of auth, token-shaped or not.
    expect((await cli(['auth', 'logout', 'hunter2'])).stderr).not.toContain('hunter2');
  });

  it('is never printed back by any message that quotes it, --json included', async () => {
    const token = 'FAKE0123456789ABCDEFGHIJ.GabcDe.fake-token-value-abcdefghijklmnop';
    const cases = [
      ['restore', token],
      ['restore', token, '--json'],
      ['profile', 'use', token],
      ['profile', 'add', token],
      ['list', '--profile', token],
      ['auth', 'status', '--profile', token],
      [`Bot ${token}`],
      ['list', '--guild', `Bot ${token}`],
      [`--app=Bot ${token}`, 'list'],
      ['restore', 'mfa.fakefakefakefakefakefake0123'],
      ['restore', 'FAKEfake0123456789+/FAKEfake0123456789=='],
    ];
    for (const args of cases) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).not.toBe(0);
      const printed = result.stdout + result.stderr;
      expect(printed, args.join(' ')).not.toContain(token.slice(-20));
      expect(printed, args.join(' ')).not.toMatch(/fakefake0123|FAKEfake0123/);
    }
    // What is not secret-shaped is still quoted, so the user sees which file was missing.
    expect((await cli(['restore', 'no-such-backup.json'])).stderr).toContain('no-such-backup.json');
  });

  it('is hidden when it is part of an argument, and named by the flag it is the value of, --json included', async () => {
    const token = emulator().botToken;
    for (const json of [[], ['--json']]) {
      const args = ['perms', 'set', '--guild', '1', '--command', 'ban', '--allow', 'role:1', `user:${token}`, '--api', emulator().baseUrl, ...json];
      const result = await cli(args, { DISCORD_BOT_TOKEN: token });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout + result.stderr).not.toContain(token.slice(8));
      expect(json.length > 0 ? result.stdout : result.stderr).toContain('the value of --allow (not shown: it may be a secret) is not a target');
    }
    // A positional is counted from the word after the whole command, one word or two.
    expect((await cli(['auth', 'set-bot-token', 'FAKE.TOKEN.VALUE'])).stderr).toContain('unexpected argument 1 after `cmd-tui auth set-bot-token` (not shown');
    expect((await cli(['list', 'FAKE.TOKEN.VALUE'])).stderr).toContain('unexpected argument 1 after `cmd-tui list` (not shown');
  });

  it('a credential from the environment is never printed, token-shaped or not', async () => {
    const secret = 'not-shaped-like-any-token';
    const result = await cli(['perms', 'set', '--guild', '1', '--command', 'ban', '--allow', `user:${secret}`], { DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: secret });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain(secret);
    expect(result.stderr).toContain('"user:****" is not a target');
  });

  it('is told by its shape, not by a file name', () => {
    const secrets = ['Bot FAKE.TOKEN.VALUE', 'Bearer fakeaccesstoken0123456789abcdef', 'mfa.fakefakefakefakefakefake0123', 'FAKEfake0123456789+/FAKEfake0123456789==', 'FAKE.TOKEN.VALUE', 'emu-bot-horOa-VBpfWMLG8ymLIoWPfxHezEpNbb'];
    const notSecrets = ['./backups/guild-123456789012345678-2026.json', 'Bot', 'commands.json', 'backup.2026.json', 'set-client-credentials', '123456789012345678'];
    for (const text of secrets) expect(looksLikeSecret(text), text).toBe(true);
    for (const text of notSecrets) expect(looksLikeSecret(text), text).toBe(false);
  });
});

describe('colour', () => {
  it('follows --no-color, then FORCE_COLOR, then NO_COLOR, then the terminal and TERM=dumb', () => {
    const coloured = (stream: { isTTY: boolean }, env: NodeJS.ProcessEnv, flags = {}) => paintFor(stream, readEnvironment(env, 'linux').terminal.colour, flags).create('x') !== 'x';
    expect(coloured({ isTTY: true }, {})).toBe(true);
    expect(coloured({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(coloured({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(coloured({ isTTY: true }, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(coloured({ isTTY: true }, { FORCE_COLOR: '1', TERM: 'dumb' })).toBe(true);
    expect(coloured({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false);
    expect(coloured({ isTTY: true }, { FORCE_COLOR: 'false' })).toBe(false);
    expect(coloured({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(coloured({ isTTY: true }, { FORCE_COLOR: '1' }, { 'no-color': true })).toBe(false);
  });

  it('FORCE_COLOR colours piped output; the TUI takes --no-color', async () => {
    const invalid = await runCli(['validate', '-'], { env: { FORCE_COLOR: '1', NO_COLOR: '' }, input: '{"name":"Bad","description":"d"}' });
    expect(invalid.stdout).toContain('\u001B[');
    // Not a terminal here: refused for that, not for the flag.
    expect((await cli(['--demo', '--no-color'])).stderr).toContain('needs an interactive terminal');
  });
});

describe('--json', () => {
  it('every command that prints takes it (but completion, whose output is a shell script)', () => {
    // auth login and set-client-credentials: their output is issue 28's (another branch this turn).
    const exempt = ['completion', 'auth login', 'auth set-client-credentials'];
    expect(Object.values(SPECS).filter((spec) => !exempt.includes(spec.name) && !('json' in spec.flags)).map((spec) => spec.name)).toEqual([]);
  });

  it('profile add, use and remove answer with one JSON document', async () => {
    const home = await isolatedHome();
    const run = async (args: string[]) => {
      const result = await runCli(args, { env: home.env });
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as Record<string, unknown>;
    };
    try {
      expect(await run(['profile', 'add', 'dev', '--api', emulator().baseUrl, '--json'])).toEqual({ added: 'dev', current: true, api: emulator().baseUrl, applicationId: null, guildId: null });
      await run(['profile', 'add', 'prod', '--json']);
      expect(await run(['profile', 'use', 'prod', '--json'])).toEqual({ current: 'prod' });
      expect(await run(['profile', 'remove', 'dev', '--yes', '--json'])).toEqual({ removed: 'dev', forgot: [], keptFor: [], current: 'prod' });
    } finally {
      await home.cleanup();
    }
  });
});
