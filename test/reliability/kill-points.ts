/**
 * kill -9 at random points (issue 18): `apply` and `restore` of a 50-command change in a guild, run by
 * the built binary against an emulator with its faults on, are killed with SIGKILL at a random moment
 * of their run (one apply half-way through its writes, counted, so that case never depends on timing). After each kill: the guild holds every command as it was or as intended (never half of
 * one), no name twice; every backup file reads back intact and `restore` plans from each; the same
 * command run again says the earlier one was interrupted (its journal) exactly when it left one, and
 * converges — `plan` then shows 0 changes, and the killed apply's backup restores the guild as it was. Each point has a guild
 * of its own (the day's 200 creates are per guild). `npm test` runs a few points, `npm run soak` many.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appPaths } from '../../source/config/paths.js';
import { parseBackup, type ScopeBackup } from '../../source/discord/backup-format.js';
import { mulberry32 } from '../../source/emulator/faults.js';
import { startEmulator, type RunningEmulator } from '../../source/emulator/server.js';
import { CLI_PATH, runCli, type CliResult } from '../helpers/cli.js';
import { botAuth, call } from '../helpers/emulator.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';

export interface KillPointOptions {
  points: number;
  seed: number;
}

/** What went wrong at one point, in words; an empty list is a pass. */
export interface KillPointOutcome {
  command: 'apply' | 'restore';
  killedAfterMs: number;
  /** Mutating requests the killed run got answered. */
  writesBeforeKill: number;
  journalLeft: boolean;
  problems: string[];
}

export interface KillPointFigures {
  outcomes: KillPointOutcome[];
  backupsChecked: number;
  /** Runs repeated because injected faults outlasted the client's retries, as a user would. */
  faultReruns: number;
}

/** The point (an apply: even points are) killed by its count of writes rather than by time. */
const HALF_WAY_POINT = 2;
const FAULTS = '500:0.03,503:0.02,reset:0.02,429:0.02@100,slow:0.05@50';
const SIZE = 50;
const pad = (index: number) => String(index).padStart(2, '0');

interface Draft {
  name: string;
  description: string;
  type: 1;
}
/** 50 commands; the change updates 20, keeps 20, deletes 10 and creates 20: 50 changes. */
const before: Draft[] = Array.from({ length: SIZE }, (_, index) => ({ name: `c-${pad(index)}`, description: `Before ${index}`, type: 1 }));
const after: Draft[] = [
  ...before.slice(0, 20).map((command, index) => ({ ...command, description: `After ${index}` })),
  ...before.slice(20, 40),
  ...Array.from({ length: 20 }, (_, index) => ({ name: `n-${pad(index)}`, description: `New ${index}`, type: 1 as const })),
];
/** Every form a command may have after a kill: as it was, or as intended. */
const allowed = new Map<string, Set<string>>();
for (const command of [...before, ...after]) allowed.set(command.name, (allowed.get(command.name) ?? new Set()).add(command.description));

/** How a run stopped by the emulator's injected faults ends: a 5xx or a dropped connection, retried in vain. */
const INJECTED_FAULT = /answered 5\d\d|ECONNRESET|socket|other side closed/;

/** When a run is killed: after a time from its start, or once the server has answered so many of its writes. */
type KillAt = { afterMs: number } | { afterWrites: number };

class Harness {
  mutations = 0;
  /** Told after each write the emulator answered (a kill waiting for a count of writes). */
  private onMutation: (() => void) | undefined;
  /** Runs repeated because injected faults outlasted the client's retries. */
  faultReruns = 0;
  private constructor(
    readonly emulator: RunningEmulator,
    readonly home: IsolatedHome,
    readonly files: { before: string; after: string },
  ) {}

  static async start(points: number, seed: number): Promise<Harness> {
    let harness: Harness | undefined;
    const emulator = await startEmulator({
      seed: 'empty',
      extraGuilds: points + 1,
      rateLimits: 'off',
      faults: `${FAULTS},seed:${seed}`,
      onRequest: (entry) => {
        if (harness && entry.method !== 'GET' && entry.path.includes('/commands') && entry.status >= 200 && entry.status < 300) {
          harness.mutations += 1;
          harness.onMutation?.();
        }
      },
    });
    const home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator.botToken });
    const files = { before: join(home.home, 'before.json'), after: join(home.home, 'after.json') };
    await writeFile(files.before, JSON.stringify(before));
    await writeFile(files.after, JSON.stringify(after));
    harness = new Harness(emulator, home, files);
    return harness;
  }

  /**
   * The emulator, and no pacing to Discord's 50/s: its rate limits are off, and how a run is paced is not what
   * is killed here (its injected 429s still come). A run's writes take a tenth of the time.
   */
  apiArgs(): string[] {
    return ['--api', this.emulator.baseUrl, '--max-rps', '1000'];
  }

  async close(): Promise<void> {
    await this.emulator.close();
    await this.home.cleanup();
  }

  /**
   * Runs a command to its end. The injected faults can outlast the client's retries (a 5xx four times
   * running): the command then stops with its documented exit code, and a user runs it again — so
   * does this, up to 3 times, keeping every attempt's stderr.
   */
  async cli(args: string[]): Promise<CliResult> {
    let stderr = '';
    for (let attempt = 1; ; attempt += 1) {
      const result = await runCli([...args, ...this.apiArgs()], { env: this.home.env });
      stderr += result.stderr;
      if (result.code === 0 || attempt === 4 || !INJECTED_FAULT.test(result.stderr)) return { ...result, stderr };
      this.faultReruns += 1;
    }
  }

  /** Sets the guild's commands directly (the emulator's faults apply: tried until it answers 200). */
  async seedGuild(guildId: string, commands: Draft[]): Promise<void> {
    for (;;) {
      const answer = await call(this.emulator, 'PUT', `/applications/${this.emulator.applicationId}/guilds/${guildId}/commands`, { auth: botAuth(this.emulator), json: commands }).catch(() => undefined);
      if (answer?.status === 200) return;
    }
  }

  async live(guildId: string): Promise<{ name: string; description: string }[]> {
    for (;;) {
      const answer = await call(this.emulator, 'GET', `/applications/${this.emulator.applicationId}/guilds/${guildId}/commands`, { auth: botAuth(this.emulator) }).catch(() => undefined);
      if (answer?.status === 200) return answer.body as { name: string; description: string }[];
    }
  }

  lockPath(guildId: string): string {
    return join(appPaths(this.home.env, process.platform).data, 'locks', `${this.emulator.applicationId}-guild-${guildId}.lock`);
  }

  /** Every backup file of the guild, oldest first; a file that does not read back intact is a problem. */
  async backupsOf(guildId: string, problems: string[]): Promise<{ path: string; backup: ScopeBackup }[]> {
    const folder = appPaths(this.home.env, process.platform).backups;
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
    const found: { path: string; backup: ScopeBackup }[] = [];
    for (const name of names) {
      const parsed = parseBackup(await readFile(join(folder, name), 'utf8'));
      if (!parsed.ok) problems.push(`backup ${name} does not read back: ${parsed.message}`);
      else if (parsed.backup.scope.kind === 'guild' && parsed.backup.scope.guildId === guildId) found.push({ path: join(folder, name), backup: parsed.backup });
    }
    return found.sort((a, b) => a.backup.createdAt.localeCompare(b.backup.createdAt));
  }

  /**
   * Every backup of the guild reads back intact and `restore` makes its plan from it (shown, then not
   * sent without --yes): nothing in it is refused. Sending them all would spend the day's creates.
   */
  async restorableProblems(guildId: string): Promise<string[]> {
    const problems: string[] = [];
    for (const { path } of await this.backupsOf(guildId, problems)) {
      const planned = await this.cli(['restore', path, '--delete-many']);
      const made = /^Restoring guild (\d+|.* \(\d+\)) to the backup of /.test(planned.stderr) && /Nothing was sent\.|already matches the backup/.test(planned.stderr);
      if (!made || /Cannot restore|contradicts itself|Refused/.test(planned.stderr)) problems.push(`restore cannot plan from ${path}: ${planned.stderr.trim().slice(0, 300)}`);
    }
    return problems;
  }

  /** Runs the command and kills it with SIGKILL at `at`; resolves, once it is gone, with the ms it ran before the kill (or to its end). */
  async killAt(args: string[], at: KillAt): Promise<number> {
    const child = spawn(process.execPath, [CLI_PATH, ...args, ...this.apiArgs()], { env: { ...this.home.env, NO_COLOR: '1' }, stdio: 'ignore' });
    const started = performance.now();
    let ranMs: number | undefined;
    const kill = () => {
      if (ranMs !== undefined) return;
      ranMs = performance.now() - started;
      child.kill('SIGKILL');
    };
    const gone = new Promise((resolve) => child.on('close', resolve));
    const writesBefore = this.mutations;
    const timer = 'afterMs' in at ? setTimeout(kill, at.afterMs) : undefined;
    if ('afterWrites' in at) this.onMutation = () => void (this.mutations - writesBefore >= at.afterWrites && kill());
    await gone;
    clearTimeout(timer);
    this.onMutation = undefined;
    return Math.round(ranMs ?? performance.now() - started);
  }
}

/** The guild's commands compared with the forms allowed: as they were, or as intended. */
function consistencyProblems(live: { name: string; description: string }[]): string[] {
  const problems: string[] = [];
  const names = live.map((command) => command.name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) problems.push(`duplicate commands: ${twice.join(', ')}`);
  for (const command of live) {
    if (!allowed.get(command.name)?.has(command.description)) problems.push(`/${command.name} is neither as it was nor as intended: "${command.description}"`);
  }
  return problems;
}

const sameAs = (live: { name: string; description: string }[], wanted: Draft[]) =>
  JSON.stringify(live.map(({ name, description }) => [name, description]).sort()) === JSON.stringify(wanted.map(({ name, description }) => [name, description]).sort());

const INTERRUPTED = /was interrupted\. Running the same command again finishes it|had a damaged lock file from an interrupted cmd-tui/;

/** The same command again reports the interrupted one exactly when it left its journal, and finishes. */
function rerunProblems(rerun: CliResult, journalLeft: boolean): string[] {
  const problems: string[] = [];
  if (rerun.code !== 0) problems.push(`the re-run exited ${rerun.code}: ${rerun.stderr.trim()}`);
  if (INTERRUPTED.test(rerun.stderr) !== journalLeft) problems.push(`journal left: ${journalLeft}, but the re-run ${journalLeft ? 'did not report' : 'reported'} an interrupted run`);
  if (/\n\s+at /.test(rerun.stderr)) problems.push('a stack trace on stderr');
  return problems;
}

async function applyPoint(harness: Harness, guildId: string, at: KillAt): Promise<KillPointOutcome> {
  const args = ['apply', harness.files.after, '--guild', guildId, '--prune', '--delete-many', '--yes'];
  await harness.seedGuild(guildId, before);
  const writesBefore = harness.mutations;
  const killAfterMs = await harness.killAt(args, at);
  const writesBeforeKill = harness.mutations - writesBefore;
  const journalLeft = existsSync(harness.lockPath(guildId));
  const problems = consistencyProblems(await harness.live(guildId));
  // Writes without a journal left: only a run that finished them all (killed on its way out).
  if (writesBeforeKill > 0 && !journalLeft && !sameAs(await harness.live(guildId), after)) problems.push('writes were sent but no journal was left');
  const killedBackup = (await harness.backupsOf(guildId, problems))[0];
  problems.push(...rerunProblems(await harness.cli(args), journalLeft));
  const plan = await harness.cli(['plan', harness.files.after, '--guild', guildId, '--prune', '--detailed-exitcode']);
  if (plan.code !== 0) problems.push(`plan after the re-run exited ${plan.code} (0 = no changes): ${plan.stderr.trim()}`);
  // The killed run's backup, when it took one, holds the guild as it was and brings it back.
  if (killedBackup && writesBeforeKill > 0) {
    if (!sameAs(killedBackup.backup.commands, before)) problems.push(`the killed apply's backup ${killedBackup.path} does not hold the guild as it was`);
    const restored = await harness.cli(['restore', killedBackup.path, '--yes', '--delete-many']);
    if (restored.code !== 0) problems.push(`restoring ${killedBackup.path} exited ${restored.code}: ${restored.stderr.trim()}`);
    else if (!sameAs(await harness.live(guildId), before)) problems.push(`restoring ${killedBackup.path} did not bring the guild back`);
  }
  problems.push(...(await harness.restorableProblems(guildId)));
  return { command: 'apply', killedAfterMs: killAfterMs, writesBeforeKill, journalLeft, problems };
}

async function restorePoint(harness: Harness, guildId: string, killAfterMs: number): Promise<KillPointOutcome> {
  await harness.seedGuild(guildId, before);
  const problems: string[] = [];
  const applied = await harness.cli(['apply', harness.files.after, '--guild', guildId, '--prune', '--delete-many', '--yes']);
  const backup = (await harness.backupsOf(guildId, problems))[0];
  if (applied.code !== 0 || !backup) return { command: 'restore', killedAfterMs: killAfterMs, writesBeforeKill: 0, journalLeft: false, problems: [`setting up: apply exited ${applied.code}: ${applied.stderr.trim()}`] };
  const args = ['restore', backup.path, '--yes', '--delete-many'];
  const writesBefore = harness.mutations;
  await harness.killAt(args, { afterMs: killAfterMs });
  const writesBeforeKill = harness.mutations - writesBefore;
  const journalLeft = existsSync(harness.lockPath(guildId));
  problems.push(...consistencyProblems(await harness.live(guildId)));
  if (writesBeforeKill > 0 && !journalLeft && !sameAs(await harness.live(guildId), before)) problems.push('writes were sent but no journal was left');
  problems.push(...rerunProblems(await harness.cli(args), journalLeft));
  if (!sameAs(await harness.live(guildId), before)) problems.push('the re-run of restore did not bring the guild back');
  problems.push(...(await harness.restorableProblems(guildId)));
  return { command: 'restore', killedAfterMs: killAfterMs, writesBeforeKill, journalLeft, problems };
}

/** How long an uncut run takes here: the kill points are drawn over it. */
async function timed(run: () => Promise<CliResult>): Promise<number> {
  const started = performance.now();
  const result = await run();
  if (result.code !== 0) throw new Error(`calibration run failed (${result.code}): ${result.stderr}`);
  return performance.now() - started;
}

export async function runKillPoints(options: KillPointOptions): Promise<KillPointFigures> {
  const harness = await Harness.start(options.points, options.seed);
  const random = mulberry32(options.seed);
  try {
    const [calibration, ...guilds] = harness.emulator.guildIds;
    await harness.seedGuild(calibration!, before);
    const applyMs = await timed(() => harness.cli(['apply', harness.files.after, '--guild', calibration!, '--prune', '--delete-many', '--yes']));
    const backup = (await harness.backupsOf(calibration!, []))[0]!;
    const restoreMs = await timed(() => harness.cli(['restore', backup.path, '--yes', '--delete-many']));
    const outcomes: KillPointOutcome[] = [];
    for (let point = 0; point < options.points; point += 1) {
      const guildId = guilds[point]!;
      // Alternating; each kill at a random moment of its own slice of an uncut run (start-up included),
      // so the points cover the whole run however few there are.
      const moment = (point + random()) / options.points;
      // Except one apply, killed half-way through its writes by their count: on a runner whose speed
      // changes between the calibration and the kills, the timed points may all miss the writes.
      const applyAt: KillAt = point === HALF_WAY_POINT ? { afterWrites: SIZE / 2 } : { afterMs: Math.round(moment * applyMs) };
      outcomes.push(point % 2 === 0 ? await applyPoint(harness, guildId, applyAt) : await restorePoint(harness, guildId, Math.round(moment * restoreMs)));
    }
    const backupsChecked = (await readdir(appPaths(harness.home.env, process.platform).backups)).filter((name) => name.endsWith('.json')).length;
    return { outcomes, backupsChecked, faultReruns: harness.faultReruns };
  } finally {
    await harness.close();
  }
}
