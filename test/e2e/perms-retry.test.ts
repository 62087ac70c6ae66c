/**
 * `perms set` in a real terminal when a save elsewhere undoes ours right after: the built binary names
 * what was undone and offers to apply the change again; accepted, it reads the list afresh, previews,
 * asks, and saves. A proxy in front of the emulator plays the other writer, once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { startProxy, type RunningProxy } from '../helpers/proxy.js';
import { TmuxSession } from './helpers/tmux.js';
import { readEnvironment } from '../../source/config/environment.js';

const emulator = useEmulator({ seed: 'demo' });
let home: string;
let proxy: RunningProxy;
let terminal: TmuxSession | undefined;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cmd-tui-perms-retry-'));
  let undone = false;
  proxy = await startProxy(emulator().baseUrl, async (request, response, body) => {
    if (undone || request.method !== 'PUT' || !request.url?.includes('/permissions')) return false;
    undone = true;
    const ours = await proxy.forward(request, body);
    // The other writer saves the list it read before ours: our addition is gone.
    const sent = (JSON.parse(body.toString()) as { permissions: { id: string }[] }).permissions;
    await proxy.forward(request, Buffer.from(JSON.stringify({ permissions: sent.filter((overwrite) => overwrite.id !== emulator().seeded.memberUserId) })));
    response.writeHead(ours.status, ours.headers).end(ours.body);
    return true;
  });
});
afterAll(async () => {
  terminal?.kill();
  await proxy.close();
  await rm(home, { recursive: true, force: true });
});

it('offers to apply the undone change again, and saves it on the fresh list', { timeout: 60_000 }, async () => {
  const { applicationId, botToken, userToken, guildIds, seeded } = emulator();
  const env = { CMD_TUI_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color' };
  await updateStoredCredentials(defaultStores(readEnvironment(env, process.platform)), proxy.baseUrl, applicationId, () => ({ botToken, user: { accessToken: userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'] } }));
  const args = ['perms', 'set', '--guild', guildIds[0]!, '--command', 'ban', '--allow', `user:${seeded.memberUserId}`, '--api', proxy.baseUrl];
  // The shell keeps the pane open after the command, to read its exit code.
  const line = [process.execPath, CLI_PATH, ...args].map((word) => `'${word}'`).join(' ');
  terminal = new TmuxSession(['sh', '-c', `${line}; echo "exit code $?"; sleep 60`], { columns: 120, rows: 36, cwd: home, env });
  await terminal.waitForText('Send this change to Discord?');
  await terminal.type('y');
  await terminal.key('enter');
  const undone = await terminal.waitForText('Apply your change again to the current list?');
  // The terminal wraps the long line at 120 columns, where a space may fall: compared without whitespace.
  expect(undone.replace(/\s+/g, '')).toMatch(/asaveelsewhereundidpartofitrightafter\(anotherwriter\?\):\+allowuser@.+isnotonDiscordnow\./);
  await terminal.type('y');
  await terminal.key('enter');
  await terminal.waitFor((screen) => screen.split('Send this change to Discord?').length === 3, 'the second preview');
  await terminal.type('y');
  await terminal.key('enter');
  const saved = await terminal.waitForText('exit code');
  expect(saved).toContain('Saved: 1 added');
  expect(saved).toContain('exit code 0');

  const listed = await runCli(['perms', 'list', '--guild', guildIds[0]!, '--command', 'ban', '--json', '--api', proxy.baseUrl], { env: { ...process.env, ...env } });
  const entries = (JSON.parse(listed.stdout) as { entries: { overwrites: { id: string; permission: boolean }[] }[] }).entries;
  expect(entries[0]?.overwrites).toContainEqual(expect.objectContaining({ id: seeded.memberUserId, permission: true }));
});
