/**
 * Two `apply --prune` with different files started at once on one guild, again and again (the built
 * binary against the emulator): each trial must end with the guild as exactly one of the files
 * describes: the second run, whose plan went stale while it waited (no person approved it: --yes), plans again
 * under the lock and applies or finds nothing to do; a refusal may only say "the scope changed". Shared by the test
 * (test/commands/one-path-writes.test.ts, 10 trials) and the soak (bench/racing-applies.soak.ts).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmulator } from '../../source/emulator/server.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { botAuth, call } from '../helpers/emulator.js';

export interface RacingFigures {
  trials: number;
  /** Trials that ended in a state neither file describes. */
  mixed: string[];
  /** Trials in which one run was refused because the other changed the scope first. */
  oneRefused: number;
  /** Exits other than 0 and 1, or a refusal in other words. */
  unexpected: string[];
}

export const SCOPE_CHANGED = 'The scope changed since the plan was made (another writer got there first); nothing was sent.';

export async function runRacingApplies(trials: number): Promise<RacingFigures> {
  // Without Discord's limits: at 5 creates per 5 s a trial's apply waited for the bucket of the one before
  // while it held the scope, up to the 5 s the other run waits for the scope, which then refused it in other
  // words ("is being changed by another cmd-tui") once a loaded runner made that wait long enough.
  const emulator = await startEmulator({ seed: 'demo', rateLimits: 'off' });
  const home = await isolatedHome();
  try {
    const env = { ...home.env, DISCORD_BOT_TOKEN: emulator.botToken, NO_COLOR: '1' };
    const guild = emulator.guildIds[0]!;
    const file = async (prefix: string) => {
      const path = join(home.home, `${prefix}.json`);
      await writeFile(path, JSON.stringify([0, 1, 2].map((index) => ({ name: `${prefix}-${index}`, description: `Command ${index}`, type: 1 }))));
      return { path, names: JSON.stringify([0, 1, 2].map((index) => `${prefix}-${index}`)) };
    };
    const files = [await file('a'), await file('b')];
    const figures: RacingFigures = { trials, mixed: [], oneRefused: 0, unexpected: [] };
    for (let trial = 0; trial < trials; trial++) {
      const runs = await Promise.all(files.map(({ path }) => runCli(['apply', path, '--guild', guild, '--prune', '--delete-many', '--yes', '--api', emulator.baseUrl], { env })));
      const listed = (await call(emulator, 'GET', `/applications/${emulator.applicationId}/guilds/${guild}/commands`, { auth: botAuth(emulator) })).body as { name: string }[];
      const final = JSON.stringify(listed.map((command) => command.name).sort());
      if (!files.some(({ names }) => names === final)) figures.mixed.push(`trial ${trial}: ${final}`);
      if (runs.some((run) => run.code === 1)) figures.oneRefused += 1;
      for (const run of runs) {
        if (run.code !== 0 && !(run.code === 1 && run.stderr.includes(SCOPE_CHANGED))) figures.unexpected.push(`trial ${trial}: exit ${run.code}: ${run.stderr.trim().split('\n').at(-1)}`);
      }
    }
    return figures;
  } finally {
    await home.cleanup();
    await emulator.close();
  }
}
