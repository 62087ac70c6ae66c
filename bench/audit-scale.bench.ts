/**
 * `cmd-tui audit --all-guilds --json-lines` for a bot in 20,000 guilds whose global limit Discord
 * raised: the emulator allows 2000 requests/s per token (`--global-rps`) and the client paces itself
 * to it (`--max-rps`). Goals: wall time ≤ 1.15× the minimum the limit allows, no 429, and peak RSS of
 * the audit process ≤ 150 MB however many guilds stream through it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISCORD_RATE_LIMITS } from '../source/emulator/rate-limits.js';
import type { LoggedRequest } from '../source/emulator/request-log.js';
import { startEmulator } from '../source/emulator/server.js';
import { runCli } from './child-process.js';
import type { Verdict } from './harness.js';
import { formatMs, formatRatio } from './samples.js';

export const name = 'audit-scale';

const GUILDS = 20_000;
const RPS = 2_000;
const MAX_OVER_MINIMUM = 1.15;
const MAX_RSS_MB = 150;

export async function run(): Promise<Verdict[]> {
  const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-audit-scale-'));
  const probe = await startEmulator({ seed: 'demo' });
  const seeded = probe.guildIds.length;
  await probe.close();
  const emulator = await startEmulator({ seed: 'demo', extraGuilds: GUILDS - seeded, rateLimits: { ...DISCORD_RATE_LIMITS, global: { limit: RPS, windowMs: 1000 } } });
  try {
    const audit = await runCli(['audit', '--all-guilds', '--json-lines', '--max-rps', String(RPS), '--api', emulator.baseUrl], { ...process.env, DISCORD_BOT_TOKEN: emulator.botToken, CMD_TUI_HOME: folder });
    if (audit.exitCode !== 0 && audit.exitCode !== 1) throw new Error(`audit failed (${audit.exitCode}): ${audit.stderr}`);
    const lines = audit.stdout.trim().split('\n');
    const summary = (JSON.parse(lines.at(-1)!) as { summary: { audited: number } }).summary;
    const answer = await fetch(`${emulator.origin}/__emulator/requests`);
    // The log keeps the last 10,000 requests; the header counts them all.
    const requests = Number(answer.headers.get('x-emulator-total-requests'));
    const log = (await answer.json()) as LoggedRequest[];
    // 429s would show among the last requests of a run that met them at all.
    const throttled = log.filter((entry) => entry.status === 429).length;
    const minimumMs = (requests / RPS) * 1000;
    console.log(`  cmd-tui audit --all-guilds --json-lines --max-rps ${RPS}: ${summary.audited} guilds, ${requests} requests (${(requests / GUILDS).toFixed(2)} per guild), ${throttled} answered 429`);
    console.log(`    process wall time ${formatMs(audit.wallMs)}, minimum the limit allows ${formatMs(minimumMs)}, peak RSS ${audit.peakRssMb.toFixed(1)} MB`);
    return [
      { goal: `audit streams all ${GUILDS} guilds`, met: summary.audited === GUILDS, detail: `${summary.audited} guild lines` },
      { goal: `audit of ${GUILDS} guilds at ${RPS}/s ≤ ${MAX_OVER_MINIMUM}× the rate-limit minimum`, met: audit.wallMs / minimumMs <= MAX_OVER_MINIMUM, detail: `${formatRatio(audit.wallMs / minimumMs)} (${formatMs(audit.wallMs)} for ${requests} requests; minimum ${formatMs(minimumMs)})` },
      { goal: `audit of ${GUILDS} guilds gets no 429`, met: throttled === 0, detail: `${throttled} of ${requests} answered 429` },
      { goal: `audit of ${GUILDS} guilds peak RSS ≤ ${MAX_RSS_MB} MB`, met: audit.peakRssMb <= MAX_RSS_MB, detail: `${audit.peakRssMb.toFixed(1)} MB (VmHWM at exit)` },
    ];
  } finally {
    await emulator.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
