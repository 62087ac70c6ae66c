/**
 * `cmd-tui serve --copy-commands` from the built binary: an emulator that starts with the app's commands
 * read where the credentials point (here another `serve`, standing in for live Discord): the global ones
 * and the guild's, ids kept, with the guild's people; nothing changed at the source; and credentials that
 * cannot read them stop it before it serves.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { fetchControl } from '../helpers/emulator-control.js';
import { HOSTILE_APP, startHostileServer } from '../helpers/hostile-server.js';
import { tempFolder } from '../helpers/temp-folder.js';
import { cliEnv } from '../helpers/hermetic-env.js';

const source = useServe(['--rate-limits', 'off']);
const home = tempFolder('cmd-tui-serve-copy-');

async function commandIds(baseUrl: string, token: string, path: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bot ${token}` } });
  return ((await response.json()) as { id: string }[]).map((command) => command.id).sort();
}

it('starts with the global commands and the guild\'s, ids kept, and the guild\'s people, reading the source only', { timeout: 30_000 }, async () => {
  const guildId = source().guildIds[0]!;
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--copy-commands', '--api', source().baseUrl, '--guild', guildId, '--json', '--port', '0'], {
    env: cliEnv({ CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: source().botToken }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const info = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve))) as { baseUrl: string; applicationId: string; botToken: string; guildIds: string[] };
  try {
    const apps = `/applications/${info.applicationId}`;
    expect(await commandIds(info.baseUrl, info.botToken, `${apps}/commands`)).toEqual(await commandIds(source().baseUrl, source().botToken, `/applications/${source().applicationId}/commands`));
    expect(await commandIds(info.baseUrl, info.botToken, `${apps}/guilds/${guildId}/commands`)).toEqual(await commandIds(source().baseUrl, source().botToken, `/applications/${source().applicationId}/guilds/${guildId}/commands`));
    expect(info.guildIds[0]).toBe(guildId);
    // try runs in the copied guild (guildIds[0]) as its owner, the emulator's app owner not being a member there.
    const tried = await runCli(['try', 'deploy', '--option', 'environment=staging', '--api', info.baseUrl], { env: { CMD_TUI_HOME: home } });
    expect(tried.stderr).not.toContain('no slash command');
    expect(tried.stderr).not.toContain('is not a member');
    expect(tried.stderr).toContain('no bot is connected');
    const members = (await (await fetch(`${info.baseUrl}/guilds/${guildId}/members?limit=100`, { headers: { Authorization: `Bot ${info.botToken}` } })).json()) as { user: { username: string } }[];
    expect(members.map((member) => member.user.username)).toEqual(expect.arrayContaining(['rin', 'ada', 'milo']));
    expect(stderr).toMatch(/^cmd-tui serve: Copied \d+ global commands and \d+ commands of Pixel Pal HQ \(ids kept\), with its roles, channels and first 100 members as read\. Nothing was changed where they were read\.$/m);
    const requests = (await (await fetchControl(source(), '/__emulator/requests')).json()) as { method: string }[];
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
});

it('credentials that cannot read the commands stop it before it serves, saying why', async () => {
  const { code, stdout, stderr } = await runCli(['serve', '--copy-commands', '--api', source().baseUrl, '--json'], { env: { CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: 'emu-bot-not-a-token' } });
  expect(code).toBe(4);
  expect(stderr).toMatch(/^cmd-tui serve --copy-commands: /);
  expect(stdout).not.toContain('baseUrl');
});

it('--guild, --profile and --api without --copy-commands are a usage error', async () => {
  const { code, stderr } = await runCli(['serve', '--guild', source().guildIds[0]!], { env: { CMD_TUI_HOME: home } });
  expect(code).toBe(2);
  expect(stderr).toContain('--profile, --guild and --api say where --copy-commands reads the commands: add --copy-commands, or leave them out');
});

it('copies only what Discord could hold from a source that answers duplicates, two entry points and too many commands, and says what it left out', { timeout: 30_000 }, async () => {
  const command = (id: number, name: string, extra: Record<string, unknown> = {}) => ({ id: String(800000000000000000n + BigInt(id)), application_id: HOSTILE_APP, version: '1', type: 1, name, description: 'From the source', default_member_permissions: null, ...extra });
  const served = [
    command(1, 'first'),
    command(1, 'same-id'),
    command(2, 'first'),
    command(3, 'launch', { type: 4, description: 'Launch', handler: 2 }),
    command(4, 'launch-again', { type: 4, description: 'Launch again', handler: 2 }),
    command(5, 'Not A Slash Name'),
    ...Array.from({ length: 110 }, (_, index) => command(100 + index, `many-${index}`)),
  ];
  const hostile = await startHostileServer('hostile', { globalCommands: () => JSON.stringify(served) });
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--copy-commands', '--api', hostile.base, '--json', '--port', '0'], {
    env: cliEnv({ CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: 'emu-bot-the-source-takes-any' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const info = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve))) as { baseUrl: string; applicationId: string; botToken: string };
    const stored = (await (await fetch(`${info.baseUrl}/applications/${info.applicationId}/commands`, { headers: { Authorization: `Bot ${info.botToken}` } })).json()) as { id: string; name: string; type: number }[];
    expect(stored.filter((entry) => entry.type === 1)).toHaveLength(100);
    expect(stored.filter((entry) => entry.type === 4).map((entry) => entry.name)).toEqual(['launch']);
    expect(new Set(stored.map((entry) => entry.id)).size).toBe(stored.length);
    expect(stored.filter((entry) => entry.name === 'first')).toEqual([expect.objectContaining({ id: '800000000000000001' })]);
    expect(stored.map((entry) => entry.name)).not.toContain('Not A Slash Name');
    expect(stderr).toContain("with its seeded people. Left out 15 commands Discord could not hold, so none of them is in the emulator: /same-id (CHAT_INPUT, global): its id 800000000000000001 is another command's; ");
    expect(stderr).toContain('/first (CHAT_INPUT, global): CHAT_INPUT command `first` is already defined at the command with id 800000000000000001');
    expect(stderr).toContain('launch-again (PRIMARY_ENTRY_POINT, global): the scope already holds its one PRIMARY_ENTRY_POINT command, the only one Discord keeps; ');
    expect(stderr).toMatch(/\/Not A Slash Name \(CHAT_INPUT, global\): name: `Not A Slash Name` contains a space/);
    expect(stderr).toContain('/many-99 (CHAT_INPUT, global): the scope already holds 100 CHAT_INPUT commands, the most Discord keeps; and 10 more. Nothing was changed where they were read.');
  } finally {
    child.kill('SIGTERM');
    await hostile.close();
  }
  expect(await exited).toBe(0);
});
