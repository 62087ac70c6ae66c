/** Runs the built binary (dist/cli.js, made by `npm test`'s build step) as a user would. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliEnv } from './hermetic-env.js';

export const CLI_PATH = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `nodeArgs`: options for Node itself, before the script (`--import` a preload); `cli`: another build of the
 * program (the packed tarball's, installed elsewhere), by default dist/cli.js.
 */
export function runCli(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string; nodeArgs?: string[]; cli?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.cli ?? CLI_PATH, ...args], {
      cwd: options.cwd,
      env: cliEnv({ NO_COLOR: '1', ...options.env }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
