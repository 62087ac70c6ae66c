/**
 * `cmd-tui validate` through the built binary, as scripts use it: exit codes 0/1/2, the exact
 * `--json` shape, the readable report, set rules for arrays, and the scope / app-flags switches.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../source/commands/validate.js';
import type { CliIo } from '../../source/commands/types.js';
import { sanitizeOutput } from '../../source/terminal/sanitize.js';
import { runCli } from '../helpers/cli.js';
import { maximalCommand, realisticCommandSet } from '../fixtures/commands.js';
import { readEnvironment } from '../../source/config/environment.js';
import { tempFolder } from '../helpers/temp-folder.js';

const directory = tempFolder('cmd-tui-validate-');
function file(name: string, content: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const validCommand = file('valid.json', { name: 'ban', description: 'Ban a member', options: [{ type: 6, name: 'user', description: 'Who', required: true }] });
const invalidCommand = file('invalid.json', { name: 'Ban', description: 'Ban a member', options: [{ type: 3, name: 'reason', description: 'Why' }, { type: 6, name: 'user', description: 'Who', required: true }] });
const warningOnly = file('warning.json', { name: 'ban', description: 'Ban a member', dm_permission: false });
const entryPoint = file('entry-point.json', { type: 4, name: 'launch', description: 'Launch', handler: 2 });

interface JsonReport {
  valid: boolean;
  problems: { path: string; rule: string; message: string; severity: string }[];
}

describe('cmd-tui validate', () => {
  it('exits 0 and says so for a valid command', async () => {
    const result = await runCli(['validate', validCommand]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('command valid');
  });

  it('exits 1 and shows each problem at its path with what to do', async () => {
    const result = await runCli(['validate', invalidCommand]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('name\n        use lowercase: `ban`, not `Ban` [name.lowercase]');
    expect(result.stdout).toContain('options[1]\n        move required option `user` before optional `reason`');
    expect(result.stdout).toContain('2 errors, 0 warnings');
    expect(result.stdout).not.toContain('\u001B[');
  });

  it('prints exactly {valid, problems[{path, rule, message, severity}]} with --json', async () => {
    const result = await runCli(['validate', invalidCommand, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(Object.keys(report)).toEqual(['valid', 'problems']);
    expect(report.valid).toBe(false);
    expect(report.problems).toEqual([
      { path: 'name', rule: 'name.lowercase', message: 'use lowercase: `ban`, not `Ban`', severity: 'error' },
      { path: 'options[1]', rule: 'options.required-order', message: 'move required option `user` before optional `reason`', severity: 'error' },
    ]);
  });

  it('exits 0 with warnings only, and reports them', async () => {
    const result = await runCli(['validate', warningOnly, '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.valid).toBe(true);
    expect(report.problems.map((found) => `${found.severity} ${found.rule}`)).toEqual(['warning dm-permission.deprecated']);
  });

  it('applies set rules to an array and prefixes paths with the index', async () => {
    const set = realisticCommandSet();
    set.push({ ...set[0]! });
    const result = await runCli(['validate', file('set.json', set), '--json']);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as JsonReport).problems.map((found) => `${found.path} ${found.rule}`)).toEqual(['[100].name scope.duplicate-name']);
    expect((await runCli(['validate', file('good-set.json', realisticCommandSet())])).stdout).toContain('100 commands valid');
  });

  it('checks the 8000-character budget', async () => {
    expect((await runCli(['validate', file('maximal.json', maximalCommand())])).code).toBe(0);
    const tooLarge = maximalCommand();
    tooLarge.options![0]!.choices = [{ name: 'x', value: 'y' }];
    const result = await runCli(['validate', file('too-large.json', tooLarge)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('(whole command)\n        8002 of 8000 characters');
  });

  it('labels set-wide problems as such', async () => {
    const commands = Array.from({ length: 16 }, (_, i) => ({ type: 2, name: `Menu ${i}` }));
    const result = await runCli(['validate', file('menus.json', commands)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('(whole set)\n        16 USER commands in this scope: the limit is 15');
  });

  it('uses --scope and --app-flags; without --app-flags a handler is a warning that says how to check it', async () => {
    const unknown = await runCli(['validate', entryPoint, '--json']);
    expect(unknown.code).toBe(0);
    expect((JSON.parse(unknown.stdout) as JsonReport).problems.map((found) => found.rule)).toEqual(['handler.embedded-unchecked']);
    expect(unknown.stdout).toContain('pass --app-flags');
    expect((await runCli(['validate', entryPoint, '--app-flags', '0'])).code).toBe(1);
    expect((await runCli(['validate', entryPoint, '--app-flags', String(1 << 17)])).code).toBe(0);
    const guild = await runCli(['validate', entryPoint, '--app-flags', String(1 << 17), '--scope', 'guild', '--json']);
    expect(guild.code).toBe(1);
    expect((JSON.parse(guild.stdout) as JsonReport).problems.map((found) => found.rule)).toEqual(['entry-point.guild']);
  });

  it('reads stdin for -', async () => {
    const result = await runCli(['validate', '-', '--json'], { input: '{"name":"ping","description":"Pong"}' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ valid: true, problems: [] });
  });

  it.each([
    ['a missing file', [join(directory, 'nope.json')], 'cannot read'],
    ['a file that is not JSON', [file('broken.json', '{"name": ')], 'is not valid JSON'],
  ])('exits 2 for %s, saying what is wrong with the file and no usage lines (the command line was right)', async (_title, args, message) => {
    const result = await runCli(['validate', ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('Usage:');
  });

  it.each([
    ['no FILE', [], 'missing FILE'],
    ['two FILEs', [validCommand, validCommand], '`cmd-tui validate` takes 1 argument'],
    ['a bad --scope', [validCommand, '--scope', 'world'], '--scope must be global or guild'],
    ['a bad --app-flags', [validCommand, '--app-flags', 'embedded'], '--app-flags must be'],
    ['an unknown option', [validCommand, '--strict'], 'unknown flag --strict.'],
  ])('exits 2 with a clear message for %s', async (_title, args, message) => {
    const result = await runCli(['validate', ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage: cmd-tui validate FILE');
  });
});

describe('report colour', () => {
  async function report(env: NodeJS.ProcessEnv, isTTY: boolean): Promise<string> {
    const stdout = Object.assign(new PassThrough(), { isTTY });
    let text = '';
    stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    const io: CliIo = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), environment: readEnvironment(env, process.platform), cwd: directory };
    await run([invalidCommand], io);
    // What the process's stream (commands/types.ts) writes: the marked colour, itself.
    return sanitizeOutput(text);
  }

  it('is used on a terminal', async () => {
    expect(await report({}, true)).toContain('\u001B[31m');
  });

  it('is off with NO_COLOR or when piped', async () => {
    expect(await report({ NO_COLOR: '1' }, true)).not.toContain('\u001B[');
    expect(await report({}, false)).not.toContain('\u001B[');
  });
});
