/**
 * Keys of the permissions screen when no dialog or picker has them (those take keys first, at
 * overlay priority): the overwrite list, the "who can use this?" matrix, and loading/error states.
 */
import type { Dispatch } from 'react';
import type { AccessMatrix } from '../../../discord/effective-access.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import { useAppContext } from '../../state/app-context.js';
import type { PermissionActions } from './use-permission-actions.js';
import type { EditorAction, EditorMode, EditorState } from './use-overwrite-editor-state.js';
import { listMove, movedIndex } from '../../input/list-moves.js';

const CELL_MOVES: Partial<Record<Action, { row: number; column: number }>> = {
  up: { row: -1, column: 0 },
  down: { row: 1, column: 0 },
  prevColumn: { row: 0, column: -1 },
  nextColumn: { row: 0, column: 1 },
};

export interface PermissionsInput {
  active: boolean;
  editor: EditorState;
  dispatchEditor: Dispatch<EditorAction>;
  actions: PermissionActions;
  /** Rows in the list; undefined while loading or failed. */
  listLength: number | undefined;
  /** Rows of the list on screen: pgup/pgdn move that many less one, so one row stays in view. */
  page: number;
  /** The matrix, or why there is none (the app-level entry is not a command). */
  matrix: AccessMatrix | string;
  /** Unsaved edits that a reload would drop. */
  dirty: boolean;
  reload: () => void;
  /** Keys that cannot act in the view now: left to the app's keys, which say why. */
  disabled: DisabledKeys;
}

export function usePermissionsInput({ active, editor, dispatchEditor, actions, listLength, page, matrix, dirty, reload, disabled }: PermissionsInput): void {
  const { state, dispatch, flows } = useAppContext();
  const flash = (text: string) => dispatch({ type: 'flash', text, tone: 'warning' });
  // Another view of the screen, or a prompt, is the next action: the status of the last one goes.
  const openMode = (mode: EditorMode) => {
    dispatch({ type: 'status-clear' });
    dispatchEditor({ type: 'mode', mode });
  };
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const mode = editor.mode.kind;
      if (mode === 'signing-in') {
        // ctrl+c goes on to the app's keys, which cancel the request in flight: the wait.
        if (actionFor(chord, 'sign-in-wait') !== 'stopWaiting') return true;
        if (chord === 'ctrl+c') return false;
        flows.runner.cancel();
        return true;
      }
      if (mode === 'access') {
        const action = actionFor(chord, 'access');
        if (action && disabled[action] !== undefined) return false;
        const delta = action ? CELL_MOVES[action] : undefined;
        if (delta && typeof matrix !== 'string') dispatchEditor({ type: 'move-cell', rows: matrix.rows.length, columns: matrix.columns.length, delta });
        else if (action === 'whoCanUse' || action === 'back') openMode({ kind: 'list' });
        else if (action === 'checkMember') openMode({ kind: 'check-member', query: '' });
        else return false;
        return true;
      }
      if (mode === 'member-answer') {
        const action = actionFor(chord, 'access');
        if (action && disabled[action] !== undefined) return false;
        if (action === 'back' || action === 'whoCanUse') openMode({ kind: 'access' });
        else if (action === 'checkMember') openMode({ kind: 'check-member', query: '' });
        else return false;
        return true;
      }
      const action = actionFor(chord, 'permissions');
      if (action && disabled[action] !== undefined) return false;
      // A save in flight: esc cancels it (only until it leaves; then its outcome is told), it does not leave the screen.
      if (action === 'back' && state.busy?.write) {
        flows.runner.cancel();
        return true;
      }
      if (listLength === undefined) {
        if (action === 'back') dispatch({ type: 'pop' });
        else if (action === 'refresh') reload();
        else return false;
        return true;
      }
      switch (action) {
        case 'up':
        case 'down':
          dispatchEditor({ type: 'move', delta: action === 'up' ? -1 : 1, count: listLength });
          return true;
        case 'top':
        case 'bottom':
        case 'pageUp':
        case 'pageDown':
          dispatchEditor({ type: 'select', index: movedIndex(editor.selected, listMove(action, page)!, listLength) });
          return true;
        case 'addOverwrite':
          openMode({ kind: 'picker', query: '' });
          return true;
        case 'toggleOverwrite':
          actions.toggle();
          return true;
        case 'removeOverwrite':
          actions.remove();
          return true;
        case 'save':
          actions.requestSave();
          return true;
        case 'whoCanUse':
          openMode({ kind: 'access' });
          return true;
        case 'appPermissions':
          actions.leave('app-level');
          return true;
        case 'back':
          actions.leave('back');
          return true;
        case 'quit':
          // During the save, the app's q: quit once its outcome is told.
          if (state.busy?.write) return false;
          actions.leave('quit');
          return true;
        case 'refresh':
          if (dirty) flash('ctrl+r would drop your unsaved edits: save them (ctrl+s) or leave (esc) first.');
          else reload();
          return true;
        default:
          return false;
      }
    },
    active,
  );
}
