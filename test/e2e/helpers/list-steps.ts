/** Steps on the TUI's command list that several end-to-end tests take on their way. */
import { bindingOf, type Action } from '../../../source/ui/input/key-bindings.js';
import type { TmuxSession } from './tmux.js';

/** Deletes /`name` of Global as a user does (filter to it, d, type its name to confirm), then clears the filter. */
export async function deleteGlobalCommand(tui: TmuxSession, name: string): Promise<void> {
  const press = (action: Action) => tui.key(bindingOf(action).keys[0] ?? '');
  await press('filter');
  await tui.type(name);
  await press('filterDone');
  await press('delete');
  await tui.waitForText(`Delete ${name} from Global?`);
  await tui.type(name);
  await press('confirm');
  await tui.waitForText(`Deleted ${name} and its overwrites`);
  await press('filterClear');
}
