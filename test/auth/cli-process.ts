/**
 * Runs the built binary with a live stdin and waits for output by event, not by sleeping: the
 * interactive sign-in tests read the URL from stderr and paste the redirect into stdin.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { CLI_PATH } from '../helpers/cli.js';
import { cliEnv } from '../helpers/hermetic-env.js';

export interface LiveCli {
  child: ChildProcessWithoutNullStreams;
  output(): { stdout: string; stderr: string };
  /** Resolves with the first match of `pattern` in stderr (now or later). */
  waitForStderr(pattern: RegExp): Promise<RegExpMatchArray>;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

export function startCli(args: string[], env: NodeJS.ProcessEnv): LiveCli {
  const child = spawn(process.execPath, [CLI_PATH, ...args], { env: cliEnv({ ...env, NO_COLOR: '1' }), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const waiter of [...waiters]) {
      const match = stderr.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  });
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return {
    child,
    output: () => ({ stdout, stderr }),
    waitForStderr: (pattern) => {
      const match = stderr.match(pattern);
      if (match) return Promise.resolve(match);
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void exit.then(() => reject(new Error(`exited before stderr matched ${pattern}:\n${stderr}`)));
      });
    },
    exit,
  };
}
