/** Steps on the TUI's command list that several end-to-end tests take on their way. */
import { type Action } from '../../../source/ui/input/key-bindings.js';
import type { TmuxSession } from './tmux.js';

/** Deletes /`name` of Global as a user does (filter to it, d, type its name to confirm), then clears the filter. */
export async function deleteGlobalCommand(tui: TmuxSession, name: string): Promise<void> {
  const press = (action: Action) => tui.press(action);
  await tui.filterTo(name);
  await tui.pressAndWait('delete', `Delete ${name} from Global?`);
  await tui.type(name);
  await tui.pressAndWait('confirm', `Deleted ${name} and its overwrites`);
  await press('filterClear');
}
