/**
 * `cmd-tui audit --all-guilds` (the built binary) while the bot itself spends the same token at
 * 20 requests/s: the audit finishes, reports its 429s, and meets the limit in at most 1% of its requests.
 * Four audits at once on the same token share its limit. The short versions; `npm run soak` runs 500 guilds.
 *
 * A 429 is counted as the client's doing only for a request it sent once it had the answer that the limit
 * was crossed. The others were already on their way, and how many there are depends on the round trip,
 * which a loaded machine lengthens. They are held instead to what the even pace can put in flight
 * during the round trip the client measured (inFlightAtPace); a burst would break that bound.
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paceFilePath } from '../../source/config/pace-share.js';
import { requestLog } from '../commands/emulator-requests.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';
import { crossingsOf, runConcurrentAudits, runSharedTokenAudit, type Crossing } from './shared-token.js';
import { readEnvironment } from '../../source/config/environment.js';

const GUILDS = 100;

/**
 * The most requests a client sending evenly at up to 50/s (each send up to 10 ms early: SPACING_TOLERANCE_MS
 * in api/rate-limit-queue.ts) has sent within one round trip of the first of them, that one included, and one
 * more: the round trips are measured in whole ms by an event loop that runs late. A process that stalls on a
 * loaded machine does not send the turns that fell due meanwhile together (the limiter spaces them again), so
 * a stall adds nothing here. A client that bursts goes past it.
 */
function inFlightAtPace(roundTripMs: number): number {
  return Math.floor(((roundTripMs + 10) * 50) / 1000) + 2;
}

/** Each crossing met only by the requests already on their way when the limit was crossed; every 429 is in one. */
function expectOnlyInFlightMet(crossings: Crossing[], rateLimited: number): void {
  for (const crossing of crossings) expect(crossing.rateLimited, JSON.stringify(crossing)).toBeLessThanOrEqual(inFlightAtPace(crossing.longestRoundTripMs));
  expect(crossings.reduce((sum, crossing) => sum + crossing.rateLimited, 0)).toBe(rateLimited);
}

describe('the crossings read from --debug', () => {
  it('put the 429s to requests already on their way together, and one sent after a 429 was in hand apart', () => {
    const lines = [
      'debug: → GET /guilds/1/commands Authorization: Bot ****',
      'debug: → GET /guilds/2/commands Authorization: Bot ****',
      'debug: ← 429 GET /guilds/1/commands 3 ms',
      'debug: → GET /guilds/3/commands Authorization: Bot ****',
      'debug: ← 429 GET /guilds/2/commands 9 ms',
      'debug: ← 429 GET /guilds/3/commands 2 ms',
      'debug: → GET /guilds/1/commands Authorization: Bot ****',
      'debug: ← 200 GET /guilds/1/commands 2 ms',
    ];
    expect(crossingsOf(lines.join('\n'))).toEqual([
      { rateLimited: 2, longestRoundTripMs: 9 },
      { rateLimited: 1, longestRoundTripMs: 2 },
    ]);
  });
});

describe('an audit on a token shared with a running bot', () => {
  it(`audits ${GUILDS} guilds meeting the limit in ≤ 1% of its requests, and says so`, { timeout: 120_000 }, async () => {
    const figures = await runSharedTokenAudit({ guilds: GUILDS, neighbourPerSecond: 20 });
    // The demo seed has findings: exit 1 is "problems found", not a failure.
    expect(figures.exitCode, figures.stderr).toBe(1);
    expect(figures.audited).toBe(GUILDS);
    // The neighbour did share the limit: the client met it and slowed down.
    expect(figures.reported.globalRateLimited).toBeGreaterThan(0);
    expect(figures.reported.pacePerSecond).toBeLessThan(50);
    expectOnlyInFlightMet(figures.crossings, figures.rateLimited);
    // Each crossing slows it by a quarter (50 → 37 → 27/s), and 27/s fits beside the bot's 20/s: twice at most.
    expect(figures.crossings.length).toBeLessThanOrEqual(2);
    expect(figures.crossings.length).toBeLessThanOrEqual(figures.requests / 100);
    // What the audit reports is what the server saw.
    expect(figures.reported).toMatchObject({ requests: figures.requests, rateLimited: figures.rateLimited });
    expect(figures.stderr).toContain(
      `Discord rate-limited ${figures.rateLimited} of ${figures.requests} requests (429), each waited out and sent again; ${figures.reported.globalRateLimited} met the bot token's global limit, which something else is also using, so cmd-tui slowed from 50 to ${figures.reported.pacePerSecond} requests/s for the rest of the run.`,
    );
    expect(figures.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('four audits at once on one bot token', () => {
  it('share its global limit through their pace file: they meet it in ≤ 1% of all their requests', { timeout: 120_000 }, async () => {
    const figures = await runConcurrentAudits({ guilds: 40, processes: 4 });
    for (const run of figures.runs) {
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.audited).toBe(40);
    }
    const crossings = figures.runs.flatMap((run) => run.crossings);
    expectOnlyInFlightMet(crossings, figures.rateLimited);
    expect(crossings.length).toBeLessThanOrEqual(figures.requests / 100);
  });
});

describe('429s on a shared resource', () => {
  const emulator = useEmulator({ seed: 'empty', faults: '429:0.3@50,seed:5' });

  it('apply waits them out, reports how many the server sent, and keeps its pace', { timeout: 60_000 }, async () => {
    const home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
    const file = join(home.home, 'commands.json');
    await writeFile(file, JSON.stringify(Array.from({ length: 8 }, (_, index) => ({ name: `shared-${index}`, description: `Command ${index}`, type: 1 }))));
    const applied = await runCli(['apply', file, '--guild', emulator().guildIds[0]!, '--yes', '--api', emulator().baseUrl], { env: home.env });
    expect(applied.code, applied.stderr).toBe(0);
    const log = await requestLog(emulator());
    const rateLimited = log.filter((entry) => entry.status === 429).length;
    expect(rateLimited).toBeGreaterThan(0);
    expect(applied.stderr).toContain(`Discord rate-limited ${rateLimited} of ${log.length} requests (429), each waited out and sent again.\n`);
  });
});

describe('a lock a killed process left on the pace file', () => {
  const emulator = useEmulator({ seed: 'demo' });

  it('is not waited for: list goes on without sharing the pace, and shares it again once the lock is gone', { timeout: 60_000 }, async () => {
    const home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
    const pace = paceFilePath(readEnvironment(home.env, process.platform).paths(), emulator().baseUrl, emulator().botToken);
    await mkdir(dirname(pace), { recursive: true });
    await writeFile(`${pace}.lock`, '');
    // Gone a few seconds in, while a list that waited for it (up to 5 s) would still be waiting, and would then share.
    const gone = setTimeout(() => void rm(`${pace}.lock`, { force: true }), 4_000);
    const locked = await runCli(['list', '--api', emulator().baseUrl], { env: home.env }).finally(() => clearTimeout(gone));
    expect(locked.code, locked.stderr).toBe(0);
    await expect(stat(pace)).rejects.toMatchObject({ code: 'ENOENT' });
    await rm(`${pace}.lock`, { force: true });
    const unlocked = await runCli(['list', '--api', emulator().baseUrl], { env: home.env });
    expect(unlocked.code, unlocked.stderr).toBe(0);
    expect((await stat(pace)).isFile()).toBe(true);
  });
});
