/**
 * The contract every scriptable command follows: `run(args, io)` resolves to an exit code
 * (0 ok, 1 problems found or refused, 2 usage or connection error). Commands write only to `io`,
 * never to `process.*` directly, so tests can run them in-process.
 */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export type CommandRun = (args: string[], io: CliIo) => Promise<number>;

export const ExitCode = { Ok: 0, Problems: 1, Usage: 2 } as const;

/** Bad arguments or unreadable input: the CLI prints the message (and usage) and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}
