/**
 * The TUI on a `cmd-tui serve`, with `t` on a command of the list: the Try screen, once the guild is read
 * (the member and channel the client starts with chosen), for the Try end-to-end tests.
 */
import { type Action, type KeyScope } from '../../../source/ui/input/key-bindings.js';
import type { ServeDetails } from '../../helpers/serve.js';
import type { TmuxSession } from './tmux.js';
import type { TuiRuns } from './tui-run.js';

/** The key of `action` in `scope` (the Try screen's by default), pressed. */
export const pressKey = (tui: TmuxSession, action: Action, scope: KeyScope = 'try') => tui.press(action, scope);

export async function openTry(runs: TuiRuns, serve: ServeDetails, name: string, size = { columns: 100, rows: 30 }): Promise<TmuxSession> {
  const tui = runs.start(['--api', serve.baseUrl], size, { DISCORD_BOT_TOKEN: serve.botToken, CMD_TUI_EMULATOR_SECRET: serve.controlSecret });
  await tui.waitFor((screen) => /^\s*▸?slash\s/m.test(screen), 'the command list', 20_000);
  await tui.filterTo(name);
  await pressKey(tui, 'tryCommand', 'list');
  await tui.waitForText(`Try /${name}`);
  await tui.waitFor((screen) => /In channel\s+#general/.test(screen), 'the member and channel the client starts with');
  return tui;
}
