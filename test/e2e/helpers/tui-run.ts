/**
 * One TUI per test, as a user starts it: the built binary in tmux with a fresh CMD_TUI_HOME, no colours;
 * `useTuiRuns()` kills it after each test, and its home goes when the test ends (tempFolder).
 */
import { existsSync } from 'node:fs';
import { afterEach } from 'vitest';
import { CLI_PATH } from '../../helpers/cli.js';
import { tempFolder } from '../../helpers/temp-folder.js';
import { TmuxSession } from './tmux.js';

export interface TuiRuns {
  /** `cmd-tui ARGS` at this size, with `env` on top of the home and terminal settings. */
  start(args: string[], size: { columns: number; rows: number }, env?: Record<string, string>): TmuxSession;
  /** The running one's CMD_TUI_HOME, also its working folder (where exports are written). */
  home(): string;
}

export function useTuiRuns(): TuiRuns {
  let running: { tui: TmuxSession; home: string } | undefined;
  afterEach(() => {
    running?.tui.kill();
    running = undefined;
  });
  return {
    start(args, size, env = {}) {
      if (!existsSync(CLI_PATH)) throw new Error('dist/cli.js is missing: run `npm run build` (npm test does) first');
      const home = tempFolder('cmd-tui-e2e-run-');
      const tui = new TmuxSession([process.execPath, CLI_PATH, ...args], { ...size, cwd: home, env: { CMD_TUI_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color', ...env } });
      running = { tui, home };
      return tui;
    },
    home() {
      if (!running) throw new Error('no TUI is running: start() one first');
      return running.home;
    },
  };
}
