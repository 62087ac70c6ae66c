/**
 * Soak: `audit --all-guilds` of 500 guilds (the built binary) while the bot itself spends the same
 * token at 20 requests/s for the whole audit (over 30 s) on the emulator's Discord limits. Goals: the
 * audit finishes every guild, reports its 429s, and they stay at or under 1% of its requests. Then four
 * such audits at once on one token (no bot): they share its limit through their pace file, ≤ 1% 429s.
 */
import { runConcurrentAudits, runSharedTokenAudit } from '../test/reliability/shared-token.js';
import type { Verdict } from './harness.js';
import { formatMs } from './samples.js';

export const name = 'shared-token';

const GUILDS = 500;
const NEIGHBOUR_PER_SECOND = 20;
const PROCESSES = 4;

export async function run(): Promise<Verdict[]> {
  const figures = await runSharedTokenAudit({ guilds: GUILDS, neighbourPerSecond: NEIGHBOUR_PER_SECOND });
  const share = figures.requests === 0 ? 0 : figures.rateLimited / figures.requests;
  console.log(`  audit --all-guilds of ${GUILDS} guilds beside a bot at ${NEIGHBOUR_PER_SECOND} req/s on the same token: exit ${figures.exitCode}, ${figures.audited} audited in ${formatMs(figures.wallMs)}`);
  console.log(`    cmd-tui: ${figures.requests} requests, ${figures.rateLimited} answered 429 (${(share * 100).toFixed(2)}%), ${figures.reported.globalRateLimited} on the global limit; pace ${figures.reported.pacePerSecond}/s at the end`);
  console.log(`    the bot: ${figures.neighbourRequests} requests, ${figures.neighbourRateLimited} answered 429`);
  const together = await runConcurrentAudits({ guilds: GUILDS, processes: PROCESSES });
  const togetherShare = together.requests === 0 ? 0 : together.rateLimited / together.requests;
  const minimumMs = (together.requests / 50) * 1000;
  console.log(`  ${PROCESSES} audits --all-guilds of ${GUILDS} guilds at once on one token: exits ${together.runs.map((each) => each.exitCode).join(', ')}, ${formatMs(together.wallMs)} (${(together.wallMs / minimumMs).toFixed(2)}× the minimum at 50/s)`);
  console.log(`    ${together.requests} requests, ${together.rateLimited} answered 429 (${(togetherShare * 100).toFixed(2)}%)`);
  return [
    { goal: `${PROCESSES} audits at once each read all ${GUILDS} guilds`, met: together.runs.every((each) => each.audited === GUILDS && each.exitCode === 1), detail: together.runs.map((each) => each.audited).join(', ') },
    { goal: `${PROCESSES} audits at once on one token: 429s ≤ 1% of their requests`, met: togetherShare <= 0.01, detail: `${together.rateLimited} of ${together.requests}` },
    { goal: `the audit reads all ${GUILDS} guilds`, met: figures.audited === GUILDS && figures.exitCode === 1, detail: `${figures.audited} audited, exit ${figures.exitCode} (1: findings)` },
    { goal: 'the shared audit ran over 30 s beside the bot', met: figures.wallMs >= 30_000, detail: formatMs(figures.wallMs) },
    { goal: '429s ≤ 1% of the audit’s requests', met: share <= 0.01, detail: `${figures.rateLimited} of ${figures.requests}` },
    { goal: 'the 429s are reported as the server counted them', met: figures.reported.rateLimited === figures.rateLimited && figures.reported.requests === figures.requests, detail: `reported ${figures.reported.rateLimited} of ${figures.reported.requests}` },
  ];
}
