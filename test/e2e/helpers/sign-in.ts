/**
 * From the command list to the TUI's browser sign-in, as a user meets it: a guild's /mod-tools
 * overwrites get #bot-commands added, and the save, which needs a signed-in user, offers the sign-in,
 * which is taken. Works at 40 columns too (nothing waited for is cut there).
 */
import { type Action } from '../../../source/ui/input/key-bindings.js';
import type { TmuxSession } from './tmux.js';

export async function signInFromSave(tui: TmuxSession, guildName = 'Pixel Pal HQ'): Promise<void> {
  const press = (action: Action) => tui.press(action);
  await press('scope');
  const picker = (await tui.waitForText(guildName)).split('\n');
  for (let i = picker.findIndex((row) => row.includes('Global (every guild')); i < picker.findIndex((row) => row.includes(guildName)); i++) await tui.key('down');
  await tui.key('enter');
  // The header is cut at 40 columns: the guild's own command says the scope changed.
  await tui.waitFor((s) => s.includes('mod-tools') && !s.includes('Global (every guild'), 'the guild scope');
  await tui.filterTo('mod-tools');
  await tui.pressAndWait('permissions', '@Moderator');
  await press('addOverwrite');
  await tui.type('bot-com');
  await tui.waitFor((s) => /▸ #bot-commands/.test(s), 'the picker to narrow to #bot-commands');
  await press('select');
  await tui.waitFor((s) => /\+ allow\s+channel\s+#bot-com/.test(s), 'the added overwrite');
  await tui.pressAndWait('save', 'Sign in with the browser');
  await press('toggleButton');
  await press('confirm');
}
