/**
 * `cmd-tui serve` from the built binary, for tests that use the emulator as a bot author would: started
 * with `--json --port 0` before the file's tests (its one line of connection details read), stopped after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { CLI_PATH } from './cli.js';
import { cliEnv } from './hermetic-env.js';
import { tempFolder } from './temp-folder.js';

/** The line `serve --json` prints. */
export type ServeDetails = Pick<RunningEmulator, 'baseUrl' | 'applicationId' | 'botToken' | 'clientId' | 'clientSecret' | 'publicClientId' | 'userToken' | 'guildIds' | 'redirectUris' | 'verifyKey' | 'controlSecret'>;

export interface ServeOptions {
  /** The program to serve with, when it is known only once the file's tests start (an installed tarball). */
  cli?: () => string;
  /**
   * The CMD_TUI_HOME it runs in, where it leaves its control secret for a cmd-tui of the same user
   * (config/emulator-secrets.ts). By default a folder of its own: tests read the secret from its line.
   */
  home?: () => string;
}

export function useServe(args: string[] = [], { cli = () => CLI_PATH, home = () => tempFolder('cmd-tui-serve-') }: ServeOptions = {}): () => ServeDetails & { origin: string } {
  let child: ChildProcess | undefined;
  let details: (ServeDetails & { origin: string }) | undefined;
  beforeAll(async () => {
    child = spawn(process.execPath, [cli(), 'serve', '--json', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: cliEnv({ CMD_TUI_HOME: home() }) });
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).once('line', resolve);
      child!.once('exit', (code) => reject(new Error(`cmd-tui serve exited with ${code} before printing its details`)));
    });
    const parsed = JSON.parse(first) as ServeDetails;
    details = { ...parsed, origin: new URL(parsed.baseUrl).origin };
  });
  afterAll(async () => {
    await stopProcess(child);
  });
  return () => {
    if (!details) throw new Error('serve not started: call useServe() at the top of the test file');
    return details;
  };
}

/** Ends a child process (SIGTERM) and resolves once it has exited; at once if it already has, or never started. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
