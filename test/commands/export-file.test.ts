/**
 * `export -o -` writes the commands file to stdout (not to a file named `-`); an existing FILE is
 * replaced only with --force or a yes on the terminal, never silently, as the TUI never replaces one.
 * Through the built binary against the emulator.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { runOnTerminal } from '../helpers/tty.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome();

const env = () => ({ ...home.env, DISCORD_BOT_TOKEN: emulator().botToken });
const api = () => ['--api', emulator().baseUrl];

describe('export -o -', () => {
  it.each([[['-o', '-']], [['--output', '-']], [['--output=-']]])('%j prints the commands file on stdout and writes no file', async (flags) => {
    const result = await runCli(['export', ...flags, ...api()], { env: env(), cwd: home.home });
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { name: string }[]).length).toBeGreaterThan(0);
    expect(existsSync(join(home.home, '-'))).toBe(false);
  });
});

describe('export -o FILE over an existing file', () => {
  it('without a terminal: refused, the file left as it was, and --force named', async () => {
    const file = join(home.home, 'commands.json');
    await writeFile(file, 'mine\n');
    const result = await runCli(['export', '-o', 'commands.json', ...api()], { env: env(), cwd: home.home });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('cmd-tui export: commands.json exists; it was left as it is and nothing was written.\n  Add --force to replace it, or name another file with -o.\n');
    expect(await readFile(file, 'utf8')).toBe('mine\n');
  });

  it('--force replaces it; a new file needs nothing', async () => {
    const file = join(home.home, 'commands.json');
    await writeFile(file, 'mine\n');
    const forced = await runCli(['export', '-o', 'commands.json', '--force', ...api()], { env: env(), cwd: home.home });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toMatch(/^Exported \d+ commands of the global scope to commands\.json\.\n$/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toBeInstanceOf(Array);
    const fresh = await runCli(['export', '-o', 'new.json', ...api()], { env: env(), cwd: home.home });
    expect(fresh.code, fresh.stderr).toBe(0);
  });

  it('a folder is refused, named, with what to give instead', async () => {
    await mkdir(join(home.home, 'out'));
    const result = await runCli(['export', '-o', 'out', '--force', ...api()], { env: env(), cwd: home.home });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('out is a folder; nothing was written.\n  Name a file in it (-o out/commands.json), or - for stdout.');
  });

  it.each([
    ['y\n', 0, 'replaced'],
    ['\n', 1, 'kept'],
  ])('on a terminal asks first: %j', async (answer, code, outcome) => {
    const file = join(home.home, 'commands.json');
    await writeFile(file, 'mine\n');
    const result = await runOnTerminal(['export', '-o', 'commands.json', ...api()], { env: env(), cwd: home.home, input: answer });
    expect(result.output).toMatch(/commands\.json exists \(5 bytes, changed \d{4}-.+\)\. Replace it with the export\? \[y\/N\]/);
    expect(result.code).toBe(code);
    expect((await readFile(file, 'utf8')) === 'mine\n').toBe(outcome === 'kept');
  });
});

describe('- where a stream cannot serve', () => {
  it.each([
    [['restore', '-'], "stdin (-) cannot be: save it as a file and name that"],
    [['serve', '--state', '-'], 'stdin and stdout (-) cannot be both: name a file'],
    [['apply', '-', '--watch', '--guild', '1'], 'stdin (-) cannot be saved again: name the commands file'],
  ])('%j is refused with why (exit 2)', async (args, why) => {
    const result = await runCli(args, { env: home.env, cwd: home.home });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(why);
  });
});

describe('- where stdin carries the file', () => {
  it('is named stdin in what is printed, and apply says stdin cannot also take the answer', async () => {
    const valid = await runCli(['validate', '-'], { env: home.env, input: '[{"name":"ping","description":"Pong"}]' });
    expect(valid.stdout).toContain('✓ stdin: 1 command valid');
    const broken = await runCli(['validate', '-'], { env: home.env, input: '{"name": ' });
    expect(broken.stderr).toMatch(/^cmd-tui validate: stdin is not valid JSON: /);
    const planned = await runCli(['plan', '-', '--guild', emulator().guildIds[2]!, ...api()], { env: env(), input: '[{"name":"Bad Name","description":"d"}]' });
    expect(planned.stderr).toMatch(/^stdin \S+: error: /m);
    expect(planned.stderr).toContain('stdin is not valid; nothing was compared.');
    const applied = await runCli(['apply', '-', '--guild', emulator().guildIds[2]!, ...api()], { env: env(), input: '[{"name":"piped","description":"Came on stdin"}]' });
    expect(applied.stderr).toContain('Nothing was sent. Stdin carries the file, so it cannot take an answer: pass --yes to apply.');
    expect(applied.code).toBe(1);
  });
});
