/**
 * `cmd-tui export [--guild ID] [-o FILE]`: the scope as a commands file (the bulk-overwrite body,
 * server-only fields removed, stable order), to stdout or atomically to FILE.
 */
import { writeFileAtomic } from '../config/atomic-write.js';
import { resolve } from 'node:path';
import { commandsFileText } from '../operations/export.js';
import { connectToScope } from './connect.js';
import { reportFailure } from './failure.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { describeScope } from './plan-report.js';
import type { CommandRun } from './types.js';

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(args, SPECS.export.flags, { min: 0, max: 0, names: '' });
  try {
    const { api, scope } = await connectToScope(values, io);
    // Localizations are part of the command; the list endpoint omits them unless asked.
    const commands = await api.listCommands(scope, { withLocalizations: true });
    const text = commandsFileText(commands, scope);
    if (values.output === undefined) {
      io.stdout.write(text);
      return 0;
    }
    const path = resolve(io.cwd, values.output);
    await writeFileAtomic(path, text);
    io.stderr.write(`Exported ${commands.length} commands of ${describeScope(scope)} to ${values.output}.\n`);
    return 0;
  } catch (error) {
    return reportFailure(error, io, 'export');
  }
};
