/**
 * ctrl+c during `apply` (SIGINT to the built binary): the run stops between requests, says what it did
 * and how to undo it, and what it says matches the server (and the day's create ledger); the journal is not left behind.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';

const slow = useEmulator({ seed: 'empty', faults: 'slow:1@300,seed:7' });
const home = useIsolatedHome();

it('SIGINT during apply stops after the request in flight and reports the truth', { timeout: 60_000 }, async () => {
  const file = join(home.home, 'six.json');
  await writeFile(file, JSON.stringify(Array.from({ length: 6 }, (_, index) => ({ name: `six-${index}`, description: `Command ${index}`, type: 1 }))));
  const guild = slow().guildIds[0]!;
  const child = spawn(process.execPath, [CLI_PATH, 'apply', file, '--guild', guild, '--yes', '--api', slow().baseUrl], { env: { ...home.env, DISCORD_BOT_TOKEN: slow().botToken, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let interrupted = false;
  // Interrupted the moment the first create is reported (on stdout, with the other results), not at a later
  // poll: each request takes 300 ms, and a test process slow to look again (a loaded machine) could let the apply finish all six first.
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (!interrupted && /created \/six-0/.test(chunk)) {
      interrupted = true;
      child.kill('SIGINT');
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(interrupted, stderr).toBe(true);
  expect(code, stderr).toBe(1);
  expect(stderr).toContain('stopping after the request in flight');
  const stopped = /Stopped after (\d+) of 6 changes: Cancelled; the next request was not sent\./.exec(stderr);
  expect(stopped, stderr).not.toBeNull();
  expect(stderr).toMatch(/`cmd-tui restore .+\.json` brings it back/);
  const names = ((await call(slow(), 'GET', `/applications/${slow().applicationId}/guilds/${guild}/commands`, { auth: botAuth(slow()) })).body as { name: string }[]).map((command) => command.name);
  expect(names.filter((name) => name.startsWith('six-'))).toHaveLength(Number(stopped![1]));
  // The day's ledger counts the creates that left, not the one the interruption kept from being sent.
  const ledger = JSON.parse(await readFile(join(home.home, 'data', 'daily-creates.json'), 'utf8')) as Record<string, { used: number; maybe?: number }>;
  expect(ledger[`${slow().applicationId}/guild:${guild}`]).toEqual({ day: expect.any(String), used: Number(stopped![1]) });
  expect(await readdir(join(home.home, 'data', 'locks'))).toEqual([]);
});
