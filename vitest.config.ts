import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { sealTestRunner } from './test/helpers/hermetic-env.js';

sealTestRunner(import.meta.dirname);

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/**
 * Tests that need what only the Linux CI machine has (.ci/run installs it): tmux, Chromium, util-linux's
 * `script` for a pseudo-terminal, a D-Bus Secret Service, zsh and fish, tmpfs mounts.
 */
export const LINUX_TOOLS = [
  'test/e2e/**',
  'test/auth/auth-command.test.ts',
  'test/auth/chromium-sign-in.test.ts',
  'test/scripts/packed-install.test.ts',
  'test/commands/readme-examples.test.ts',
  'test/commands/commands-folder.test.ts',
  'test/commands/hostile-text.test.ts',
  'test/commands/export-file.test.ts',
  'test/commands/help-completion.test.ts',
  'test/commands/one-path-writes.test.ts',
];

/** Tests that send POSIX signals to a child process (SIGINT, SIGTERM, kill points) or run /bin/sh: macOS has them, Windows does not. */
export const POSIX_ONLY = [
  'test/auth/session-exit.test.ts',
  'test/commands/create-count-kill.test.ts',
  'test/commands/interrupt.test.ts',
  'test/commands/serve-copy.test.ts',
  'test/commands/writes-told-true.test.ts',
  'test/emulator/gateway.test.ts',
  'test/emulator/serve-and-state.test.ts',
  'test/emulator/library-compatibility.test.ts',
  'test/reliability/**',
];

/**
 * PORTABLE_TESTS=1 (the GitHub Actions matrix on macOS and Windows, .github/workflows/ci.yml) runs the
 * tests any OS can run: the Linux-tool ones are left out, and on Windows the POSIX ones too.
 */
const portable = process.env.PORTABLE_TESTS === '1';
const leftOut = portable ? [...LINUX_TOOLS, ...(process.platform === 'win32' ? POSIX_ONLY : [])] : [];

export default defineConfig({
  define: { __CMD_TUI_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...leftOut],
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
