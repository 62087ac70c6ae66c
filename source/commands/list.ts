/**
 * `cmd-tui list [--guild ID] [--with-localizations] [--json]`: a scope's commands as a table (with
 * --with-localizations, then every translation of their names and descriptions), or with --json the
 * array exactly as the API returned it.
 */
import { COMMAND_TYPE_NAMES, localeName, type Command } from '../discord/model.js';
import { OPTION_COUNT_HEADER, topLevelOptionCount } from '../discord/option-count.js';
import { memberPermissionsText } from '../discord/permission-flags.js';
import { connectToScope } from './connect.js';
import { reportFailure } from './failure.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { describeScope } from './plan-report.js';
import { renderTable } from './text-table.js';
import type { CommandRun } from './types.js';
import { plural } from '../terminal/plural.js';

/** Every translation of each command's name and description, one per row, the language named; what the flag asks for. */
function localizationsTable(commands: readonly Command[]): string {
  const rows = commands.flatMap((command) =>
    (['name', 'description'] as const).flatMap((field) =>
      Object.entries(command[`${field}_localizations`] ?? {}).map(([locale, text]) => [command.name, field, `${locale} (${localeName(locale)})`, text]),
    ),
  );
  if (rows.length === 0) return 'No localizations.\n';
  return `\n${renderTable(['COMMAND', 'FIELD', 'LOCALE', 'TEXT'], rows)}${plural(rows.length, 'localization')}.\n`;
}

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(args, SPECS.list.flags, { min: 0, max: 0, names: '' });
  try {
    const { api, scope } = await connectToScope(values, io);
    const commands = await api.listCommands(scope, { withLocalizations: values['with-localizations'] === true });
    if (values.json) {
      io.stdout.write(`${JSON.stringify(commands, null, 2)}\n`);
      return 0;
    }
    if (commands.length === 0) {
      io.stdout.write(`No commands in ${describeScope(scope)}.\n`);
      return 0;
    }
    const rows = commands.map((command) => [
      command.id,
      COMMAND_TYPE_NAMES[command.type] ?? String(command.type),
      command.name,
      command.description,
      String(topLevelOptionCount(command)),
      memberPermissionsText(command.default_member_permissions, 'everyone'),
    ]);
    io.stdout.write(renderTable(['ID', 'TYPE', 'NAME', 'DESCRIPTION', OPTION_COUNT_HEADER, 'MEMBER PERMISSIONS'], rows));
    io.stdout.write(`${plural(commands.length, 'command')} in ${describeScope(scope)}.\n`);
    if (values['with-localizations'] === true) io.stdout.write(localizationsTable(commands));
    return 0;
  } catch (error) {
    return reportFailure(error, io, 'list');
  }
};
