/** Switches the running TUI to one guild's scope through the scope picker, as a user would. */
import { bindingOf } from '../../../source/ui/input/key-bindings.js';
import type { TmuxSession } from './tmux.js';

export async function openGuildScope(tui: TmuxSession, guildName: string): Promise<void> {
  await tui.key(bindingOf('scope').keys[0] ?? 's');
  // The picker lists Global first, then the guilds by name.
  const rows = (await tui.waitForText(guildName)).split('\n');
  const steps = rows.findIndex((row) => row.includes(guildName)) - rows.findIndex((row) => row.includes('Global (every guild'));
  for (let i = 0; i < steps; i++) await tui.key('down');
  await tui.key('enter');
  await tui.waitForText(`scope Guild ${guildName}`);
}
