/**
 * `cmd-tui export [--guild ID] [-o FILE] [--force]`: the scope as a commands file (the bulk-overwrite
 * body, server-only fields removed, stable order), to stdout (also `-o -`) or atomically to FILE. An
 * existing FILE is replaced only when the user says so — asked on a terminal, or `--force` — as the
 * TUI never replaces one; the check and the write are one step, so a file made meanwhile is kept too.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write.js';
import { commandsFileText } from '../operations/export.js';
import { confirm } from './confirm.js';
import { connectToScope } from './connect.js';
import { reportFailure } from './failure.js';
import { parseFlags } from './flags.js';
import { describeScope } from './plan-report.js';
import { SPECS } from './specs.js';
import { ExitCode, type CliIo, type CommandRun } from './types.js';
import { plural } from '../terminal/plural.js';

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(args, SPECS.export.flags, { min: 0, max: 0, names: '' });
  const output = values.output === '-' ? undefined : values.output;
  try {
    // Asked before Discord is: a no costs no request.
    const replace = output === undefined ? false : await mayReplace(resolve(io.cwd, output), output, values.force === true, io);
    if (replace === 'refused') return ExitCode.Problems;
    const { api, scope } = await connectToScope(values, io);
    // Localizations are part of the command; the list endpoint omits them unless asked.
    const commands = await api.listCommands(scope, { withLocalizations: true });
    const text = commandsFileText(commands, scope);
    if (output === undefined) {
      io.stdout.write(text);
      return ExitCode.Ok;
    }
    try {
      await writeFileAtomic(resolve(io.cwd, output), text, { exclusive: !replace });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return refuseToReplace(output, io, 'appeared while the commands were read');
    }
    io.stderr.write(`Exported ${plural(commands.length, 'command')} of ${describeScope(scope)} to ${output}.\n`);
    return ExitCode.Ok;
  } catch (error) {
    return reportFailure(error, io, 'export');
  }
};

/** Whether an existing FILE may be replaced: `--force`, or a yes on the terminal; false when there is none. */
async function mayReplace(path: string, shown: string, force: boolean, io: CliIo): Promise<boolean | 'refused'> {
  const existing = await stat(path).catch(() => undefined);
  if (existing === undefined) return false;
  if (existing.isDirectory()) {
    io.stderr.write(`cmd-tui export: ${shown} is a folder; nothing was written.\n  Name a file in it (-o ${shown.replace(/[\\/]+$/, '')}/commands.json), or - for stdout.\n`);
    return 'refused';
  }
  if (force) return true;
  if (io.stdin.isTTY && (await confirm(io, `${shown} exists (${existing.size} bytes, changed ${existing.mtime.toISOString()}). Replace it with the export?`))) return true;
  refuseToReplace(shown, io, 'exists');
  return 'refused';
}

function refuseToReplace(shown: string, io: CliIo, why: string): number {
  io.stderr.write(`cmd-tui export: ${shown} ${why}; it was left as it is and nothing was written.\n  Add --force to replace it, or name another file with -o.\n`);
  return ExitCode.Problems;
}
