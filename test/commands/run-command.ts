/**
 * Runs a scriptable command in-process, as cli.ts would (usage errors → exit 2), against whatever
 * `--api` the args name, capturing stdout and stderr. No terminal: stdin is not a TTY.
 */
import { PassThrough } from 'node:stream';
import { findCommand } from '../../source/commands/registry.js';
import { UsageError, type CliIo } from '../../source/commands/types.js';
import { readEnvironment } from '../../source/config/environment.js';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCommand(name: string, args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<CommandResult> {
  const entry = findCommand(name);
  if (!entry) throw new Error(`no command ${name}`);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const io: CliIo = { stdout, stderr, stdin: new PassThrough(), environment: readEnvironment(env, process.platform), cwd };
  let code: number;
  try {
    code = await (await entry.load()).run(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err += `${error.message}\n`;
    code = 2;
  }
  return { code, stdout: out, stderr: err };
}
