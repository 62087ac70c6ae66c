/** The audit screen's keys: moving among the findings, esc (stop, then back), enter (fix), v (in full), x (report). */
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type DisabledKeys } from '../../input/key-bindings.js';
import { listMove, movedIndex } from '../../input/list-moves.js';
import type { AuditState } from './use-audit-state.js';

export function useAuditInput(audit: AuditState, rows: number, disabled: DisabledKeys, active: boolean): void {
  const { findings, selected, deleting, actions } = audit;
  const current = findings[Math.min(selected, Math.max(0, findings.length - 1))];
  useKeyHandler(
    Priority.screen,
    (chord) => {
      if (deleting) return false;
      const action = actionFor(chord, 'audit');
      // A disabled key goes on to the app's keys, which say why it cannot act.
      if (action && disabled[action] !== undefined) return false;
      const move = listMove(action, rows);
      if (move !== undefined) actions.select((index) => movedIndex(index, move, findings.length));
      else if (action === 'stopAudit') actions.stopOrLeave();
      else if (action === 'fixFinding' && current) actions.fix(current);
      else if (action === 'readInFull' && current) actions.readInFull(current);
      else if (action === 'writeReport') actions.writeReport();
      else return false;
      return true;
    },
    active,
  );
}
