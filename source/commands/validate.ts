/**
 * `cmd-tui validate FILE [--scope global|guild] [--app-flags N] [--json]`: checks one command, or
 * a scope's complete set (a JSON array), against every platform rule. Without --app-flags the app's
 * flags are unknown, so an entry point's `handler` is a warning (plan and apply check it against the app). Exit 0 valid (warnings
 * allowed), 1 invalid, 2 unreadable input or bad usage. The `--json` shape is a fixed contract.
 */
import { parseArgs } from 'node:util';
import { plural } from '../terminal/plural.js';
import type { Problem } from '../discord/model.js';
import { parseStrictJson, strictJsonProblem } from '../discord/strict-json.js';
import { validateCommand, validateCommandSet, type ValidationContext } from '../discord/validate.js';
import { paintFor, type Paint } from '../terminal/colour.js';
import { validateSource } from '../discord/desired-commands.js';
import { isCommandsFolder, readCommandsSource } from './commands-file.js';
import { skippedField, type SkippedFile } from './commands-folder.js';
import { inputName, readInputFile } from './input-file.js';
import { SPECS } from './specs.js';
import { ExitCode, InputFileUsageError, UsageError, type CliIo, type CommandRun } from './types.js';

interface ValidateArgs {
  file: string;
  context: ValidationContext;
  json: boolean;
  noColor: boolean;
}

export const run: CommandRun = async (args, io) => {
  const options = parseValidateArgs(args);
  const folder = (await isCommandsFolder(options.file, io)) ? await readFolder(options.file, io, options.context) : undefined;
  const read = folder ?? (await readInput(options.file, io));
  const input: unknown = 'value' in read ? read.value : undefined;
  const problems: Problem[] = folder ? folder.problems : 'problem' in read ? [read.problem] : Array.isArray(input) ? validateCommandSet(input, options.context) : validateCommand(input, options.context);
  const valid = problems.every((found) => found.severity !== 'error');
  io.stdout.write(options.json ? jsonReport(valid, problems, folder?.skipped ?? []) : textReport(inputName(options.file), input, problems, paintFor(io.stdout, io.environment.terminal.colour, { 'no-color': options.noColor })));
  return valid ? ExitCode.Ok : ExitCode.Problems;
};

function parseValidateArgs(args: string[]): ValidateArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: SPECS.validate.flags,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { positionals } = parsed;
  const values = { scope: parsed.values.scope ?? 'global', 'app-flags': parsed.values['app-flags'], json: parsed.values.json === true };
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? 'missing FILE: give the JSON file to check (or - for stdin)' : `expected one FILE, got ${positionals.length}: ${positionals.join(' ')}`);
  }
  if (values.scope !== 'global' && values.scope !== 'guild') {
    throw new UsageError(`--scope must be global or guild, not "${values.scope}"`);
  }
  const flags = values['app-flags'];
  if (flags !== undefined && (!/^\d{1,16}$/.test(flags) || !Number.isSafeInteger(Number(flags)))) {
    throw new UsageError(`--app-flags must be the app's flags as a decimal number (EMBEDDED is ${1 << 17}), not "${flags}"`);
  }
  // Offline, an app's flags are not known unless stated: what needs them is a warning, not a refusal.
  const appFlags = flags === undefined ? 'unknown' : Number(flags);
  return { file: positionals[0]!, context: { scope: values.scope, appFlags }, json: values.json, noColor: parsed.values['no-color'] === true };
}

/** A folder of command files: the set they make together, each problem named by its file. */
async function readFolder(path: string, io: CliIo, context: ValidationContext): Promise<{ value: unknown[]; problems: Problem[]; skipped: SkippedFile[] }> {
  const source = await readCommandsSource(path, io);
  if (!source.ok) return { value: [], problems: source.problems, skipped: [] };
  return { value: source.commands, problems: validateSource(source, context), skipped: source.skipped ?? [] };
}

/** The file's value, or — for a key JSON would take silently (`__proto__`, a duplicate) — the problem at its path. */
async function readInput(file: string, io: CliIo): Promise<{ value: unknown } | { problem: Problem }> {
  const parsed = parseStrictJson(await readInputFile(file, io));
  if (parsed.ok) return { value: parsed.value };
  if (parsed.path === undefined) throw new InputFileUsageError(`${inputName(file)} ${strictJsonProblem(parsed)}`);
  return { problem: { path: parsed.path, rule: 'file.json', message: parsed.message.replace(/^line \d+, column \d+: /, ''), severity: 'error' } };
}

/** Exactly `{"valid": bool, "problems": [{"path","rule","message","severity"}]}`, and `skipped` when a folder had files not read: other tools parse it. */
function jsonReport(valid: boolean, problems: Problem[], skipped: readonly SkippedFile[]): string {
  const clean = problems.map(({ path, rule, message, severity }) => ({ path, rule, message, severity }));
  return `${JSON.stringify({ valid, problems: clean, ...skippedField(skipped) }, null, 2)}\n`;
}

/** One block per problem: severity and path first, then the message and the rule id. */
function textReport(file: string, input: unknown, problems: Problem[], paint: Paint): string {
  const what = Array.isArray(input) ? `${input.length} command${input.length === 1 ? '' : 's'}` : 'command';
  const errors = problems.filter((found) => found.severity === 'error').length;
  const warnings = problems.length - errors;
  if (problems.length === 0) return `${paint.create('✓')} ${file}: ${what} valid\n`;
  const lines = problems.map((found) => {
    const label = found.severity === 'error' ? paint.error('error  ') : paint.warning('warning');
    const path = paint.strong(found.path === '' ? (Array.isArray(input) ? '(whole set)' : '(whole command)') : found.path);
    return `${label} ${path}\n        ${found.message} ${paint.muted(`[${found.rule}]`)}`;
  });
  const summary = `${file}: ${what}, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
    (errors === 0 ? ' (valid)' : '');
  return `${lines.join('\n')}\n\n${summary}\n`;
}
