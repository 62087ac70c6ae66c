/**
 * Writers on one scope through the built binary: an `apply` killed with SIGKILL half-way leaves its
 * journal, the next run names the interrupted command and its backup and converges; a second writer
 * is refused with who holds the scope; two applies at once both finish, with no duplicate.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireScopeLock } from '../../source/backup/scope-lock.js';
import { guildScope } from '../../source/discord/model.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { mutating, requestLog } from '../commands/emulator-requests.js';
import { TmuxSession } from './helpers/tmux.js';

/** The screen's text on one line, to read a wrapped message whole. */
const flat = (screen: string) => screen.replace(/\s+/g, ' ');

const slow = useEmulator({ seed: 'empty', faults: 'slow:1@300,seed:7' });
const home = useIsolatedHome();

const env = (on = slow) => ({ ...home.env, DISCORD_BOT_TOKEN: on().botToken, NO_COLOR: '1' });
const guild = (on = slow) => on().guildIds[0]!;
const names = async (on = slow) =>
  ((await call(on(), 'GET', `/applications/${on().applicationId}/guilds/${guild(on)}/commands`, { auth: botAuth(on()) })).body as { name: string }[]).map((command) => command.name).sort();

async function commandsFile(name: string, prefix: string, count: number): Promise<string> {
  const path = join(home.home, name);
  await writeFile(path, JSON.stringify(Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index}`, description: `Command ${index}`, type: 1 }))));
  return path;
}

/**
 * SIGKILL the moment `child` reports `progress` (a step done, on stdout), not at a later poll (a loaded
 * machine's test process looks again late, while the apply goes on creating); resolves once it is gone.
 */
async function killOnceItSays(child: ChildProcessByStdio<null, Readable, Readable>, progress: RegExp): Promise<void> {
  let said = '';
  let killed = false;
  const watch = (chunk: string) => {
    said += chunk;
    if (!killed && progress.test(said)) {
      killed = true;
      child.kill('SIGKILL');
    }
  };
  child.stdout.setEncoding('utf8').on('data', watch);
  child.stderr.setEncoding('utf8').on('data', watch);
  await new Promise((resolve) => child.on('close', resolve));
  expect(killed, said).toBe(true);
}

describe('one writer per scope', () => {
  it('kill -9 half-way through apply: the next run names the interrupted apply and its backup, then converges', { timeout: 60_000 }, async () => {
    const file = await commandsFile('six.json', 'six', 6);
    const args = [CLI_PATH, 'apply', file, '--guild', guild(), '--api', slow().baseUrl, '--yes'];
    const child = spawn(process.execPath, args, { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    // Killed once it has created two of the six.
    await killOnceItSays(child, /created \/six-1/);
    const partial = await names();
    expect(partial.length).toBeGreaterThanOrEqual(2);
    expect(partial.length).toBeLessThan(6);

    const again = await runCli(args.slice(1), { env: env() });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/An earlier `apply .*six\.json` \(pid \d+, since .*\) on guild \d+ was interrupted\. Running the same command again finishes it \(it converges\)\. To undo what it did, `cmd-tui restore .*\.json`\./);
    expect(await names()).toEqual(['six-0', 'six-1', 'six-2', 'six-3', 'six-4', 'six-5']);
    const settled = await runCli(['plan', file, '--guild', guild(), '--api', slow().baseUrl, '--detailed-exitcode'], { env: env() });
    expect(settled.code).toBe(0);
  });

  it('kill -9 half-way through apply: the TUI opening that scope says it was interrupted and how to finish or undo it', { timeout: 60_000 }, async () => {
    const file = await commandsFile('global.json', 'glob', 6);
    const child = spawn(process.execPath, [CLI_PATH, 'apply', file, '--api', slow().baseUrl, '--yes'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    await killOnceItSays(child, /created \/glob-0/);

    const strings = Object.fromEntries(Object.entries(env()).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    // Wide: the notice holds two paths under the machine's TMPDIR, whose length is not ours to choose.
    const tui = new TmuxSession([process.execPath, CLI_PATH, '--api', slow().baseUrl], { columns: 200, rows: 36, cwd: home.home, env: strings });
    try {
      const screen = await tui.waitFor((text) => flat(text).includes('was interrupted'), 'the interrupted-write notice', 20_000);
      expect(flat(screen)).toMatch(/An earlier `apply .*global\.json` \(pid \d+, since .*\) on the global scope was interrupted\. Running the same command again finishes it \(it converges\)\. To undo what it did, `cmd-tui restore .*\.json`\./);
    } finally {
      tui.kill();
    }
    // Told, not settled: the CLI run that finishes the apply reports it too.
    const again = await runCli(['apply', file, '--api', slow().baseUrl, '--yes'], { env: env() });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('was interrupted');
  });

  it('a second writer waits, then is refused with the holder’s pid, command and time; nothing is sent', { timeout: 60_000 }, async () => {
    const lock = await acquireScopeLock(home.environment.paths(), slow().applicationId, guildScope(guild()), 'TUI: save /ping');
    try {
      const before = mutating(await requestLog(slow())).length;
      const refused = await runCli(['apply', await commandsFile('one.json', 'one', 1), '--guild', guild(), '--api', slow().baseUrl, '--yes'], { env: env() });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is being changed by another cmd-tui: pid ${process.pid} (TUI: save /ping) since`);
      expect(mutating(await requestLog(slow())).length).toBe(before);
    } finally {
      await lock.release();
    }
  });
});

describe('two writers on one scope at once', () => {
  // Each request answered after 100 ms, not 300: slow enough that both are on the scope together, quick
  // enough that the first is done well within the 5 s a second writer waits, on a loaded runner too (at
  // 300 ms, one apply of three took 3.4 s on this 2-core machine under load, the scope held for its writes).
  const paced = useEmulator({ seed: 'empty', faults: 'slow:1@100,seed:7' });

  it('two applies at once: both finish, each creating its own commands once', { timeout: 60_000 }, async () => {
    const a = await commandsFile('a.json', 'a', 3);
    const b = await commandsFile('b.json', 'b', 3);
    const before = (await requestLog(paced())).length;
    const [first, second] = await Promise.all([a, b].map((file) => runCli(['apply', file, '--guild', guild(paced), '--api', paced().baseUrl, '--yes'], { env: env(paced) })));
    expect([first!.code, second!.code]).toEqual([0, 0]);
    expect(mutating((await requestLog(paced())).slice(before))).toHaveLength(6);
    const final = await names(paced);
    expect(final).toEqual(expect.arrayContaining(['a-0', 'a-1', 'a-2', 'b-0', 'b-1', 'b-2']));
    expect(new Set(final).size).toBe(final.length);
  });
});
