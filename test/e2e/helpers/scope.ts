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

/** Opens the permission overwrites of one command of a guild: scope picker, filter by name, `p`. */
export async function openCommandPermissions(tui: TmuxSession, guildName: string, commandName: string): Promise<void> {
  const press = (action: Parameters<typeof bindingOf>[0]) => tui.key(bindingOf(action).keys[0] ?? '');
  await openGuildScope(tui, guildName);
  await tui.waitForText(commandName);
  await press('filter');
  await tui.type(commandName);
  await press('filterDone');
  await press('permissions');
  await tui.waitForText(`Overwrites of /${commandName} in ${guildName}`);
}

