/**
 * `cmd-tui audit --all-guilds --json-lines` for a bot in 20,000 guilds whose global limit Discord
 * raised: the emulator allows 2000 requests/s per token (`--global-rps`) and the client paces itself
 * to it (`--max-rps`). Goals: wall time ≤ 1.15× the minimum the limit allows, no 429, ≤ 0.25 ms of the
 * audit process's CPU (user + system) per request, and peak RSS ≤ 150 MB however many guilds stream
 * through it. Then the same at 5,000/s, where the figures show what sets the ceiling (the wall time is
 * reported, not judged: on 2 cores the client and the emulator compete for them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISCORD_RATE_LIMITS } from '../source/emulator/rate-limits.js';
import { controlHeaders } from '../source/discord/emulator-control.js';
import type { LoggedRequest } from '../source/emulator/request-log.js';
import { startEmulator } from '../source/emulator/server.js';
import { runCli, type MeasuredRun } from './child-process.js';
import type { Verdict } from './harness.js';
import { formatMs, formatRatio } from './samples.js';

export const name = 'audit-scale';

const GUILDS = 20_000;
const RPS = 2_000;
const HIGH_RPS = 5_000;
const MAX_OVER_MINIMUM = 1.15;
const MAX_CPU_MS_PER_REQUEST = 0.25;
const MAX_RSS_MB = 150;

interface ScaleRun {
  audit: MeasuredRun;
  audited: number;
  requests: number;
  throttled: number;
  minimumMs: number;
  cpuPerRequestMs: number;
}

async function auditAtRate(rps: number): Promise<ScaleRun> {
  const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-audit-scale-'));
  const probe = await startEmulator({ seed: 'demo' });
  const seeded = probe.guildIds.length;
  await probe.close();
  const emulator = await startEmulator({ seed: 'demo', extraGuilds: GUILDS - seeded, rateLimits: { ...DISCORD_RATE_LIMITS, global: { limit: rps, windowMs: 1000 } } });
  try {
    const audit = await runCli(['audit', '--all-guilds', '--json-lines', '--max-rps', String(rps), '--api', emulator.baseUrl], { ...process.env, DISCORD_BOT_TOKEN: emulator.botToken, CMD_TUI_HOME: folder });
    if (audit.exitCode !== 0 && audit.exitCode !== 1) throw new Error(`audit failed (${audit.exitCode}): ${audit.stderr}`);
    const lines = audit.stdout.trim().split('\n');
    const summary = (JSON.parse(lines.at(-1)!) as { summary: { audited: number } }).summary;
    const answer = await fetch(`${emulator.origin}/__emulator/requests`, { headers: controlHeaders({ origin: emulator.origin, secret: emulator.controlSecret }) });
    // The log keeps the last 10,000 requests; the header counts them all.
    const requests = Number(answer.headers.get('x-emulator-total-requests'));
    const log = (await answer.json()) as LoggedRequest[];
    // 429s would show among the last requests of a run that met them at all.
    const throttled = log.filter((entry) => entry.status === 429).length;
    const minimumMs = (requests / rps) * 1000;
    const cpuPerRequestMs = audit.cpuMs / requests;
    console.log(`  cmd-tui audit --all-guilds --json-lines --max-rps ${rps}: ${summary.audited} guilds, ${requests} requests (${(requests / GUILDS).toFixed(2)} per guild), ${throttled} answered 429`);
    console.log(`    process wall time ${formatMs(audit.wallMs)} (${formatRatio(audit.wallMs / minimumMs)} the minimum the limit allows, ${formatMs(minimumMs)}), CPU ${formatMs(audit.cpuMs)} = ${cpuPerRequestMs.toFixed(3)} ms per request, peak RSS ${audit.peakRssMb.toFixed(1)} MB`);
    return { audit, audited: summary.audited, requests, throttled, minimumMs, cpuPerRequestMs };
  } finally {
    await emulator.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function run(): Promise<Verdict[]> {
  const at = await auditAtRate(RPS);
  const high = await auditAtRate(HIGH_RPS);
  return [
    { goal: `audit streams all ${GUILDS} guilds`, met: at.audited === GUILDS, detail: `${at.audited} guild lines` },
    { goal: `audit of ${GUILDS} guilds at ${RPS}/s ≤ ${MAX_OVER_MINIMUM}× the rate-limit minimum`, met: at.audit.wallMs / at.minimumMs <= MAX_OVER_MINIMUM, detail: `${formatRatio(at.audit.wallMs / at.minimumMs)} (${formatMs(at.audit.wallMs)} for ${at.requests} requests; minimum ${formatMs(at.minimumMs)})` },
    { goal: `audit of ${GUILDS} guilds gets no 429`, met: at.throttled === 0, detail: `${at.throttled} of ${at.requests} answered 429` },
    { goal: `audit CPU ≤ ${MAX_CPU_MS_PER_REQUEST} ms per request`, met: at.cpuPerRequestMs <= MAX_CPU_MS_PER_REQUEST, detail: `${at.cpuPerRequestMs.toFixed(3)} ms (${formatMs(at.audit.cpuMs)} user + system for ${at.requests} requests)` },
    { goal: `audit of ${GUILDS} guilds peak RSS ≤ ${MAX_RSS_MB} MB`, met: at.audit.peakRssMb <= MAX_RSS_MB, detail: `${at.audit.peakRssMb.toFixed(1)} MB (VmHWM at exit)` },
    { goal: `at ${HIGH_RPS}/s: all ${GUILDS} guilds, no 429, peak RSS ≤ ${MAX_RSS_MB} MB`, met: high.audited === GUILDS && high.throttled === 0 && high.audit.peakRssMb <= MAX_RSS_MB, detail: `${high.audited} guilds, ${high.throttled} 429s, ${high.audit.peakRssMb.toFixed(1)} MB; ${formatRatio(high.audit.wallMs / high.minimumMs)} the minimum, ${high.cpuPerRequestMs.toFixed(3)} ms CPU per request` },
  ];
}
