/**
 * Files as a pull request or a crash leaves them, through the built binary: each is refused with a
 * clear message and a documented exit code, never a stack trace, a hang, or the file's content echoed;
 * `__proto__` and duplicate keys are errors at their path, not fields smuggled past the checks.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { mutating, requestLog } from './emulator-requests.js';

const emulator = useEmulator();
const home = useIsolatedHome();

const file = (name: string) => join(home.home, name);
const withBot = () => ({ ...home.env, DISCORD_BOT_TOKEN: emulator().botToken });

describe('files that are not what they claim', () => {
  it.each([
    ['a directory', async () => (await mkdir(file('folder')), file('folder')), 'is a folder'],
    ['a FIFO', async () => (execFileSync('mkfifo', [file('pipe')]), file('pipe')), 'is not a regular file'],
    ['a device', async () => '/dev/zero', 'is not a regular file'],
    ['UTF-16', async () => (await writeFile(file('u16.json'), Buffer.from('\ufeff[]', 'utf16le')), file('u16.json')), 'saved as UTF-16'],
    ['not JSON', async () => (await writeFile(file('bad.json'), '[{"name": "x",'), file('bad.json')), 'is not valid JSON'],
    ['too deep', async () => (await writeFile(file('deep.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`), file('deep.json')), 'nested deeper than 64 levels'],
  ])('%s: validate and plan refuse it with a clear message, in time', { timeout: 20_000 }, async (_name, make, message) => {
    const path = await make();
    for (const args of [['validate', path], ['plan', path, '--api', emulator().baseUrl]]) {
      const result = await runCli(args, { env: withBot() });
      expect([1, 2], result.stderr).toContain(result.code);
      expect(result.stdout + result.stderr).toContain(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('a byte-order mark is fine', async () => {
    await writeFile(file('bom.json'), `\ufeff${JSON.stringify([{ name: 'ping', description: 'Pong', type: 1 }])}`);
    expect((await runCli(['validate', file('bom.json')], { env: home.env })).code).toBe(0);
  });

  it('a parse error says line and column, never the content (a symlink to a secret file)', async () => {
    await writeFile(file('shadow'), 'root:*:20240:0:99999:7:::\nsecret-line-value\n');
    await symlink(file('shadow'), file('commands.json'));
    const result = await runCli(['validate', file('commands.json')], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/line 1, column 1/);
    expect(result.stdout + result.stderr).not.toContain('root:*');
    expect(result.stdout + result.stderr).not.toContain('secret-line-value');
  });
});

describe('keys JSON would take silently', () => {
  it('__proto__ is an error at its path: validate exits 1 and apply sends nothing', async () => {
    await writeFile(file('proto.json'), '[{"name":"x","description":"d","type":1,"__proto__":{"default_member_permissions":"8","nsfw":true}}]');
    const validated = await runCli(['validate', file('proto.json')], { env: home.env });
    expect(validated.code).toBe(1);
    expect(validated.stdout).toContain('[0].__proto__');
    const before = mutating(await requestLog(emulator())).length;
    const applied = await runCli(['apply', file('proto.json'), '--yes', '--api', emulator().baseUrl], { env: withBot() });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('the key "__proto__" is not allowed');
    expect(mutating(await requestLog(emulator())).length).toBe(before);
  });

  it('a key given twice is an error at its path', async () => {
    await writeFile(file('twice.json'), '{"name":"x","name":"y","description":"d","type":1}');
    const validated = await runCli(['validate', file('twice.json'), '--json'], { env: home.env });
    expect(validated.code).toBe(1);
    expect(JSON.parse(validated.stdout)).toMatchObject({ valid: false, problems: [{ path: 'name', rule: 'file.json' }] });
  });

  it('a settings folder that cannot be used is not called damaged: it names what is in the way and exits 6', async () => {
    await writeFile(file('not-a-folder'), '');
    const inTheWay = await runCli(['list', '--api', emulator().baseUrl], { env: { ...home.env, CMD_TUI_HOME: file('not-a-folder') } });
    expect(inTheWay.code).toBe(6);
    expect(inTheWay.stderr).not.toContain('damaged');
    expect(inTheWay.stderr).toContain(`${file('not-a-folder')} is a file, not a folder (ENOTDIR)`);
    expect(inTheWay.stderr).toContain(`Move ${file('not-a-folder')} aside, or set CMD_TUI_HOME to a folder`);
    await mkdir(join(home.home, 'config', 'settings.json'), { recursive: true });
    const folder = await runCli(['list', '--api', emulator().baseUrl, '--json'], { env: home.env });
    expect(folder.code).toBe(6);
    expect(JSON.parse(folder.stdout)).toMatchObject({ exitCode: 6, error: { message: expect.stringContaining('settings.json is a folder, not a file (EISDIR)') } });
  });

  it('a 0-byte settings file is reported as damaged everywhere', async () => {
    await mkdir(join(home.home, 'config'), { recursive: true });
    await writeFile(join(home.home, 'config', 'settings.json'), '');
    for (const args of [['list', '--api', emulator().baseUrl], ['auth', 'status', '--api', emulator().baseUrl]]) {
      const result = await runCli(args, { env: home.env });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('settings.json is damaged (empty');
    }
  });
});
