/**
 * The contract every scriptable command follows: `run(args, io)` resolves to an exit code from
 * EXIT_CODES. Commands write only to `io`, never to `process.*` directly, so tests can run them in-process.
 */
import type { Environment } from '../config/environment.js';
import { redactSecrets } from '../terminal/redact-secrets.js';
import { sanitizeJson, sanitizeOutput } from '../terminal/sanitize.js';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** What the environment decides, read once by main.ts (config/environment.ts): a command hands each layer its part. */
  environment: Environment;
  cwd: string;
  /** `--json` (or `--json-lines`) was given: a failure is one JSON document on stdout too. */
  json?: boolean;
}

export type CommandRun = (args: string[], io: CliIo) => Promise<number>;

/** Fixed for scripts: CI tells "nothing to do" from "changes pending" from "broken" (README, `--help`). */
export const ExitCode = { Ok: 0, Problems: 1, Usage: 2, ChangesPending: 3, Credentials: 4, Unreachable: 5, Local: 6 } as const;

export const EXIT_CODES: readonly [code: number, meaning: string][] = [
  [ExitCode.Ok, 'ok (for `plan --detailed-exitcode`: no changes)'],
  [ExitCode.Problems, 'problems found, invalid input, or refused (by cmd-tui\'s safety checks or by Discord; for `plan`: apply would refuse the plan)'],
  [ExitCode.Usage, 'usage: unknown command or flag, bad flag value, unknown profile; or a file given that cannot be read (missing, not JSON); or a Node.js older than 22.19'],
  [ExitCode.ChangesPending, 'changes pending (only `plan --detailed-exitcode`)'],
  [ExitCode.Credentials, 'credentials missing or rejected, or lacking the scope a call needs'],
  [ExitCode.Unreachable, 'the API could not be reached or kept failing (connection refused, DNS, timeout, server errors, rate limits not waited out)'],
  [ExitCode.Local, 'a local file could not be written (settings, secrets, a backup, scope lock or journal: disk full, read-only, permission denied; nothing was changed on Discord), or standard output could not be written (`> /dev/full`), cmd-tui\'s own folder cannot be used (a file where the folder must be, no permission), or a settings or data file stayed locked by another cmd-tui'],
];

/** Bad arguments or unreadable input: the CLI prints the message (and usage) and exits 2. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';
}

/**
 * A file the command was given cannot be read as what it must be (missing, not JSON, a folder with
 * no .json file): exit 2 as a usage error, without the usage lines, since the command line was right.
 */
export class InputFileUsageError extends UsageError {
  override readonly name = 'InputFileUsageError';
}

/**
 * The process's streams for a command. What it writes is made safe for a terminal (terminal/sanitize.ts)
 * — a server's names and messages cannot drive the terminal. stdout carrying JSON (`--json`, a commands
 * file) keeps its value exact, its unsafe characters written as JSON escapes; `raw` is for Ink, which draws
 * with sequences of its own and makes the UI's text safe where it is drawn. Every stream but `raw` also
 * shows a registered secret (terminal/redact-secrets.ts) as `****`, whatever message quotes it.
 */
export function processIo(environment: Environment, options: { stdout?: 'text' | 'json' | 'raw' } = {}): CliIo {
  const stdout = options.stdout === 'raw' ? process.stdout : sanitizing(process.stdout, options.stdout === 'json' ? sanitizeJson : sanitizeOutput);
  return { stdout, stderr: sanitizing(process.stderr, sanitizeOutput), stdin: process.stdin, environment, cwd: process.cwd() };
}

function sanitizing<Stream extends NodeJS.WriteStream>(stream: Stream, sanitize: (text: string) => string): Stream {
  return new Proxy(stream, {
    get(target, property, receiver) {
      if (property !== 'write') return Reflect.get(target, property, receiver) as unknown;
      return (chunk: unknown, ...rest: unknown[]) =>
        (target.write as (...args: unknown[]) => boolean).call(target, typeof chunk === 'string' ? sanitize(redactSecrets(chunk)) : chunk, ...rest);
    },
  });
}
