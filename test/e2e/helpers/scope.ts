/** Switches the running TUI to one guild's scope through the scope picker, as a user would. */
import type { TmuxSession } from './tmux.js';

export async function openGuildScope(tui: TmuxSession, guildName: string): Promise<void> {
  await tui.press('scope');
  // The picker lists Global first, then the guilds by name.
  const rows = (await tui.waitForText(guildName)).split('\n');
  const steps = rows.findIndex((row) => row.includes(guildName)) - rows.findIndex((row) => row.includes('Global (every guild'));
  for (let i = 0; i < steps; i++) await tui.key('down');
  await tui.key('enter');
  await tui.waitForText(`scope Guild ${guildName}`);
}

/** Opens the permission overwrites of one command of a guild: scope picker, filter by name, `p`. */
export async function openCommandPermissions(tui: TmuxSession, guildName: string, commandName: string): Promise<void> {
  await openGuildScope(tui, guildName);
  await tui.waitForText(commandName);
  await tui.filterTo(commandName);
  await tui.pressAndWait('permissions', `Overwrites of /${commandName} in ${guildName}`);
}

