/**
 * Keys on the command list. While the filter has focus, letters are text (the text field takes them)
 * and only enter / esc / arrows act; otherwise the list's bindings from the key table apply.
 */
import type { Dispatch } from 'react';
import type { Command } from '../../../discord/model.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import type { ListAction, ListState } from './use-command-list-state.js';
import { listMove } from '../../input/list-moves.js';

export interface ListCommands {
  onCommand(action: Action, command: Command): void;
  onScopeAction(action: Action): void;
  /** Rows of commands on screen: the size of a page. */
  pageRows: number;
  /** Keys that cannot act now: left to the app's keys, which say why. */
  disabled: DisabledKeys;
  /** esc with no filter kept: the load in flight stops. */
  cancelLoad(): void;
}

const COMMAND_ACTIONS: readonly Action[] = ['open', 'edit', 'editJson', 'delete', 'permissions', 'rawJson', 'copyCommand', 'tryCommand'];

export function useCommandListInput(
  active: boolean,
  list: ListState,
  dispatchList: Dispatch<ListAction>,
  visible: readonly Command[],
  selected: Command | undefined,
  commands: ListCommands,
): void {
  useKeyHandler(
    Priority.screen,
    (chord) => {
      if (list.filtering) {
        const action = actionFor(chord, 'filter');
        if (action === 'filterDone') dispatchList({ type: 'filter-keep' });
        else if (action === 'filterClear') dispatchList({ type: 'filter-clear' });
        else if (chord === 'up' || chord === 'down') dispatchList({ type: 'move', delta: chord === 'up' ? -1 : 1, visible });
        else return chord !== 'ctrl+c'; // everything else stays in the filter
        return true;
      }
      const action = actionFor(chord, 'list');
      if (!action || commands.disabled[action] !== undefined) return false;
      if (action === 'escape') {
        if (list.filter) dispatchList({ type: 'filter-clear' });
        else commands.cancelLoad();
        return true;
      }
      const delta = listMove(action, commands.pageRows);
      if (delta !== undefined) {
        dispatchList({ type: 'move', delta: Number.isFinite(delta) ? delta : delta > 0 ? visible.length : -visible.length, visible });
        return true;
      }
      if (action === 'filter') {
        dispatchList({ type: 'filter-start' });
        return true;
      }
      if (COMMAND_ACTIONS.includes(action)) {
        if (selected) commands.onCommand(action, selected);
        return true;
      }
      if (action === 'scope' || action === 'switchProfile' || action === 'copyScope' || action === 'openBackups' || action === 'openAudit' || action === 'new' || action === 'export') {
        commands.onScopeAction(action);
        return true;
      }
      return false;
    },
    active,
  );
}
