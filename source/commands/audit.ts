/**
 * `cmd-tui audit [--guild ID | --all-guilds] [--json | --markdown]`: reads the global scope and one
 * guild (or every guild the bot is in, a few at a time with a progress bar on a terminal) and runs
 * the audit engine over them. Exit 1 when there are errors or warnings.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { DiscordApi } from '../api/contract.js';
import type { GuildOutcome } from '../api/guild-audit.js';
import { openAudit, type Audit } from '../operations/audit.js';
import { buildReport, hasProblems } from '../discord/audit.js';
import { renderAuditMarkdown, renderAuditText } from '../discord/audit-report.js';
import { connectToScope } from './connect.js';
import { reportFailure } from './failure.js';
import { rememberGuilds } from '../config/guild-cache.js';
import { paintFor } from '../terminal/colour.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { progressBar } from './progress.js';
import { reportRateLimits } from './rate-limit-notice.js';
import { UsageError, type CliIo, type CommandRun } from './types.js';


export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(
    args,
    SPECS.audit.flags,
    { min: 0, max: 0, names: '' },
  );
  if (values.guild !== undefined && values['all-guilds']) throw new UsageError('pass either --guild ID or --all-guilds, not both');
  if ([values.json, values.markdown, values['json-lines']].filter(Boolean).length > 1) throw new UsageError('pass one of --json, --json-lines and --markdown');
  const lines = values['json-lines'] === true;
  if (lines && !values['all-guilds']) throw new UsageError('--json-lines streams an audit of every guild: pass --all-guilds too');
  if (values['all-guilds']) keepYoungGenerationSmall();
  const keepMemory = values['all-guilds'] ? memoryKeeper() : () => undefined;
  try {
    // Without --guild, the profile's guild; --all-guilds reads every guild on top of the global scope.
    const { api, scope } = await connectToScope(values['all-guilds'] ? { ...values, guild: 'global' } : values, io);
    const audit = await openAudit(api, values['all-guilds'] ? 'all' : scope.kind === 'guild' ? { id: scope.guildId } : 'none');
    const { guilds } = audit;
    if (values['all-guilds']) await rememberGuilds(io.environment.paths(), api.baseUrl, api.applicationId, guilds);
    const progress = progressBar(io, 'Auditing guilds', guilds.length);
    const auditAll = (each: (outcome: GuildOutcome, index: number) => void) =>
      audit
        .run((outcome, index) => {
          each(outcome, index);
          progress.tick();
          keepMemory();
        })
        .finally(() => progress.done());
    if (lines) return await streamAudits(io, api, audit, auditAll);
    const audits = new Array<GuildOutcome>(guilds.length);
    await auditAll((outcome, index) => (audits[index] = outcome));
    const installed = audits.filter(audit.isAppGuild);
    const report = buildReport(api.applicationId, audit.global, installed);
    if (installed.length < audits.length && !values.json) {
      io.stderr.write(`Skipped ${audits.length - installed.length} of your guilds where the app is not installed.\n`);
    }
    if (values.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else io.stdout.write(values.markdown ? renderAuditMarkdown(report) : renderAuditText(report, paintFor(io.stdout, io.environment.terminal.colour, values)));
    if (guilds.length === 0 && !values.json) io.stderr.write('Only the global scope was audited: add --guild ID or --all-guilds to look at guilds.\n');
    reportRateLimits(io, api);
    return hasProblems(report) ? 1 : 0;
  } catch (error) {
    return reportFailure(error, io, 'audit');
  }
};

/**
 * `--json-lines`: the global scope's line, one line per guild as soon as it is audited, then a summary
 * line. Nothing is kept but the counts, so memory does not grow with the number of guilds.
 */
async function streamAudits(io: CliIo, api: DiscordApi, audit: Pick<Audit, 'global' | 'guilds' | 'isAppGuild'>, run: (each: (outcome: GuildOutcome) => void) => Promise<unknown>): Promise<number> {
  const { global } = audit;
  const guildCount = audit.guilds.length;
  const { applicationId } = api;
  const totals = { error: 0, warning: 0, info: 0 };
  const count = (findings: readonly { severity: keyof typeof totals }[]) => findings.forEach((finding) => totals[finding.severity]++);
  io.stdout.write(`${JSON.stringify({ scope: 'global', applicationId, ...global })}\n`);
  count(global.findings);
  let audited = 0;
  let skipped = 0;
  const out = lineBatches(io.stdout);
  try {
    await run((outcome) => {
      if (!audit.isAppGuild(outcome)) return void skipped++;
      audited += 1;
      count(outcome.findings);
      out.write(`${JSON.stringify({ scope: 'guild', ...outcome })}\n`);
    });
  } finally {
    out.flush();
  }
  const { requests, rateLimited, globalRateLimited, pacePerSecond } = api.rateLimitTally();
  const rateLimits = { requests, rateLimited, globalRateLimited, pacePerSecond };
  io.stdout.write(`${JSON.stringify({ summary: { applicationId, guilds: guildCount, audited, skippedNotInstalled: skipped, totals, rateLimits } })}\n`);
  reportRateLimits(io, api);
  return totals.error + totals.warning > 0 ? 1 : 0;
}

/** Bytes of lines kept before a write, and the longest a line waits for one. */
const BATCH_BYTES = 16 * 1024;
const BATCH_MS = 100;

/**
 * Lines written a batch at a time (16 KiB, or 100 ms after the first): a write per guild line was a
 * system call per guild, and a reader of the stream still gets each line within 100 ms.
 */
function lineBatches(stream: NodeJS.WritableStream): { write: (line: string) => void; flush: () => void } {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending !== '') stream.write(pending);
    pending = '';
  };
  return {
    write(line) {
      pending += line;
      if (pending.length >= BATCH_BYTES) flush();
      else timer ??= setTimeout(flush, BATCH_MS);
    },
    flush,
  };
}

/**
 * An all-guilds audit waits on the rate limits for minutes while results pile up; V8 reads that as
 * a reason to double its young generation up to 64 MB, which is most of the audit's memory. Growth
 * factor 1 keeps it at its start size (500 guilds: ~123 MB peak instead of ~170 MB) at no cost in
 * time, since the audit is bound by the 50 requests/s limit, not by garbage collection.
 */
function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * Guilds between two checks of the process's memory. The heap passes the threshold between two checks
 * and grows on until the next: at 5,000/s, 200 guilds let it reach 157 MB of RSS in one run of four;
 * 50 keep it ~10 MB lower at the same CPU per request (a collection runs only above the threshold).
 */
const GUILDS_PER_MEMORY_CHECK = 50;
/**
 * The JavaScript heap, not the RSS: ~90 MB of the audit's RSS is code, the binary and undici, so an
 * RSS threshold was always crossed and forced a full collection every 200 guilds (100 in a 20,000-guild
 * audit, 15% of its CPU) on a heap of ~20 MB live.
 */
const COLLECT_ABOVE_HEAP_BYTES = 40 * 1024 * 1024;

/**
 * For audits of thousands of guilds: what one guild leaves behind is garbage as soon as its line is
 * written, but V8 lets the old generation grow far past the live data before it collects (20,000
 * guilds: ~290 MB peak for ~60 MB live). Now and then, above a threshold, a full collection runs
 * (a few ms each). `gc` is reached the supported way Node offers at run time: the flag, then a context.
 */
function memoryKeeper(): () => void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as (() => void) | undefined;
  let audited = 0;
  return () => {
    audited += 1;
    if (collect && audited % GUILDS_PER_MEMORY_CHECK === 0 && process.memoryUsage().heapUsed > COLLECT_ABOVE_HEAP_BYTES) collect();
  };
}
