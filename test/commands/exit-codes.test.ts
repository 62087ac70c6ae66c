/**
 * The exit codes scripts rely on (README and `--help` list them), each pinned through the built
 * binary: 0 ok, 1 problems, 2 usage, 3 changes pending (plan --detailed-exitcode), 4 credentials,
 * 5 the API could not be reached, 6 a local file could not be written (here: a lock left on the settings).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES, ExitCode } from '../../source/commands/types.js';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();
const home = useIsolatedHome();

const withBot = () => ({ ...home.env, DISCORD_BOT_TOKEN: emulator().botToken });
const api = () => ['--api', emulator().baseUrl];

describe('exit codes', () => {
  it('are the documented seven', () => {
    expect(EXIT_CODES.map(([code]) => code)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('0 ok, and 0 from plan --detailed-exitcode when there is nothing to do', async () => {
    expect((await runCli(['list', ...api()], { env: withBot() })).code).toBe(ExitCode.Ok);
    const file = join(home.home, 'global.json');
    expect((await runCli(['export', '-o', file, ...api()], { env: withBot() })).code).toBe(0);
    expect((await runCli(['plan', file, '--detailed-exitcode', ...api()], { env: withBot() })).code).toBe(ExitCode.Ok);
  });

  it('1 for an invalid commands file', async () => {
    const file = join(home.home, 'bad.json');
    await writeFile(file, JSON.stringify([{ name: 'Bad Name', description: 'x', type: 1 }]));
    expect((await runCli(['validate', file], { env: home.env })).code).toBe(ExitCode.Problems);
    expect((await runCli(['plan', file, ...api()], { env: withBot() })).code).toBe(ExitCode.Problems);
  });

  it('2 for an unknown flag or profile', async () => {
    expect((await runCli(['list', '--nope'], { env: home.env })).code).toBe(ExitCode.Usage);
    expect((await runCli(['list', '--profile', 'nope', ...api()], { env: withBot() })).code).toBe(ExitCode.Usage);
  });

  it('3 from plan --detailed-exitcode with changes pending, 0 without the flag', async () => {
    const file = join(home.home, 'one.json');
    await writeFile(file, JSON.stringify([{ name: 'brand-new', description: 'Not there yet', type: 1 }]));
    const pending = await runCli(['plan', file, '--detailed-exitcode', ...api()], { env: withBot() });
    expect(pending.code).toBe(ExitCode.ChangesPending);
    expect(pending.stdout).toContain('+ create /brand-new');
    expect((await runCli(['plan', file, ...api()], { env: withBot() })).code).toBe(ExitCode.Ok);
  });

  it('4 without credentials, with a rejected token, and for a bot token where a user must sign in', async () => {
    expect((await runCli(['list', ...api()], { env: home.env })).code).toBe(ExitCode.Credentials);
    expect((await runCli(['list', ...api()], { env: { ...home.env, DISCORD_BOT_TOKEN: 'rejected-fake-token' } })).code).toBe(ExitCode.Credentials);
    const perms = await runCli(['perms', 'set', '--guild', emulator().guildIds[0]!, '--command', 'ping', '--allow', 'everyone', '--yes', ...api()], { env: withBot() });
    expect(perms.code).toBe(ExitCode.Credentials);
    expect((await runCli(['auth', 'status', ...api()], { env: home.env })).code).toBe(ExitCode.Credentials);
  });

  it('5 when nothing answers at the API address', async () => {
    const refused = await runCli(['list', '--api', 'http://127.0.0.1:9/api/v10'], { env: withBot() });
    expect(refused.code).toBe(ExitCode.Unreachable);
    expect(refused.stderr).toContain('nothing answered at that address');
  });

  it('6 when the settings stay locked (a crashed run\'s lock file), naming the lock file and what to do', { timeout: 30_000 }, async () => {
    const lock = join(home.home, 'config', 'settings.json.lock');
    await mkdir(join(home.home, 'config'), { recursive: true });
    await writeFile(lock, '');
    const added = await runCli(['profile', 'add', 'dev', ...api()], { env: home.env });
    expect(added.code, added.stderr).toBe(ExitCode.Local);
    expect(added.stderr).toContain(lock);
    expect(added.stderr).toContain(`if none is running, remove ${lock}`);
    expect(added.stderr).not.toContain('unexpected failure');
  });
});
