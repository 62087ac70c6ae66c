/**
 * Help, completion, --debug and colour: generated from the one flag table (specs.ts), so the help
 * and the completion cannot drift from what the parser accepts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paintFor } from '../../source/terminal/colour.js';
import { sanitizeOutput } from '../../source/terminal/sanitize.js';
import { helpWidth, wrapHelp } from '../../source/terminal/wrap-help.js';
import { candidates, type CompletionSources } from '../../source/commands/complete.js';
import { COMMANDS } from '../../source/commands/registry.js';
import { formsOf, SPECS, summaryOf } from '../../source/commands/specs.js';
import { commandHelp, HELP } from '../../source/commands/help.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { readEnvironment } from '../../source/config/environment.js';

const emulator = useEmulator();
const home = useIsolatedHome();

describe('help', () => {
  it('fits 80 columns when piped, continuation lines under their description; a word wider than that stays whole', async () => {
    for (const args of [['--help'], ['help', 'apply'], ['help', 'auth'], ['perms', '--help']]) {
      const result = await runCli(args);
      const wide = result.stdout.split('\n').filter((line) => line.length > 80 && !/^\s+\S+$/.test(line));
      expect(wide, args.join(' ')).toEqual([]);
    }
    const help = (await runCli(['--help'])).stdout;
    expect(help).toMatch(/^ {2}auth {8}sign in with the browser, store a bot token or client credentials,\n {14}show or remove them$/m);
    expect(wrapHelp('  6  one two three four', 15)).toBe('  6  one two\n     three four');
    expect(wrapHelp('  cmd-tui [--a] [--b] [--c]', 21)).toBe('  cmd-tui [--a] [--b]\n          [--c]');
    expect(wrapHelp('Prose at the margin goes on', 12)).toBe('Prose at the\nmargin goes\non');
    expect(helpWidth({ isTTY: false, columns: 200 })).toBe(80);
    expect(helpWidth({ isTTY: true, columns: 120 })).toBe(120);
  });

  it('lays out every table of every help text the same way for each of its rows, at every width from 40 to 120', () => {
    const texts = [HELP, ...COMMANDS.flatMap((entry) => [commandHelp([entry.name])!, ...(formsOf(entry.name).length > 1 ? formsOf(entry.name).map((form) => commandHelp(form.name.split(' '))!) : [])])];
    // Examples continue with ` \` and comments with `#`: the words are the same otherwise.
    const words = (text: string) => text.split(/\s+/).filter((word) => word !== '' && word !== '\\' && word !== '#');
    let stacked = 0;
    for (const text of texts) {
      const tables = tablesOf(text);
      expect(tables.length, text.split('\n')[0]).toBeGreaterThan(0);
      for (let width = 40; width <= 120; width++) {
        const wrapped = wrapHelp(text, width);
        const where = `${text.split('\n')[0]} at ${width} columns`;
        expect(words(wrapped), where).toEqual(words(text));
        expect(wrapped.split('\n').filter((line) => line.length > width && !/^\s*\S+$/.test(line)), where).toEqual([]);
        for (const { heading, column, rows } of tables) {
          const lines = sectionOf(wrapped, heading);
          if (column <= width / 2) {
            // The column kept: a row starts with its term padded to the column, and its description continues under its start.
            let row = 0;
            for (const line of lines) {
              if (row < rows.length && line.startsWith(rows[row]!.slice(0, column))) row++;
              else expect(line, `${where}, ${heading}`).toMatch(new RegExp(`^ {${column}}\\S`));
            }
            expect(row, `${where}, ${heading}`).toBe(rows.length);
          } else {
            // Every description under its term, indented four more: no row keeps the column.
            stacked++;
            // A term wider than the width itself (`--preset a|b|c` at 40) continues on the description's indent.
            const terms = lines.filter((line) => /^ {2}\S/.test(line));
            const wanted = rows.map((row) => row.slice(0, column).trimEnd());
            expect(terms.length, `${where}, ${heading}`).toBe(wanted.length);
            terms.forEach((term, index) => expect(wanted[index]!.startsWith(term), `${where}, ${heading}: ${term}`).toBe(true));
            expect(terms.filter((term, index) => wanted[index]!.length <= width && term !== wanted[index]), `${where}, ${heading}`).toEqual([]);
            expect(lines.filter((line) => !/^ {2}\S/.test(line) && !/^ {6}\S/.test(line)), `${where}, ${heading}`).toEqual([]);
          }
        }
      }
    }
    expect(stacked).toBeGreaterThan(0);
  });

  it('every command with subcommands shows an example of each on its own page', () => {
    for (const entry of COMMANDS.filter((command) => formsOf(command.name).length > 1)) {
      const examples = sectionOf(commandHelp([entry.name])!, 'Examples');
      for (const form of formsOf(entry.name)) expect(examples.some((example) => example.startsWith(`  cmd-tui ${form.name} `) || example === `  cmd-tui ${form.name}`), `${form.name}: ${examples.join('\n')}`).toBe(true);
    }
  });

  it('an example that exports a file and plans or applies it keeps to one scope', () => {
    const texts = [HELP, ...COMMANDS.flatMap((entry) => formsOf(entry.name).map((form) => commandHelp(form.name.split(' '))!))];
    const scopeOf = (line: string) => /--guild (\S+)/.exec(line)?.[1] ?? 'global';
    let checked = 0;
    for (const text of texts) {
      // The examples between two comments are one story, run in order.
      for (const story of sectionOf(text, 'Examples').join('\n').split(/^\s*#.*$/m)) {
        const exported = new Map<string, string>();
        for (const line of story.split('\n').map((example) => example.trim())) {
          const written = /^cmd-tui export .*-o (\S+)/.exec(line)?.[1];
          if (written) exported.set(written, scopeOf(line));
          const read = /^cmd-tui (?:plan|apply) (\S+)/.exec(line)?.[1];
          if (read && exported.has(read)) {
            checked++;
            expect(scopeOf(line), `${text.split('\n')[0]}: ${line}`).toBe(exported.get(read));
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('every command has its flags in the one table, and no command parses flags of its own', async () => {
    for (const entry of COMMANDS) expect(formsOf(entry.name).length, entry.name).toBeGreaterThan(0);
    const folder = fileURLToPath(new URL('../../source/commands/', import.meta.url));
    for (const file of await readdir(folder)) {
      const text = await readFile(join(folder, file), 'utf8');
      expect(text, file).not.toMatch(/parseFlags\(\s*args,\s*\{/);
      expect(text, file).not.toMatch(/parseArgs\(\{[^}]*options:\s*\{/s);
    }
  });

  it('`help COMMAND` and `COMMAND --help` show usage, every flag with its default, examples, exit codes and related commands', async () => {
    const byHelp = await runCli(['help', 'plan'], { env: home.env });
    const byFlag = await runCli(['plan', '--help'], { env: home.env });
    expect(byHelp.code).toBe(0);
    expect(byFlag.stdout).toBe(byHelp.stdout);
    for (const heading of ['Usage', 'Flags', 'Examples', 'Exit codes', 'Related']) expect(byHelp.stdout).toContain(`\n${heading}\n`);
    for (const flag of Object.keys(SPECS.plan.flags)) expect(byHelp.stdout).toContain(`--${flag}`);
    expect(byHelp.stdout).toContain('--timeout MS');
    expect(byHelp.stdout).toContain('(default: 30000)');
    expect(byHelp.stdout).toContain('3  changes pending');
    const auth = await runCli(['auth', '--help'], { env: home.env });
    expect(auth.stdout).toContain('auth set-bot-token');
    expect((await runCli(['auth', 'login', '--help'], { env: home.env })).stdout).toContain('--preset permissions|communication|presence');
    expect((await runCli(['help', 'nope'], { env: home.env })).code).toBe(2);
    const top = await runCli(['--help'], { env: home.env });
    expect(top.stdout).toContain('Exit codes');
    expect(top.stdout).toContain('profile');
  });

  it('one summary per command: --help, `help COMMAND` and completion say the same', async () => {
    // Read with its wrapped lines joined again: piped, help fits 80 columns.
    const unwrapped = (text: string) => text.replace(/\n {14}(?=\S)/g, ' ');
    const top = unwrapped((await runCli(['--help'], { env: home.env })).stdout);
    for (const entry of COMMANDS) {
      const summary = summaryOf(entry.name);
      expect(top, entry.name).toMatch(new RegExp(`^ {2}${entry.name} +${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
      const title = (await runCli(['help', entry.name], { env: home.env })).stdout.split('\n\n')[0]!.replace(/\n/g, ' ');
      expect(title, entry.name).toBe(`cmd-tui ${entry.name} — ${summary}`);
      expect(await candidates([''], { profiles: async () => [], guilds: async () => [] }), entry.name).toContain(`${entry.name}\t${summary}`);
    }
  });

  it('a usage error shows the usage from the same table and points at the help', async () => {
    const result = await runCli(['copy', '--from', 'global'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: cmd-tui copy [--from global|GUILD_ID] [--to global|GUILD_ID] [--command NAME]…');
    expect(result.stderr).toContain('cmd-tui help copy');
  });
});

describe('completion', () => {
  const sources: CompletionSources = {
    profiles: async () => ['dev', 'prod'],
    guilds: async (profile) => (profile === 'prod' ? [{ id: '300000000000000003', name: 'Prod HQ' }] : [{ id: '200000000000000002', name: 'Dev Guild' }]),
  };
  const values = async (words: string[]) => (await candidates(words, sources)).map((line) => line.split('\t')[0]);

  it('offers commands, subcommands, flags with descriptions, profiles and cached guilds', async () => {
    expect(await values([''])).toEqual(expect.arrayContaining(['plan', 'apply', 'copy', 'profile', 'help']));
    expect(await values(['-'])).toEqual(expect.arrayContaining(['--demo', '--profile']));
    expect(await values(['auth', ''])).toEqual(['login', 'status', 'logout', 'set-bot-token', 'set-client-credentials']);
    expect(await candidates(['plan', '--'], sources)).toEqual(expect.arrayContaining(['--detailed-exitcode\texit 3 when there are changes pending, 0 when there is nothing to do (a plan apply would refuse exits 1 either way)']));
    expect(await values(['list', '--profile', ''])).toEqual(['dev', 'prod']);
    expect(await values(['list', '--guild', ''])).toEqual(['global', '200000000000000002']);
    expect(await values(['list', '--profile', 'prod', '--guild', ''])).toEqual(['global', '300000000000000003']);
    expect(await values(['serve', '--seed', ''])).toEqual(['demo', 'empty']);
    expect(await values(['plan', ''])).toEqual([':files']);
  });

  it('offers the shells after `completion`, files only where a file is meant, and values for global flags before a command', async () => {
    expect(await values(['completion', ''])).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(await values(['export', '-o', ''])).toEqual([':files']);
    expect(await values(['list', ''])).toEqual([]);
    expect(await values(['list', '--profile', ''])).toEqual(['dev', 'prod']);
    expect(await values(['--profile', ''])).toEqual(['dev', 'prod']);
    expect(await values(['--profile', 'dev', 'li'])).toEqual(expect.arrayContaining(['list']));
    expect(await values(['--'])).toEqual(expect.arrayContaining(['--no-color', '--demo']));
  });

  /** The shell's path; in CI (CI=true) a missing shell fails the test instead of skipping it, so the scripts are really checked there. */
  function shellPath(shell: string): string | undefined {
    const path = ['/usr/bin', '/bin'].map((dir) => join(dir, shell)).find((candidate) => existsSync(candidate));
    if (!path && process.env.CI === 'true') throw new Error(`${shell} is not installed: .ci/run installs it so that its completion is checked`);
    return path;
  }

  /** A bin folder with `cmd-tui` running the built binary, and the shell's completion script written beside it. */
  async function installed(shell: 'bash' | 'zsh' | 'fish'): Promise<{ env: NodeJS.ProcessEnv; script: string }> {
    const bin = join(home.home, 'bin');
    execFileSync('mkdir', ['-p', bin, join(home.home, 'work')]);
    await writeFile(join(bin, 'cmd-tui'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"\n`);
    await chmod(join(bin, 'cmd-tui'), 0o755);
    // A file where completion runs: offered after `plan`, never after `--profile` or `completion`.
    await writeFile(join(home.home, 'work', 'commands.json'), '[]');
    const script = join(home.home, `completion.${shell}`);
    await writeFile(script, (await runCli(['completion', shell], { env: home.env })).stdout);
    return { env: { ...home.env, PATH: `${bin}:${process.env.PATH}` }, script };
  }

  it('the bash script completes through the built binary, with no network call and files only where a file is meant', async () => {
    const bash = shellPath('bash');
    if (!bash) return;
    const { env, script } = await installed('bash');
    const complete = (line: string[]) =>
      execFileSync(bash, ['-c', `source ${JSON.stringify(script)}; COMP_WORDS=(${line.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${line.length - 1}; _cmd_tui; printf '%s\\n' "\${COMPREPLY[@]}"`], {
        env,
        cwd: join(home.home, 'work'),
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean);
    expect(complete(['cmd-tui', 'pl'])).toEqual(['plan']);
    expect(complete(['cmd-tui', 'plan', '--det'])).toEqual(['--detailed-exitcode']);
    expect(complete(['cmd-tui', 'profile', 'a'])).toEqual(['add']);
    expect(complete(['cmd-tui', 'completion', ''])).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(complete(['cmd-tui', 'plan', ''])).toEqual(['commands.json']);
    expect(complete(['cmd-tui', 'list', '--profile', ''])).toEqual([]);
  });

  it('the zsh script is valid and completes through the built binary, files only where a file is meant', async () => {
    const zsh = shellPath('zsh');
    if (!zsh) return;
    const { env, script } = await installed('zsh');
    execFileSync(zsh, ['-n', script]);
    // compsys's _describe and _files stand in as printers: what the script hands them is what zsh offers.
    const complete = (line: string[]) =>
      execFileSync(zsh, ['-f', '-c', `compdef() { :; }; _describe() { print -l -- "\${(@P)2}"; }; _files() { print -- FILES; }; source ${JSON.stringify(script)}; words=(${line.map((word) => `'${word}'`).join(' ')}); CURRENT=${line.length}; _cmd_tui; true`], {
        env,
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean)
        .map((candidate) => candidate.split(':')[0]);
    expect(complete(['cmd-tui', 'completion', ''])).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(complete(['cmd-tui', 'plan', ''])).toEqual(['FILES']);
    expect(complete(['cmd-tui', 'list', '--profile', ''])).toEqual([]);
    expect(complete(['cmd-tui', 'auth', ''])).toContain('login');
  });

  it('the fish script is valid and completes through the built binary, files only where a file is meant', async () => {
    const fish = shellPath('fish');
    if (!fish) return;
    const { env, script } = await installed('fish');
    execFileSync(fish, ['--no-execute', script]);
    const complete = (line: string) =>
      execFileSync(fish, ['--no-config', '-c', `source ${JSON.stringify(script)}; complete -C ${JSON.stringify(line)}`], { env, cwd: join(home.home, 'work'), encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((candidate) => candidate.split('\t')[0]);
    expect(complete('cmd-tui completion ')).toEqual(['bash', 'fish', 'powershell', 'zsh']);
    expect(complete('cmd-tui plan ')).toEqual(['commands.json']);
    expect(complete('cmd-tui list --profile ')).toEqual([]);
    expect(complete('cmd-tui pro')).toEqual(['profile']);
  });

  it('refuses a shell it has no script for', async () => {
    expect((await runCli(['completion', 'tcsh'], { env: home.env })).code).toBe(2);
  });
});

describe('--debug and colour', () => {
  it('--debug logs each request to stderr with the token masked', async () => {
    const result = await runCli(['list', '--debug', '--api', emulator().baseUrl], { env: { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken } });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^debug: → GET .*\/applications\/.*\/commands Authorization: Bot \*\*\*\*$/m);
    expect(result.stderr).toMatch(/^debug: ← 200 GET /m);
    expect(result.stdout + result.stderr).not.toContain(emulator().botToken);
  });

  it('colour only on a terminal, never with NO_COLOR or --no-color; piped output has none', async () => {
    expect(sanitizeOutput(paintFor({ isTTY: true }, colour({})).create('x'))).toBe('\u001B[32mx\u001B[0m');
    expect(paintFor({ isTTY: true }, colour({ NO_COLOR: '1' })).create('x')).toBe('x');
    expect(paintFor({ isTTY: true }, colour({}), { 'no-color': true }).remove('x')).toBe('x');
    expect(paintFor({ isTTY: false }, colour({})).error('x')).toBe('x');
    const piped = await runCli(['validate', '-', '--no-color'], { env: home.env, input: '{"name":"Bad","description":"d"}' });
    expect(piped.stdout).not.toContain('\u001B[');
  });
});

function colour(env: NodeJS.ProcessEnv) {
  return readEnvironment(env, 'linux').terminal.colour;
}

/** The tables of a help text (flags, commands, exit codes): sections whose every line is `  term  description`, all at one column. */
function tablesOf(text: string): Array<{ heading: string; column: number; rows: string[] }> {
  const tables: Array<{ heading: string; column: number; rows: string[] }> = [];
  for (const heading of text.split('\n').filter((line) => /^\S/.test(line))) {
    const rows = sectionOf(text, heading);
    const columns = rows.map((row) => /^\s*\S+(?: \S+)*? {2,}(?=\S)/.exec(row)?.[0].length);
    if (rows.length > 0 && columns.every((column) => column !== undefined && column === columns[0])) tables.push({ heading, column: columns[0]!, rows });
  }
  return tables;
}

/** The lines under `heading` up to the next line at the margin, blank lines left out. */
function sectionOf(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading) + 1;
  const end = lines.findIndex((line, index) => index >= start && /^\S/.test(line));
  return lines.slice(start, end === -1 ? undefined : end).filter((line) => line !== '');
}
