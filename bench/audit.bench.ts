/**
 * `cmd-tui audit --all-guilds` over 500 emulated guilds under the emulator's Discord-like limits
 * (50 requests/s per token, per-route buckets): wall time against the minimum the limits allow
 * (requests ÷ 50/s, goal ≤ 1.15×) with no 429; peak RSS of the audit process (goal ≤ 150 MB); and the
 * same requests replayed through @discordjs/rest against a fresh emulator (goal: ours ≤ 1.0× theirs,
 * both timed from the first to the last request in their emulator's log).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type RunningEmulator } from '../source/emulator/server.js';
import { controlHeaders } from '../source/discord/emulator-control.js';
import type { LoggedRequest } from '../source/emulator/request-log.js';
import { runCli } from './child-process.js';
import type { ReplayPlan } from './discordjs-replay.js';
import type { Verdict } from './harness.js';
import { formatMs, formatRatio } from './samples.js';

export const name = 'audit';

const GUILDS = 500;
const GLOBAL_PER_SECOND = 50;
const MAX_OVER_MINIMUM = 1.15;
const MAX_RSS_MB = 150;
/** As `cmd-tui audit` reads them (source/commands/audit.ts). */
const GUILDS_IN_FLIGHT = 8;

async function scaleEmulator(): Promise<RunningEmulator> {
  const probe = await startEmulator({ seed: 'demo' });
  const seeded = probe.guildIds.length;
  await probe.close();
  return startEmulator({ seed: 'demo', extraGuilds: GUILDS - seeded, rateLimits: 'discord' });
}

async function requestLog(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  return (await (await fetch(`${emulator.origin}/__emulator/requests`, { headers: controlHeaders({ origin: emulator.origin, secret: emulator.controlSecret }) })).json()) as LoggedRequest[];
}

/** From the first request's arrival to the last one's, in ms. */
function span(log: LoggedRequest[]): number {
  const times = log.map((entry) => Date.parse(entry.time));
  return Math.max(...times) - Math.min(...times);
}

const count = (log: LoggedRequest[], status: number) => log.filter((entry) => entry.status === status).length;

/** The logged requests of `from`, with its application and guild ids swapped for those of `to` (snowflakes differ per start). */
function replayPlan(from: RunningEmulator, to: RunningEmulator, log: LoggedRequest[]): ReplayPlan {
  const ids = new Map([[from.applicationId, to.applicationId], ...from.guildIds.map((id, index): [string, string] => [id, to.guildIds[index]!])]);
  const requests = log.map((entry) => {
    const path = entry.path.replace(/^\/api\/v10/, '').replace(/\d{17,20}/g, (id) => ids.get(id) ?? id);
    const guildId = /\/guilds\/(\d+)\//.exec(path)?.[1];
    return { path, ...(path.endsWith('/commands') ? { query: 'with_localizations=true' } : {}), ...(guildId ? { guildId } : {}) };
  });
  return { origin: to.origin, botToken: to.botToken, guildsInFlight: GUILDS_IN_FLIGHT, requests };
}

function runReplay(planFile: string): Promise<void> {
  const script = fileURLToPath(new URL('discordjs-replay.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, planFile], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`@discordjs/rest replay exited ${code}`))));
  });
}

export async function run(): Promise<Verdict[]> {
  const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-audit-'));
  const planFile = join(folder, 'plan.json');
  const ours = await scaleEmulator();
  /** Whichever emulator is up, so it is closed however the run ends. */
  let serving = ours;
  try {
    const audit = await runCli(['audit', '--all-guilds', '--json', '--api', ours.baseUrl], { ...process.env, DISCORD_BOT_TOKEN: ours.botToken, CMD_TUI_HOME: folder });
    if (audit.exitCode !== 0 && audit.exitCode !== 1) throw new Error(`audit failed (${audit.exitCode}): ${audit.stderr}`);
    const report = JSON.parse(audit.stdout) as { guilds: unknown[] };
    const ourLog = await requestLog(ours);
    const theirs = await scaleEmulator();
    serving = theirs;
    writeFileSync(planFile, JSON.stringify(replayPlan(ours, theirs, ourLog)));
    await ours.close();
    await runReplay(planFile);
    const theirLog = await requestLog(theirs);

    const requests = ourLog.length;
    const minimumMs = (requests / GLOBAL_PER_SECOND) * 1000;
    const ourSpan = span(ourLog);
    const theirSpan = span(theirLog);
    console.log(`  cmd-tui audit --all-guilds: ${report.guilds.length} guilds audited, ${requests} requests, ${count(ourLog, 429)} answered 429`);
    console.log(`    process wall time ${formatMs(audit.wallMs)}, first to last request ${formatMs(ourSpan)}, minimum the limits allow ${formatMs(minimumMs)}, CPU ${formatMs(audit.cpuMs)} (${(audit.cpuMs / requests).toFixed(3)} ms per request), peak RSS ${audit.peakRssMb.toFixed(1)} MB`);
    console.log(`  @discordjs/rest, same ${theirLog.length} requests: first to last request ${formatMs(theirSpan)}, ${count(theirLog, 429)} answered 429`);
    return [
      { goal: `audit --all-guilds reads all ${GUILDS} guilds`, met: report.guilds.length === GUILDS, detail: `${report.guilds.length} guilds in the report` },
      { goal: `audit of ${GUILDS} guilds ≤ ${MAX_OVER_MINIMUM}× the rate-limit minimum`, met: audit.wallMs / minimumMs <= MAX_OVER_MINIMUM, detail: `${formatRatio(audit.wallMs / minimumMs)} (${formatMs(audit.wallMs)} for ${requests} requests; minimum ${formatMs(minimumMs)})` },
      { goal: 'audit gets no 429', met: count(ourLog, 429) === 0, detail: `${count(ourLog, 429)} of ${requests} requests answered 429` },
      { goal: 'audit ≤ 1.0× @discordjs/rest on the same requests', met: ourSpan <= theirSpan, detail: `${formatRatio(ourSpan / theirSpan)} (${formatMs(ourSpan)} vs ${formatMs(theirSpan)}, first to last request)` },
      { goal: `audit peak RSS ≤ ${MAX_RSS_MB} MB`, met: audit.peakRssMb <= MAX_RSS_MB, detail: `${audit.peakRssMb.toFixed(1)} MB (VmHWM at exit)` },
    ];
  } finally {
    await serving.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
