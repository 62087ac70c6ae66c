/**
 * `cmd-tui apply FILE [--guild ID] [--prune [--delete-many]] [--yes] [--json]`: carries out the plan with the
 * fewest requests, after a backup. Refuses (exit 1) an invalid FILE, a plan beyond the day's
 * creates or a cap, more than half of the scope deleted without --delete-many, and unconfirmed changes. A second apply
 * of the same file sends no mutating request. `--watch` applies on every save (apply-watch.ts).
 */
import { applyExitCode, applyOnce, applyReport } from './apply-once.js';
import { connectToScope } from './connect.js';
import { reportFailure } from './failure.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { UsageError, type CommandRun } from './types.js';

export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseFlags(
    args,
    SPECS.apply.flags,
    { min: 1, max: 1, names: 'FILE (a commands file, as `cmd-tui export` writes it)' },
  );
  const file = positionals[0] as string;
  if (values.watch === true) return (await import('./apply-watch.js')).watchApply(file, values, io);
  if (values['json-lines'] === true) throw new UsageError('--json-lines prints one line per run of --watch: pass --watch too, or --json for one apply');
  if (values.settle !== undefined) throw new UsageError('--settle is how long --watch waits for FILE to be quiet: pass --watch too');
  try {
    const { api, scope } = await connectToScope(values, io);
    const result = await applyOnce(api, scope, file, values, io);
    if (values.json === true) io.stdout.write(`${JSON.stringify(applyReport(result), null, 2)}\n`);
    return applyExitCode(result);
  } catch (error) {
    return reportFailure(error, io, 'apply');
  }
};
