/**
 * `apply --watch`, the dev loop, end to end: the built binary against `cmd-tui serve` over real HTTP,
 * saves written as an editor writes them. A saved change is planned and applied once (the emulator reads it
 * back); an invalid save is named by file and nothing is sent; a save that would delete most of the guild
 * is refused without --delete-many; a burst of saves is one run; ctrl+c while idle exits 0; it refuses the
 * global scope and, without a terminal, a watch nobody can confirm.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fetch } from 'undici';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useServe } from '../helpers/serve.js';
import { TmuxSession } from './helpers/tmux.js';
import { fetchControl } from '../helpers/emulator-control.js';

const server = useServe(['--seed', 'empty', '--rate-limits', 'off']);
// Every request answered after 300 ms: ctrl+c lands while a write is on the wire.
const slow = useServe(['--seed', 'empty', '--rate-limits', 'off', '--faults', 'slow:1@300,seed:7']);
const SLOW = 30_000;

interface RunLine {
  run: number;
  trigger: 'start' | 'save';
  outcome: string;
  applied: boolean;
  steps?: { kind: string }[];
  problems?: { path: string; message: string }[];
}

let home: IsolatedHome;
let watcher: Watch | undefined;
beforeEach(async () => {
  home = await isolatedHome();
});
afterEach(async () => {
  if (watcher && watcher.child.exitCode === null) {
    watcher.child.kill('SIGKILL');
    await watcher.exited;
  }
  watcher = undefined;
  await home.cleanup();
});

interface Watch {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The next run's line, in order. */
  nextRun(): Promise<RunLine>;
  stderr(): string;
  exited: Promise<number | null>;
}

function startWatch(file: string, guild: string, emulator = server(), extra: readonly string[] = []): Watch {
  const child = spawn(process.execPath, [CLI_PATH, 'apply', file, '--watch', '--guild', guild, '--yes', '--json-lines', '--api', emulator.baseUrl, ...extra], {
    env: { ...home.env, DISCORD_BOT_TOKEN: emulator.botToken, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const lines: RunLine[] = [];
  const waiting: ((line: RunLine) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as RunLine;
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const nextRun = () => {
    const ready = lines.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise<RunLine>((resolve, reject) => {
      waiting.push(resolve);
      void exited.then((code) => reject(new Error(`apply --watch exited (${code}) before its next run:\n${stderr}`)));
    });
  };
  watcher = { child, nextRun, stderr: () => stderr, exited };
  return watcher;
}

async function guildCommands(guild: string, emulator = server()): Promise<{ name: string; description: string }[]> {
  const { baseUrl, applicationId, botToken } = emulator;
  return (await (await fetch(`${baseUrl}/applications/${applicationId}/guilds/${guild}/commands`, { headers: { authorization: `Bot ${botToken}` } })).json()) as { name: string; description: string }[];
}

async function writesTo(guild: string): Promise<LoggedRequest[]> {
  const log = (await (await fetchControl(server(), '/__emulator/requests')).json()) as LoggedRequest[];
  return log.filter((request) => request.method !== 'GET' && request.path.includes(`/guilds/${guild}/commands`));
}

const ping = (description: string) => JSON.stringify([{ name: 'ping', description }]);

/** As editors that write a temporary file and rename it over the old one do (vim's backupcopy=no, VS Code's atomic save). */
async function saveByRename(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

it('applies FILE when it starts, then a saved change once, read back from the emulator; ctrl+c while idle exits 0', { timeout: 60_000 }, async () => {
  const guild = server().guildIds[0]!;
  const file = join(home.home, 'commands.json');
  await writeFile(file, ping('Pong'));
  const watch = startWatch(file, guild);
  expect(await watch.nextRun()).toMatchObject({ run: 1, trigger: 'start', outcome: 'applied', steps: [{ kind: 'create' }] });
  expect(await guildCommands(guild)).toMatchObject([{ name: 'ping', description: 'Pong' }]);
  const before = (await writesTo(guild)).length;

  await saveByRename(file, ping('Pong, edited'));
  expect(await watch.nextRun()).toMatchObject({ run: 2, trigger: 'save', outcome: 'applied', steps: [{ kind: 'update' }] });
  expect(await guildCommands(guild)).toMatchObject([{ name: 'ping', description: 'Pong, edited' }]);
  expect((await writesTo(guild)).slice(before).map((request) => request.method)).toEqual(['PATCH']);
  expect(watch.stderr()).toContain('description: "Pong" → "Pong, edited"');

  // The same content saved again plans nothing and sends nothing.
  await writeFile(file, ping('Pong, edited'));
  expect(await watch.nextRun()).toMatchObject({ run: 3, outcome: 'unchanged', steps: [] });
  expect(await writesTo(guild)).toHaveLength(before + 1);

  watch.child.kill('SIGINT');
  expect(await watch.exited).toBe(0);
  expect(watch.stderr()).not.toContain('none is sent after it');
});

it('an invalid save is shown, named by its file in a folder, and nothing is sent; the next good save applies', { timeout: 60_000 }, async () => {
  const guild = server().guildIds[1]!;
  const folder = join(home.home, 'commands');
  await mkdir(join(folder, 'mod'), { recursive: true });
  await writeFile(join(folder, 'ping.json'), ping('Pong'));
  await writeFile(join(folder, 'mod', 'ban.json'), JSON.stringify({ name: 'ban', description: 'Ban a member' }));
  const watch = startWatch(folder, guild);
  expect(await watch.nextRun()).toMatchObject({ run: 1, outcome: 'applied' });
  const before = (await writesTo(guild)).length;

  await writeFile(join(folder, 'mod', 'ban.json'), JSON.stringify({ name: 'Ban Member', description: 'Ban a member' }));
  const invalid = await watch.nextRun();
  expect(invalid).toMatchObject({ run: 2, outcome: 'invalid', applied: false });
  expect(invalid.problems?.map((problem) => problem.path)).toContain('mod/ban.json name');
  expect(watch.stderr()).toMatch(/mod\/ban\.json name: error: .*\n.* is not valid; nothing was sent\./);
  expect(await writesTo(guild)).toHaveLength(before);
  expect((await guildCommands(guild)).map((command) => command.name).sort()).toEqual(['ban', 'ping']);

  await writeFile(join(folder, 'mod', 'ban.json'), JSON.stringify({ name: 'ban', description: 'Ban a member for good' }));
  expect(await watch.nextRun()).toMatchObject({ run: 3, outcome: 'applied', steps: [{ kind: 'update' }] });
  watch.child.kill('SIGINT');
  expect(await watch.exited).toBe(0);
});

it('two quick saves are one run, which applies the last', { timeout: 60_000 }, async () => {
  const guild = server().guildIds[2]!;
  const file = join(home.home, 'commands.json');
  await writeFile(file, ping('Pong'));
  // 3 s of quiet, not the default 200 ms: the two saves 30 ms apart must fall within it on a loaded runner too.
  const watch = startWatch(file, guild, server(), ['--settle', '3000']);
  expect(await watch.nextRun()).toMatchObject({ run: 1, outcome: 'applied' });
  const before = (await writesTo(guild)).length;

  await writeFile(file, ping('first save'));
  await new Promise((resolve) => setTimeout(resolve, 30));
  await saveByRename(file, ping('second save'));
  expect(await watch.nextRun()).toMatchObject({ run: 2, outcome: 'applied', steps: [{ kind: 'update' }] });
  expect(await guildCommands(guild)).toMatchObject([{ description: 'second save' }]);
  // The next save is the third run: the burst made no run of its own for 'first save'.
  await writeFile(file, ping('third save'));
  expect(await watch.nextRun()).toMatchObject({ run: 3, outcome: 'applied' });
  expect((await writesTo(guild)).slice(before)).toHaveLength(2);
  watch.child.kill('SIGINT');
  expect(await watch.exited).toBe(0);
});

it('--prune: a save that deletes more than half of the guild is refused without --delete-many, nothing sent; with it, the save goes', { timeout: 60_000 }, async () => {
  const guild = server().guildIds[1]!;
  const file = join(home.home, 'pruned.json');
  await writeFile(file, JSON.stringify([{ name: 'keep-a', description: 'A' }, { name: 'keep-b', description: 'B' }]));
  // The guild holds exactly the file first, whatever an earlier test left there.
  const setUp = await runCli(['apply', file, '--guild', guild, '--prune', '--delete-many', '--yes', '--api', server().baseUrl], { env: { ...home.env, DISCORD_BOT_TOKEN: server().botToken } });
  expect(setUp.code, setUp.stderr).toBe(0);
  const guarded = startWatch(file, guild, server(), ['--prune']);
  expect(await guarded.nextRun()).toMatchObject({ run: 1, outcome: 'unchanged' });
  const names = async () => (await guildCommands(guild)).map((command) => command.name).sort();
  const kept = await names();
  expect(kept).toEqual(['keep-a', 'keep-b']);
  const before = (await writesTo(guild)).length;

  // An emptied file (a save mid-refactor) would delete every command of the dev guild.
  await writeFile(file, '[]');
  const refused = (await guarded.nextRun()) as RunLine & { refusals?: { rule: string; message: string }[] };
  expect(refused).toMatchObject({ run: 2, outcome: 'refused', applied: false });
  expect(refused.refusals).toEqual([{ rule: 'mass-delete', message: `The plan deletes ${kept.length} of the scope's ${kept.length} commands (more than half). Pass --delete-many if that is what you want.`, override: '--delete-many' }]);
  expect(await writesTo(guild)).toHaveLength(before);
  expect(await names()).toEqual(kept);
  guarded.child.kill('SIGINT');
  expect(await guarded.exited).toBe(0);

  const allowed = startWatch(file, guild, server(), ['--prune', '--delete-many']);
  expect(await allowed.nextRun()).toMatchObject({ run: 1, outcome: 'applied' });
  expect(await names()).toEqual([]);
  allowed.child.kill('SIGINT');
  expect(await allowed.exited).toBe(0);
});

it('ctrl+c during a run stops it between requests and says what was sent, which the server agrees with', { timeout: 60_000 }, async () => {
  const guild = slow().guildIds[0]!;
  const file = join(home.home, 'commands.json');
  await writeFile(file, JSON.stringify(Array.from({ length: 5 }, (_, index) => ({ name: `five-${index}`, description: `Command ${index}` }))));
  const watch = startWatch(file, guild, slow());
  while (!/created \/five-0/.test(watch.stderr())) await new Promise((resolve) => setTimeout(resolve, 20));
  watch.child.kill('SIGINT');
  const line = await watch.nextRun();
  expect(await watch.exited, watch.stderr()).toBe(1);
  expect(line).toMatchObject({ run: 1, outcome: 'failed', applied: false });
  expect(watch.stderr()).toContain('none is sent after it');
  const stopped = /Stopped after (\d+) of 5 changes/.exec(watch.stderr());
  expect(stopped, watch.stderr()).not.toBeNull();
  expect(line.steps).toHaveLength(Number(stopped![1]));
  expect(await guildCommands(guild, slow())).toHaveLength(Number(stopped![1]));
});

it('refuses the global scope, --json, and a watch without a terminal and without --yes, before sending anything', { timeout: SLOW }, async () => {
  const file = join(home.home, 'commands.json');
  await writeFile(file, ping('Pong'));
  const env = { ...home.env, DISCORD_BOT_TOKEN: server().botToken };
  const api = ['--api', server().baseUrl];
  const global = await runCli(['apply', file, '--watch', '--yes', ...api], { env });
  expect(global.code).toBe(2);
  expect(global.stderr).toContain('pass --guild with your test guild');
  const json = await runCli(['apply', file, '--watch', '--guild', server().guildIds[0]!, '--yes', '--json', ...api], { env });
  expect(json.code).toBe(2);
  expect(json.stderr).toContain('--json-lines instead of --json');
  const unconfirmed = await runCli(['apply', file, '--watch', '--guild', server().guildIds[0]!, ...api], { env });
  expect(unconfirmed.code).toBe(2);
  expect(unconfirmed.stderr).toContain('pass --yes');
  const lines = await runCli(['apply', file, '--json-lines', ...api], { env });
  expect(lines.code).toBe(2);
  const settleAlone = await runCli(['apply', file, '--settle', '500', ...api], { env });
  expect(settleAlone.code).toBe(2);
  expect(settleAlone.stderr).toContain('pass --watch too');
  // Number() would take each of these: an empty value as 0, an exponent, hex, a padded number.
  for (const wrong of ['soon', '', '1e3', '0x10', ' 7', '60001']) {
    const settleWrong = await runCli(['apply', file, '--watch', '--guild', server().guildIds[0]!, '--yes', `--settle=${wrong}`, ...api], { env });
    expect(settleWrong.code, wrong).toBe(2);
    expect(settleWrong.stderr).toContain('--settle must be a whole number of milliseconds');
  }
});

/** A command of its own, so that a test sharing a guild with an earlier one still creates it. */
const named = (name: string, description: string) => JSON.stringify([{ name, description }]);

/** `folder` removed, the watch of `watched` ends with what happened, exit 1, not a usage error. */
async function expectStopsWhenRemoved(watch: Watch, folder: string, watched: string): Promise<void> {
  await rm(folder, { recursive: true });
  expect(await watch.exited, watch.stderr()).toBe(1);
  expect(watch.stderr()).toContain(`stopped watching ${watched}`);
  expect(watch.stderr()).not.toContain('Usage:');
}

it('a file gone at a save is said, nothing is sent, and it is applied once it is back; its folder gone ends the watch, exit 1', { timeout: 60_000 }, async () => {
  const guild = server().guildIds[2]!;
  const folder = join(home.home, 'bot');
  await mkdir(folder);
  const file = join(folder, 'commands.json');
  await writeFile(file, named('back', 'Pong'));
  const watch = startWatch(file, guild);
  expect(await watch.nextRun()).toMatchObject({ run: 1, outcome: 'applied' });
  const before = (await writesTo(guild)).length;

  await rm(file);
  expect(await watch.nextRun()).toMatchObject({ run: 2, outcome: 'unreadable', applied: false });
  expect(watch.stderr()).toMatch(/commands\.json.*; nothing was sent\./);
  expect(watch.stderr()).not.toContain('Usage:');
  expect(await writesTo(guild)).toHaveLength(before);

  await writeFile(file, named('back', 'Pong, back'));
  expect(await watch.nextRun()).toMatchObject({ run: 3, outcome: 'applied', steps: [{ kind: 'update' }] });

  await expectStopsWhenRemoved(watch, folder, file);
});

it('a watched folder removed ends the watch with what happened, exit 1, not a usage error', { timeout: 60_000 }, async () => {
  const guild = server().guildIds[2]!;
  const folder = join(home.home, 'commands');
  await mkdir(folder);
  await writeFile(join(folder, 'infolder.json'), named('infolder', 'Pong'));
  const watch = startWatch(folder, guild);
  expect(await watch.nextRun()).toMatchObject({ run: 1, outcome: 'applied' });
  await expectStopsWhenRemoved(watch, folder, folder);
});

it('ctrl+c at the question says only that nothing was sent, and ends as `apply` stopped there ends: exit 1', { timeout: 60_000 }, async () => {
  const guild = server().guildIds[2]!;
  const file = join(home.home, 'asked.json');
  await writeFile(file, named('asked', 'Pong'));
  const env = { CMD_TUI_HOME: home.home, DISCORD_BOT_TOKEN: server().botToken, NO_COLOR: '1', TERM: 'xterm-256color' };
  // The shell traps ctrl+c (the terminal sends it to the whole foreground group) so it lives on to print the exit code.
  const watch = [process.execPath, CLI_PATH, 'apply', file, '--watch', '--guild', guild, '--api', server().baseUrl].map(shellWord).join(' ');
  const tui = new TmuxSession(['sh', '-c', `trap : INT; ${watch}; echo "exit=$?"; sleep 60`], { columns: 120, rows: 40, cwd: home.home, env });
  try {
    await tui.waitForText('Apply these changes');
    await tui.key('ctrl+c');
    const screen = await tui.waitForText('exit=');
    expect(screen).toContain('Stopped before anything was sent.');
    expect(screen).not.toContain('none is sent after it');
    expect(screen).toContain('exit=1');
    expect(await guildCommands(guild)).not.toContainEqual(expect.objectContaining({ name: 'asked' }));
  } finally {
    tui.kill();
  }
});

function shellWord(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
