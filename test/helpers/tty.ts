/**
 * Runs the built binary on a real terminal: `script` gives it a pseudo-terminal for stdin, stdout and
 * stderr alike (so colour, prompts and progress bars are on), and returns the raw bytes the terminal got.
 */
import { spawn } from 'node:child_process';
import { CLI_PATH } from './cli.js';
import { cliEnv } from './hermetic-env.js';

const quoted = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

export function runOnTerminal(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, CLI_PATH, ...args].map(quoted).join(' ');
    // -e: the command's exit code; -f: flush as written; the typescript file is not needed.
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: options.cwd, env: cliEnv({ ...options.env, TERM: 'xterm-256color' }), stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(options.input ?? '');
  });
}
