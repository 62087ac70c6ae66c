import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { sealTestRunner } from './test/helpers/hermetic-env.js';

sealTestRunner(import.meta.dirname);

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  define: { __CMD_TUI_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // A private TMPDIR and HOME and an environment without the project's variables for the whole run, a
    // HOME of its own for each file, and a run that fails when its TMPDIR is not empty at the end.
    globalSetup: ['test/helpers/suite-setup.ts'],
    setupFiles: ['test/helpers/file-setup.ts'],
    // Emulator and pseudo-terminal tests start real servers and processes; forks keep them isolated.
    pool: 'forks',
    // A worker runs file after file (each file still gets its own HOME and temp folders from file-setup.ts):
    // a fresh worker per file cost ~0.6 s of start-up each, 238 times. No test mocks a module it does not
    // restore or leaves a variable set in process.env.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two workers a core: most files spend their time waiting (on servers they started, pacing by the real
    // clock, a terminal redrawing), and a second file per core uses what the first leaves idle.
    maxWorkers: Math.max(2, availableParallelism() * 2),
  },
});
