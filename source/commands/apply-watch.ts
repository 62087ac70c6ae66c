/**
 * `cmd-tui apply FILE --watch --guild DEV`: the dev loop. Applies FILE (a commands file or a folder of
 * them) once, then again on every save: each run validates, shows the plan and applies it through the
 * one-shot apply's own run (apply-once.ts: lock, journal, backup, read-back, the day's creates). An
 * invalid save, or a file that cannot be read at a save (deleted, moved), is shown and nothing is sent;
 * the watched folder gone ends the watch (exit 1). Saves are coalesced and queued behind the run in flight
 * (save-runs.ts). ctrl+c while idle exits 0; during a run (at its question too) it stops it as `apply`
 * stops and ends as `apply` so stopped ends (exit 1), saying a request may still be answered only once one
 * may be in flight.
 * A guild only: every save applied to the global scope would spend global creates and reach every server.
 */
import { watch as fsWatch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import type { DiscordApi } from '../api/contract.js';
import type { Scope } from '../discord/model.js';
import { applyExitCode, applyOnce, applyReport, type ApplyFlags } from './apply-once.js';
import { connectToScope, type ConnectFlags } from './connect.js';
import { failureDocument, reportFailure } from './failure.js';
import { describeScope } from './plan-report.js';
import { SaveRuns } from './save-runs.js';
import { UsageError, type CliIo } from './types.js';

/** Long enough to take an editor's save (write, then rename or write again) as one, short enough to feel immediate. */
const QUIET_MS = 200;

type WatchFlags = ApplyFlags & ConnectFlags & { guild?: string; 'json-lines'?: boolean; settle?: string };

/** `--settle MS`: a build that writes a folder file by file needs longer than an editor's save. */
function settleFlag(value: string | undefined): number {
  if (value === undefined) return QUIET_MS;
  const ms = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(ms <= 60_000)) throw new UsageError(`--settle must be a whole number of milliseconds from 0 to 60000, not "${value}"`);
  return ms;
}

/** What is watched: FILE's absolute path, whether it is a folder, and how long a save has to settle. */
interface Watched {
  path: string;
  folder: boolean;
  settleMs: number;
}

/** The command line checked before anything connects: something to watch, and someone (or --yes) to confirm. */
async function watchedTarget(file: string, flags: WatchFlags, io: CliIo): Promise<Watched> {
  if (file === '-') throw new UsageError('--watch watches a file or folder for saves; stdin (-) cannot be saved again: name the commands file');
  if (flags.json === true) throw new UsageError('--watch prints one JSON line per run: pass --json-lines instead of --json');
  const settleMs = settleFlag(flags.settle);
  if (flags.yes !== true && !io.stdin.isTTY) throw new UsageError('--watch without a terminal has nobody to confirm each plan on: pass --yes to apply every valid save');
  const path = resolve(io.cwd, file);
  const folder = await stat(path).then((info) => info.isDirectory(), () => undefined);
  if (folder === undefined) throw new UsageError(`${file} does not exist: --watch needs the commands file (or folder) to be there when it starts`);
  return { path, folder, settleMs };
}

export async function watchApply(file: string, flags: WatchFlags, io: CliIo): Promise<number> {
  const watched = await watchedTarget(file, flags, io);
  let connection;
  try {
    connection = await connectToScope(flags, io);
  } catch (error) {
    return reportFailure(error, io, 'apply');
  }
  const { api, scope } = connection;
  if (scope.kind === 'global') {
    throw new UsageError('--watch applies every save, and to the global scope each would spend global creates and reach every server the app is in: pass --guild with your test guild\'s id (or use a profile that has one), and `cmd-tui apply` once to go global');
  }
  const watch = new ApplyWatch(api, scope, file, watched, flags, io);
  const runs = new SaveRuns(() => watch.run(), watched.settleMs);
  const stopped = watch.stoppedByInterrupt(() => runs.busy);
  let watcher: FSWatcher;
  try {
    watcher = watched.folder
      ? watch.saves(fsWatch(watched.path, { recursive: true }, (_event, name) => isCommandsSave(name) && runs.saved()))
      : watch.saves(fsWatch(dirname(watched.path), (_event, name) => name === basename(watched.path) && runs.saved()));
  } catch (error) {
    throw new UsageError(`cannot watch ${file} for saves: ${error instanceof Error ? error.message : String(error)}`);
  }
  runs.start();
  await stopped;
  watcher.close();
  await runs.stop();
  return watch.finish();
}

/** One watch's runs: each save applied as `apply` applies it, its outcome told (a line each with --json-lines), and how the watch ends. */
class ApplyWatch {
  private readonly stop = new AbortController();
  private runCount = 0;
  private exitCode = 0;
  private fatal: unknown;
  /** The run in flight has begun sending its plan (it is past its question): a request may be on its way. */
  private sending = false;
  private readonly lines: boolean;
  /** What the run's text goes to: a --json-lines run keeps stdout for its line and reports failures there. */
  private readonly textIo: CliIo;

  constructor(
    private readonly api: DiscordApi,
    private readonly scope: Scope,
    private readonly file: string,
    private readonly watched: Watched,
    private readonly flags: WatchFlags,
    private readonly io: CliIo,
  ) {
    this.lines = flags['json-lines'] === true;
    this.textIo = { ...io, json: false };
  }

  private say(text: string): void {
    if (!this.lines) this.io.stderr.write(text);
  }

  private line(document: object): void {
    if (this.lines) this.io.stdout.write(`${JSON.stringify(document)}\n`);
  }

  async run(): Promise<void> {
    const { file, stop } = this;
    this.runCount += 1;
    const run = { run: this.runCount, trigger: this.runCount === 1 ? 'start' : 'save', at: new Date().toISOString() };
    this.say(`\n[${clock()}] ${run.trigger === 'start' ? `Applying ${file} to ${describeScope(this.scope)}` : `${file} saved`}:\n`);
    try {
      this.sending = false;
      const result = await applyOnce(this.api, this.scope, file, this.flags, this.textIo, stop.signal, () => (this.sending = true));
      // Stopped at its question or before its first request: the watch ends as `apply` stopped so ends.
      if (stop.signal.aborted) this.exitCode = applyExitCode(result);
      this.line({ ...run, outcome: result.outcome, ...applyReport(result) });
    } catch (error) {
      // The file cannot be read at this save (deleted, moved, unreadable, a folder emptied): an outcome like an invalid save.
      if (error instanceof UsageError) {
        await this.unreadable(run, error);
        return;
      }
      let code: number;
      try {
        code = reportFailure(error, this.textIo, 'apply');
      } catch {
        // Not a failure with a message for the user but a bug: it ends the watch and propagates.
        this.fatal = error;
        stop.abort();
        return;
      }
      this.line({ ...run, outcome: 'failed', ...failureDocument(error as Error) });
      // A run ctrl+c stopped part-way ends the watch as `apply` ends: with what stopped it.
      if (stop.signal.aborted) this.exitCode = code;
    }
    if (!stop.signal.aborted) this.say(`Watching ${file} for saves (ctrl+c stops).\n`);
  }

  /**
   * Nothing is sent; the watch goes on, and the file saved again (or put back) is the next run. Only the
   * watched folder (FILE's folder for a file) gone ends it: nothing put back there could be seen.
   */
  private async unreadable(run: object, error: UsageError): Promise<void> {
    const { file, io } = this;
    const watched = this.watched.folder ? this.watched.path : dirname(this.watched.path);
    if (!(await stat(watched).then((info) => info.isDirectory(), () => false))) {
      this.end(`the folder ${watched} is gone (deleted or moved). Put it back and run \`cmd-tui apply ${file} --watch\` again.`);
      this.line({ ...run, outcome: 'gone', applied: false, message: `the folder ${watched} is gone` });
      return;
    }
    io.stderr.write(`${error.message}; nothing was sent.\n`);
    this.line({ ...run, outcome: 'unreadable', applied: false, message: error.message });
    this.say(`Watching ${file} for saves (ctrl+c stops).\n`);
  }

  /** The watch cannot go on: says why, and ends with exit 1. */
  private end(why: string): void {
    this.io.stderr.write(`cmd-tui apply: stopped watching ${this.file}: ${why}\n`);
    this.exitCode = 1;
    this.stop.abort();
  }

  /** The watcher of the saves, ending the watch when the folder itself is removed or unreadable (nothing more can be seen). */
  saves(watcher: FSWatcher): FSWatcher {
    return watcher.on('error', (error) => this.end(error.message));
  }

  /** Resolves when the watch ends: ctrl+c (during a run it stops it as it stops `apply`), or the end of the watch otherwise. */
  stoppedByInterrupt(busy: () => boolean): Promise<void> {
    const { io, stop } = this;
    return new Promise<void>((resolveStopped) => {
      const onInterrupt = () => {
        // A second ctrl+c quits at once, as it does during `apply`.
        process.removeListener('SIGINT', onInterrupt);
        // On a line of its own: ctrl+c may come at a confirmation's question (where the run says nothing was sent).
        if (busy()) io.stderr.write(this.sending ? '\ncmd-tui: stopping: a request already sent is answered first and none is sent after it; ctrl+c again quits at once.\n' : '\n');
        stop.abort();
      };
      process.on('SIGINT', onInterrupt);
      stop.signal.addEventListener('abort', () => {
        process.removeListener('SIGINT', onInterrupt);
        resolveStopped();
      });
    });
  }

  /** Once the runs are over: a bug in one propagates; otherwise the watch says it stopped and gives its exit code. */
  finish(): number {
    if (this.fatal !== undefined) throw this.fatal;
    this.say(`Stopped watching ${this.file}.\n`);
    return this.exitCode;
  }
}

/** In a watched folder: a `.json` file (any case), not hidden nor in a hidden folder — what the folder's read takes. */
function isCommandsSave(name: string | null): boolean {
  if (name === null) return true;
  return name.toLowerCase().endsWith('.json') && !name.split(sep).some((part) => part.startsWith('.'));
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
