/**
 * The contract every scriptable command follows: `run(args, io)` resolves to an exit code from
 * EXIT_CODES. Commands write only to `io`, never to `process.*` directly, so tests can run them in-process.
 */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export type CommandRun = (args: string[], io: CliIo) => Promise<number>;

/** Fixed for scripts: CI tells "nothing to do" from "changes pending" from "broken" (README, `--help`). */
export const ExitCode = { Ok: 0, Problems: 1, Usage: 2, ChangesPending: 3, Credentials: 4, Unreachable: 5 } as const;

export const EXIT_CODES: readonly [code: number, meaning: string][] = [
  [ExitCode.Ok, 'ok (for `plan --detailed-exitcode`: no changes)'],
  [ExitCode.Problems, 'problems found, invalid input, or refused (by cmd-tui\'s safety checks or by Discord)'],
  [ExitCode.Usage, 'usage: unknown command or flag, bad flag value, unknown profile'],
  [ExitCode.ChangesPending, 'changes pending (only `plan --detailed-exitcode`)'],
  [ExitCode.Credentials, 'credentials missing or rejected, or lacking the scope a call needs'],
  [ExitCode.Unreachable, 'the API could not be reached or kept failing (connection refused, DNS, timeout, server errors, rate limits not waited out)'],
];

/** Bad arguments or unreadable input: the CLI prints the message (and usage) and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}
