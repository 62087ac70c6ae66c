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
import { tempFolder } from '../helpers/temp-folder.js';

const source = useServe(['--rate-limits', 'off']);
const home = tempFolder('cmd-tui-serve-copy-');

async function commandIds(baseUrl: string, token: string, path: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bot ${token}` } });
  return ((await response.json()) as { id: string }[]).map((command) => command.id).sort();
}

it('starts with the global commands and the guild\'s, ids kept, and the guild\'s people, reading the source only', { timeout: 30_000 }, async () => {
  const guildId = source().guildIds[0]!;
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--copy-commands', '--api', source().baseUrl, '--guild', guildId, '--json', '--port', '0'], {
    env: { ...process.env, CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: source().botToken },
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
    const requests = (await (await fetch(`${source().origin}/__emulator/requests`)).json()) as { method: string }[];
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
