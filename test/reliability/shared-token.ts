/**
 * The shared-token scenario (issue 18): `cmd-tui audit --all-guilds` through the built binary while
 * another client — the bot itself — spends the same bot token's global limit at a steady rate on the
 * emulator's Discord limits (50/s per token). The figures say whether the audit finished, how many of
 * its requests met a 429, and what the neighbour met. `npm test` runs a short version, `npm run soak`
 * the long one. The audits run with `--debug`, whose lines, in the order the client wrote them, say which
 * requests it sent before it had the answer that the limit was crossed (crossingsOf).
 */
import { fetch } from 'undici';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { startEmulator } from '../../source/emulator/server.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { fetchControl } from '../helpers/emulator-control.js';

export interface SharedTokenOptions {
  /** Guilds the bot is in (the demo seed's plus scale-test ones). */
  guilds: number;
  /** The neighbour's requests per second on the same token. */
  neighbourPerSecond: number;
}

/**
 * One time the client met the limit: the 429s to the requests it had sent before it had any 429 of
 * this crossing in hand, which were on their way when the limit was crossed (no client can recall them).
 */
export interface Crossing {
  rateLimited: number;
  /** The longest round trip among those requests, as the client measured it. */
  longestRoundTripMs: number;
}

/**
 * The crossings one process met, from its `--debug` lines in the order it wrote them (`→ GET url`
 * as a request leaves, `← 429 GET url 12 ms` as its answer arrives): each 429 belongs with the others
 * to requests sent after the same number of 429s had been received. Every request sent once the client
 * has a crossing's 429 in hand counts after it, so a request sent into a known pause would show up as a
 * crossing of its own.
 */
export function crossingsOf(debugOutput: string): Crossing[] {
  let received429 = 0;
  /** For each request in flight (method and URL), how many 429s the client had received when it sent it; in sending order. */
  const inFlight = new Map<string, number[]>();
  const crossings = new Map<number, Crossing>();
  for (const line of debugOutput.split('\n')) {
    const sent = /^debug: → (\S+ \S+)/.exec(line);
    if (sent) {
      inFlight.set(sent[1]!, [...(inFlight.get(sent[1]!) ?? []), received429]);
      continue;
    }
    const ended = /^debug: (?:← (\d{3}) (\S+ \S+) (\d+) ms|✗ (\S+ \S+))/.exec(line);
    if (!ended) continue;
    const request = ended[2] ?? ended[4]!;
    const knownWhenSent = inFlight.get(request)?.shift();
    if (knownWhenSent === undefined) throw new Error(`an answer to a request the debug lines never sent: ${line}`);
    if (ended[1] !== '429') continue;
    received429 += 1;
    const crossing = crossings.get(knownWhenSent) ?? { rateLimited: 0, longestRoundTripMs: 0 };
    crossings.set(knownWhenSent, { rateLimited: crossing.rateLimited + 1, longestRoundTripMs: Math.max(crossing.longestRoundTripMs, Number(ended[3])) });
  }
  return [...crossings.values()];
}

export interface SharedTokenFigures {
  exitCode: number | null;
  stderr: string;
  audited: number;
  /** cmd-tui's requests and 429s as the emulator logged them. */
  requests: number;
  rateLimited: number;
  /** As the audit's own summary reports them. */
  reported: { requests: number; rateLimited: number; globalRateLimited: number; pacePerSecond: number };
  /** Each time the audit met the limit (crossingsOf). */
  crossings: Crossing[];
  neighbourRequests: number;
  neighbourRateLimited: number;
  wallMs: number;
}

const NEIGHBOUR_AGENT = 'DiscordBot (https://example.invalid/neighbour, 1.0)';

/** The bot itself: GET /users/@me at a steady rate, never above it, waiting out a 429's retry_after as a good client does. */
function startNeighbour(baseUrl: string, botToken: string, perSecond: number) {
  let stopped = false;
  let requests = 0;
  let rateLimited = 0;
  const interval = 1000 / perSecond;
  const done = (async () => {
    let next = performance.now();
    while (!stopped) {
      const answer = await fetch(`${baseUrl}/users/@me`, { headers: { authorization: `Bot ${botToken}`, 'user-agent': NEIGHBOUR_AGENT } });
      const body = (await answer.json()) as { retry_after?: number };
      requests += 1;
      // Steady: after a stall of this (test) process the next request goes now, not a burst of the missed
      // ones, which would be more than the stated rate within a second.
      next = Math.max(next + interval, performance.now());
      if (answer.status === 429) {
        rateLimited += 1;
        next = Math.max(next, performance.now() + (body.retry_after ?? 1) * 1000);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return { requests, rateLimited };
    },
  };
}

/** An emulator on Discord's limits whose bot is in `guilds` guilds, and a home whose bot token is its. */
async function botInGuilds(guilds: number) {
  const probe = await startEmulator({ seed: 'demo', rateLimits: 'off' });
  const seeded = probe.guildIds.length;
  await probe.close();
  const emulator = await startEmulator({ seed: 'demo', extraGuilds: Math.max(0, guilds - seeded), rateLimits: 'discord' });
  const home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator.botToken });
  return { emulator, home };
}

export async function runSharedTokenAudit(options: SharedTokenOptions): Promise<SharedTokenFigures> {
  const { emulator, home } = await botInGuilds(options.guilds);
  try {
    const neighbour = startNeighbour(emulator.baseUrl, emulator.botToken, options.neighbourPerSecond);
    // The neighbour is already spending the token when the audit starts, as a running bot would be.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const audit = await runCli(['audit', '--all-guilds', '--json-lines', '--debug', '--api', emulator.baseUrl], { env: home.env });
    const wallMs = performance.now() - started;
    const neighbourFigures = await neighbour.stop();
    const lines = audit.stdout.trim().split('\n');
    const summary = (JSON.parse(lines.at(-1) ?? '{}') as { summary?: { audited: number; rateLimits: SharedTokenFigures['reported'] } }).summary;
    const answer = await fetchControl(emulator, '/__emulator/requests');
    const log = (await answer.json()) as LoggedRequest[];
    const ours = log.filter((entry) => entry.userAgent !== NEIGHBOUR_AGENT);
    return {
      exitCode: audit.code,
      stderr: audit.stderr,
      audited: summary?.audited ?? 0,
      requests: ours.length,
      rateLimited: ours.filter((entry) => entry.status === 429).length,
      reported: summary?.rateLimits ?? { requests: 0, rateLimited: 0, globalRateLimited: 0, pacePerSecond: 0 },
      crossings: crossingsOf(audit.stderr),
      neighbourRequests: neighbourFigures.requests,
      neighbourRateLimited: neighbourFigures.rateLimited,
      wallMs,
    };
  } finally {
    await emulator.close();
    await home.cleanup();
  }
}

export interface ConcurrentAuditFigures {
  /** Each process's exit code, stderr, guilds audited and the times it met the limit (crossingsOf). */
  runs: { exitCode: number | null; stderr: string; audited: number; crossings: Crossing[] }[];
  /** All processes' requests and 429s, as the emulator logged them. */
  requests: number;
  rateLimited: number;
  wallMs: number;
}

/**
 * Several `cmd-tui audit --all-guilds` at once on one bot token, one user's data folder (as four
 * terminals of one person would be): they share the token's 50/s through their pace file.
 */
export async function runConcurrentAudits(options: { guilds: number; processes: number }): Promise<ConcurrentAuditFigures> {
  const { emulator, home } = await botInGuilds(options.guilds);
  try {
    const started = performance.now();
    const audits = await Promise.all(Array.from({ length: options.processes }, () => runCli(['audit', '--all-guilds', '--json-lines', '--debug', '--api', emulator.baseUrl], { env: home.env })));
    const wallMs = performance.now() - started;
    const answer = await fetchControl(emulator, '/__emulator/requests');
    const requests = Number(answer.headers.get('x-emulator-total-requests'));
    const log = (await answer.json()) as LoggedRequest[];
    if (log.length < requests) throw new Error(`the emulator kept ${log.length} of ${requests} requests: fewer guilds, or a longer log`);
    return {
      runs: audits.map((audit) => {
        const summary = (JSON.parse(audit.stdout.trim().split('\n').at(-1) ?? '{}') as { summary?: { audited: number } }).summary;
        return { exitCode: audit.code, stderr: audit.stderr, audited: summary?.audited ?? 0, crossings: crossingsOf(audit.stderr) };
      }),
      requests,
      rateLimited: log.filter((entry) => entry.status === 429).length,
      wallMs,
    };
  } finally {
    await emulator.close();
    await home.cleanup();
  }
}
