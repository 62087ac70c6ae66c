/**
 * `b`: the backups of this application, newest first (when, which scope by name, what caused it, how
 * much it holds). `enter` shows the plan that brings the scope back — the same plan, and the same
 * refusals, `cmd-tui restore` prints (the plan engine makes both) — and restores after confirming; a plan
 * that deletes most of the scope asks for `delete N` to be typed (the CLI's --delete-many). The restore
 * takes a backup of the scope first; esc or ctrl+c while it runs cancels it before anything leaves, and
 * after, stops it between requests and says what was sent and what was not. Overwrites need the browser
 * sign-in, offered right here (`s`) when the session can start one.
 * State: use-backups-state.ts; keys: use-backups-input.ts; views: backups-view.tsx.
 */
import type { BackupEntry } from '../../../backup/store.js';
import { useFooterRows } from '../../components/footer.js';
import { useListWindow } from '../../components/list-window.js';
import { Spinner } from '../../components/spinner.js';
import type { DisabledKeys } from '../../input/key-bindings.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { SigningIn } from '../permissions/permission-dialogs.js';
import { PlanRunView } from '../overlays/plan-run.js';
import { backupTime, BackupsList, listRows, RestoreOverride, RestorePlan } from './backups-view.js';
import { useBackupsInput } from './use-backups-input.js';
import { useBackupsState } from './use-backups-state.js';

export function BackupsScreen({ height, width, active }: { height: number; width: number; active: boolean }) {
  const backups = useBackupsState();
  const { entries, damaged, selected, mode, nameOf, actions, signInOff } = backups;
  // The damaged files' row and the footer's (its status too): the title and the list have the rest (listRows).
  const rows = Math.max(1, height - (damaged.length > 0 ? 1 : 0) - useFooterRows());
  const entryRows = listRows(rows).entries;
  const disabled = backupsDisabledKeys(entries, entries?.[selected]);
  useDisabledKeys('backups', disabled, active && mode.kind === 'list');
  useDisabledKeys('restore-plan', signInOff ? { signIn: signInOff } : {}, active && mode.kind === 'review');
  // The selected backup is kept among the rows the backups have.
  const start = useListWindow(selected, entries?.length ?? 0, entryRows);
  useBackupsInput(backups, entryRows, disabled, active);

  switch (mode.kind) {
    case 'planning':
      return <Spinner label={`Planning the restore of ${nameOf(mode.entry.scope)}`} cancellable={!backups.busySent} />;
    case 'restoring':
      return <PlanRunView title={`Restoring ${nameOf(mode.entry.scope)} to ${backupTime(mode.entry)} (${mode.entry.reason})`} target={nameOf(mode.entry.scope)} prepared={mode.prepared} done={backups.done} height={height} active={active} />;
    case 'signing-in':
      return <SigningIn {...(mode.url ? { url: mode.url } : {})} paste={backups.paste} active={active} height={height} />;
    case 'override': {
      const { entry, prepared, override } = mode;
      return <RestoreOverride entry={entry} prepared={prepared} override={override} nameOf={nameOf} onConfirm={() => actions.restore(entry, prepared, [override])} onCancel={actions.toList} />;
    }
    case 'review': {
      const { entry, prepared } = mode;
      return (
        <RestorePlan
          entry={entry}
          prepared={prepared}
          nameOf={nameOf}
          needsSignIn={backups.planNeedsSignIn}
          canSignIn={signInOff === undefined}
          onRestore={() => actions.restore(entry, prepared, [])}
          onOverride={(override) => actions.override(entry, prepared, override)}
          onSignIn={() => actions.signIn(entry)}
          onClose={actions.toList}
        />
      );
    }
    case 'list':
      return <BackupsList applicationName={backups.applicationName} entries={entries} damaged={damaged} problem={backups.problem} selected={selected} start={start} rows={rows} width={width} nameOf={nameOf} disabled={disabled} />;
  }
}

/** The list's keys that cannot act on what is selected, and why. */
export function backupsDisabledKeys(entries: readonly BackupEntry[] | null, selected: BackupEntry | undefined): DisabledKeys {
  if (entries === null) return { restorePlan: 'the backups are still being read.', readInFull: 'the backups are still being read.' };
  if (!selected) return { restorePlan: 'there is no backup yet.', readInFull: 'there is no backup yet.' };
  return {};
}
