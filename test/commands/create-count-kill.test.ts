/**
 * The day's create count survives kill -9 mid-create: a create is counted before it leaves, so an apply
 * killed while its POST is in flight (the create lands on Discord) leaves it counted, and the next `plan`
 * says so — and says the earlier apply was interrupted, as `apply` does.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { startProxy } from '../helpers/proxy.js';
import { resetEmulator } from './emulator-requests.js';

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;
beforeEach(async () => {
  await resetEmulator(emulator());
  home = await isolatedHome();
});
afterEach(() => home.cleanup());

it('apply killed while its first create is in flight: that create counts, and plan tells the interrupted apply', { timeout: 60_000 }, async () => {
  const guild = emulator().guildIds[0]!;
  const file = join(home.home, 'ci.json');
  await writeFile(file, JSON.stringify([
    { name: 'first', description: 'First', type: 1 },
    { name: 'second', description: 'Second', type: 1 },
  ]));
  let landed!: () => void;
  const createLanded = new Promise<void>((resolve) => (landed = resolve));
  // The first POST reaches Discord, but its answer never leaves the proxy: the run is killed waiting for it.
  const proxy = await startProxy(emulator().baseUrl, async (request, _response, body) => {
    if (request.method !== 'POST' || !request.url?.endsWith(`/guilds/${guild}/commands`)) return false;
    await proxy.forward(request, body);
    landed();
    return true;
  });
  try {
    const env = { ...process.env, ...home.env, DISCORD_BOT_TOKEN: emulator().botToken, NO_COLOR: '1' };
    const child = spawn(process.execPath, [CLI_PATH, 'apply', file, '--guild', guild, '--yes', '--api', proxy.baseUrl], { env, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await createLanded;
    child.kill('SIGKILL');
    await exited;
    const listed = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guild}/commands`, { auth: botAuth(emulator()) })).body as { name: string }[];
    expect(listed.map((command) => command.name)).toContain('first');

    const plan = await runCli(['plan', file, '--guild', guild, '--api', emulator().baseUrl], { env: { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken } });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('199 of 200 left today');
    expect(plan.stdout).toContain('1 of them is a create sent by a run stopped before the answer came');
    expect(plan.stderr).toMatch(/cmd-tui: An earlier `apply .*ci\.json` \(pid \d+, since .*\) on guild \d+ was interrupted\./);
  } finally {
    await proxy.close();
  }
});
