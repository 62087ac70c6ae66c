/**
 * Parallel writers never lose each other's change: real cmd-tui processes started together on one
 * home (the TUI beside a CLI, two CI jobs on one runner), each reporting success only if what it wrote
 * is still there afterwards. Settings and the secrets file are written under their lock (file-lock.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { secretAccount } from '../../source/auth/credentials.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';

const TRIALS = 10;
const apis = [useEmulator({ seed: 'empty' }), useEmulator({ seed: 'empty' }), useEmulator({ seed: 'empty' })];

it(`6 parallel profile add and 3 parallel auth set-bot-token: every profile and every secret is there (${TRIALS} trials)`, { timeout: 180_000 }, async () => {
  for (let trial = 0; trial < TRIALS; trial++) {
    const home = await isolatedHome();
    try {
      const run = (args: string[], input?: string) => runCli(args, { env: home.env, ...(input === undefined ? {} : { input }) });
      const results = await Promise.all([
        ...[1, 2, 3, 4, 5, 6].map((n) => run(['profile', 'add', `p${n}`, '--api', apis[n % 3]!().baseUrl])),
        ...apis.map((api, n) => run(['auth', 'set-bot-token', '--api', api().baseUrl, '--profile', `bot${n}`], `${api().botToken}\n`)),
      ]);
      for (const result of results) expect(result.code, `trial ${trial}: ${result.stderr}`).toBe(0);

      const profiles = JSON.parse((await run(['profile', 'list', '--json'])).stdout) as { name: string; credentials: string[] }[];
      expect(profiles.map((profile) => profile.name).sort(), `trial ${trial}`).toEqual(['bot0', 'bot1', 'bot2', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
      const secrets = JSON.parse(await readFile(join(home.home, 'data', 'secrets.json'), 'utf8')).secrets as Record<string, string>;
      expect(Object.keys(secrets).sort(), `trial ${trial}`).toEqual(apis.map((api) => secretAccount(api().baseUrl, api().applicationId)).sort());
    } finally {
      await home.cleanup();
    }
  }
});
