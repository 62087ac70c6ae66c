import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  define: { __CMD_TUI_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Emulator and pseudo-terminal tests start real servers and processes; forks keep them isolated.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: more workers only queue up behind each other.
    maxWorkers: 2,
  },
});
