/**
 * The backups screen's keys: moving in the list, `enter` for a restore's plan, `v` for a backup in full,
 * `esc` back; esc during a sign-in or a restore cancels it as ctrl+c does (the dialogs have their own keys).
 */
import { backupHolds, OVERWRITES_ONLY_NOTE, type BackupEntry } from '../../../backup/store.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type DisabledKeys } from '../../input/key-bindings.js';
import { listMove } from '../../input/list-moves.js';
import { useAppContext } from '../../state/app-context.js';
import type { BackupsState } from './use-backups-state.js';

/** A backup whole, for the overlay `v` opens. */
function backupInFull(entry: BackupEntry, scopeName: string): string {
  return [`${entry.createdAt} (UTC)`, scopeName, '', entry.reason, '', backupHolds(entry), ...(entry.overwritesOnly ? [`This backup ${OVERWRITES_ONLY_NOTE}`] : []), entry.path].join('\n');
}

export function useBackupsInput(backups: BackupsState, rows: number, disabled: DisabledKeys, active: boolean): void {
  const { dispatch, flows } = useAppContext();
  const { mode, entries, selected, actions } = backups;
  useKeyHandler(
    Priority.screen,
    (chord) => {
      // esc stops a sign-in that waits as ctrl+c does (the app's keys cancel the request in flight).
      if (mode.kind === 'signing-in' && chord === 'esc' && actionFor(chord, 'sign-in-wait') === 'stopWaiting') {
        flows.runner.cancel();
        return true;
      }
      // As during a save: before the first change leaves nothing is sent; after, the restore stops between requests.
      if (mode.kind === 'restoring' && chord === 'esc') {
        flows.runner.cancel();
        return true;
      }
      if (mode.kind !== 'list') return false;
      const action = actionFor(chord, 'backups');
      const move = listMove(action, rows);
      if (move !== undefined) {
        actions.move(move);
        return true;
      }
      // A disabled key goes on to the app's keys, which say why it cannot act.
      if (action && disabled[action] !== undefined) return false;
      const entry = entries?.[selected];
      if (action === 'restorePlan' && entry) actions.plan(entry);
      else if (action === 'back') dispatch({ type: 'pop' });
      else if (action === 'readInFull' && entry) dispatch({ type: 'overlay', overlay: { kind: 'message', title: 'The backup in full', text: backupInFull(entry, backups.nameOf(entry.scope)) } });
      else return false;
      return true;
    },
    active,
  );
}
