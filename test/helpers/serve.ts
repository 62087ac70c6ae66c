/**
 * `cmd-tui serve` from the built binary, for tests that use the emulator as a bot author would: started
 * with `--json --port 0` before the file's tests (its one line of connection details read), stopped after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { CLI_PATH } from './cli.js';

/** The line `serve --json` prints. */
export type ServeDetails = Pick<RunningEmulator, 'baseUrl' | 'applicationId' | 'botToken' | 'clientId' | 'clientSecret' | 'publicClientId' | 'userToken' | 'guildIds' | 'redirectUris' | 'verifyKey' | 'controlSecret'>;

/** `cli`: the program to serve with, when it is known only once the file's tests start (an installed tarball). */
export function useServe(args: string[] = [], cli: () => string = () => CLI_PATH): () => ServeDetails & { origin: string } {
  let child: ChildProcess | undefined;
  let home: string | undefined;
  let details: (ServeDetails & { origin: string }) | undefined;
  beforeAll(async () => {
    // A home of its own: serve leaves its control secret there for cmd-tui try (tests read it from the line instead).
    home = mkdtempSync(join(tmpdir(), 'cmd-tui-serve-'));
    child = spawn(process.execPath, [cli(), 'serve', '--json', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CMD_TUI_HOME: home } });
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).once('line', resolve);
      child!.once('exit', (code) => reject(new Error(`cmd-tui serve exited with ${code} before printing its details`)));
    });
    const parsed = JSON.parse(first) as ServeDetails;
    details = { ...parsed, origin: new URL(parsed.baseUrl).origin };
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (home) rmSync(home, { recursive: true, force: true });
  });
  return () => {
    if (!details) throw new Error('serve not started: call useServe() at the top of the test file');
    return details;
  };
}
