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
import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
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

export async function watchApply(file: string, flags: WatchFlags, io: CliIo): Promise<number> {
  if (file === '-') throw new UsageError('--watch watches a file or folder for saves; stdin (-) cannot be saved again: name the commands file');
  if (flags.json === true) throw new UsageError('--watch prints one JSON line per run: pass --json-lines instead of --json');
  const settleMs = settleFlag(flags.settle);
  if (flags.yes !== true && !io.stdin.isTTY) throw new UsageError('--watch without a terminal has nobody to confirm each plan on: pass --yes to apply every valid save');
  const path = resolve(io.cwd, file);
  const folder = await stat(path).then((info) => info.isDirectory(), () => undefined);
  if (folder === undefined) throw new UsageError(`${file} does not exist: --watch needs the commands file (or folder) to be there when it starts`);
  const lines = flags['json-lines'] === true;
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

  const stop = new AbortController();
  let runCount = 0;
  let exitCode = 0;
  let fatal: unknown;
  /** The run in flight has begun sending its plan (it is past its question): a request may be on its way. */
  let sending = false;
  // What the run's text goes to: a --json-lines run keeps stdout for its line and reports failures there.
  const textIo: CliIo = { ...io, json: false };
  const say = (text: string) => {
    if (!lines) io.stderr.write(text);
  };
  const once = async () => {
    runCount += 1;
    const run = { run: runCount, trigger: runCount === 1 ? 'start' : 'save', at: new Date().toISOString() };
    say(`\n[${clock()}] ${run.trigger === 'start' ? `Applying ${file} to ${describeScope(scope)}` : `${file} saved`}:\n`);
    try {
      sending = false;
      const result = await applyOnce(api, scope, file, flags, textIo, stop.signal, () => (sending = true));
      // Stopped at its question or before its first request: the watch ends as `apply` stopped so ends.
      if (stop.signal.aborted) exitCode = applyExitCode(result);
      if (lines) io.stdout.write(`${JSON.stringify({ ...run, outcome: result.outcome, ...applyReport(result) })}\n`);
    } catch (error) {
      // The file cannot be read at this save (deleted, moved, unreadable, a folder emptied): an outcome like an invalid save.
      if (error instanceof UsageError) {
        await unreadable(run, error);
        return;
      }
      let code: number;
      try {
        code = reportFailure(error, textIo, 'apply');
      } catch {
        // Not a failure with a message for the user but a bug: it ends the watch and propagates.
        fatal = error;
        stop.abort();
        return;
      }
      if (lines) io.stdout.write(`${JSON.stringify({ ...run, outcome: 'failed', ...failureDocument(error as Error) })}\n`);
      // A run ctrl+c stopped part-way ends the watch as `apply` ends: with what stopped it.
      if (stop.signal.aborted) exitCode = code;
    }
    if (!stop.signal.aborted) say(`Watching ${file} for saves (ctrl+c stops).\n`);
  };
  // Nothing is sent; the watch goes on, and the file saved again (or put back) is the next run. Only the
  // watched folder (FILE's folder for a file) gone ends it: nothing put back there could be seen.
  const unreadable = async (run: object, error: UsageError) => {
    const watched = folder ? path : dirname(path);
    if (!(await stat(watched).then((info) => info.isDirectory(), () => false))) {
      io.stderr.write(`cmd-tui apply: stopped watching ${file}: the folder ${watched} is gone (deleted or moved). Put it back and run \`cmd-tui apply ${file} --watch\` again.\n`);
      if (lines) io.stdout.write(`${JSON.stringify({ ...run, outcome: 'gone', applied: false, message: `the folder ${watched} is gone` })}\n`);
      exitCode = 1;
      stop.abort();
      return;
    }
    io.stderr.write(`${error.message}; nothing was sent.\n`);
    if (lines) io.stdout.write(`${JSON.stringify({ ...run, outcome: 'unreadable', applied: false, message: error.message })}\n`);
    say(`Watching ${file} for saves (ctrl+c stops).\n`);
  };
  const runs = new SaveRuns(once, settleMs);

  const stopped = new Promise<void>((resolveStopped) => {
    const onInterrupt = () => {
      // A second ctrl+c quits at once, as it does during `apply`.
      process.removeListener('SIGINT', onInterrupt);
      // On a line of its own: ctrl+c may come at a confirmation's question (where the run says nothing was sent).
      if (runs.busy) io.stderr.write(sending ? '\ncmd-tui: stopping: a request already sent is answered first and none is sent after it; ctrl+c again quits at once.\n' : '\n');
      stop.abort();
    };
    process.on('SIGINT', onInterrupt);
    stop.signal.addEventListener('abort', () => {
      process.removeListener('SIGINT', onInterrupt);
      resolveStopped();
    });
  });
  let watcher: FSWatcher;
  try {
    watcher = folder ? watch(path, { recursive: true }, (_event, name) => isCommandsSave(name) && runs.saved()) : watch(dirname(path), (_event, name) => name === basename(path) && runs.saved());
  } catch (error) {
    throw new UsageError(`cannot watch ${file} for saves: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The folder itself removed or unreadable: nothing more can be seen, so the watch ends and says why.
  watcher.on('error', (error) => {
    io.stderr.write(`cmd-tui apply: stopped watching ${file}: ${error.message}\n`);
    exitCode = 1;
    stop.abort();
  });
  runs.start();
  await stopped;
  watcher.close();
  await runs.stop();
  if (fatal !== undefined) throw fatal;
  say(`Stopped watching ${file}.\n`);
  return exitCode;
}

/** In a watched folder: a `.json` file (any case), not hidden nor in a hidden folder — what the folder's read takes. */
function isCommandsSave(name: string | null): boolean {
  if (name === null) return true;
  return name.toLowerCase().endsWith('.json') && !name.split(sep).some((part) => part.startsWith('.'));
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
