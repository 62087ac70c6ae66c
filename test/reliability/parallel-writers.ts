/**
 * The parallel-writers scenario (issue 30): real cmd-tui processes started together on one home — 6
 * `profile add` and 3 `auth set-bot-token` (three emulators, three applications) — as the TUI beside a
 * CLI, or two CI jobs on one runner, would. A trial loses an update when a process reported success
 * and its profile or secret is not there afterwards. `npm test` and `npm run soak` both run it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { secretAccount } from '../../source/auth/credentials.js';
import { startEmulator } from '../../source/emulator/server.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';

export interface ParallelWritersFigures {
  trials: number;
  /** Processes that exited 0, and those that did not (with the first stderr). */
  succeeded: number;
  failed: number;
  firstFailure?: string;
  /** Profiles and secrets missing after a trial whose processes all reported success. */
  lostProfiles: number;
  lostSecrets: number;
  wallMs: number;
}

const PROFILE_ADDS = 6;
const BOT_TOKENS = 3;

export async function runParallelWriters(trials: number): Promise<ParallelWritersFigures> {
  const emulators = await Promise.all(Array.from({ length: BOT_TOKENS }, () => startEmulator({ seed: 'empty', rateLimits: 'off' })));
  const figures: ParallelWritersFigures = { trials, succeeded: 0, failed: 0, lostProfiles: 0, lostSecrets: 0, wallMs: 0 };
  const started = performance.now();
  try {
    for (let trial = 0; trial < trials; trial++) {
      const home = await isolatedHome();
      try {
        const run = (args: string[], input?: string) => runCli(args, { env: home.env, ...(input === undefined ? {} : { input }) });
        const results = await Promise.all([
          ...Array.from({ length: PROFILE_ADDS }, (_, n) => run(['profile', 'add', `p${n}`, '--api', emulators[n % BOT_TOKENS]!.baseUrl])),
          ...emulators.map((emulator, n) => run(['auth', 'set-bot-token', '--api', emulator.baseUrl, '--profile', `bot${n}`], `${emulator.botToken}\n`)),
        ]);
        for (const result of results) {
          if (result.code === 0) figures.succeeded++;
          else {
            figures.failed++;
            figures.firstFailure ??= result.stderr;
          }
        }
        const listed = JSON.parse((await run(['profile', 'list', '--json'])).stdout) as { name: string }[];
        const names = new Set(listed.map((profile) => profile.name));
        const expected = [...Array.from({ length: PROFILE_ADDS }, (_, n) => `p${n}`), ...emulators.map((_, n) => `bot${n}`)];
        figures.lostProfiles += expected.filter((name) => !names.has(name)).length;
        const secrets = JSON.parse(await readFile(join(home.home, 'data', 'secrets.json'), 'utf8').catch(() => '{"secrets":{}}')).secrets as Record<string, string>;
        figures.lostSecrets += emulators.filter((emulator) => !Object.hasOwn(secrets, secretAccount(emulator.baseUrl, emulator.applicationId))).length;
      } finally {
        await home.cleanup();
      }
    }
  } finally {
    figures.wallMs = performance.now() - started;
    await Promise.all(emulators.map((emulator) => emulator.close()));
  }
  return figures;
}
