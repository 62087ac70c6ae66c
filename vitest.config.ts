import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

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
    // Emulator and pseudo-terminal tests start real servers and processes; forks keep them isolated.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: more workers only queue up behind each other.
    maxWorkers: 2,
  },
});
