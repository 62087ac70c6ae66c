/**
 * The backups screen's state: the session's backups list (a model that loads itself and reloads after a
 * restore), the selection that follows its backup rather than its row, and the steps of a restore —
 * planning through the plan engine, review, a typed override, the browser sign-in, the restore itself,
 * each through the request runner (spinner, esc/ctrl+c).
 */
import { useEffect, useRef, useState } from 'react';
import type { BackupEntry } from '../../../backup/store.js';
import type { Override } from '../../../discord/plan.js';
import type { PreparedPlan } from '../../../operations/prepare-plan.js';
import { usePasteBack } from '../../components/sign-in-address.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { movedIndex } from '../../input/list-moves.js';
import { useAppContext } from '../../state/app-context.js';
import type { AppState } from '../../state/app-state.js';
import { useLoaded } from '../../state/use-loaded.js';
import { planFailedLine } from '../overlays/plan-refusals.js';

export type BackupsMode =
  | { kind: 'list' }
  | { kind: 'planning'; entry: BackupEntry }
  | { kind: 'review'; entry: BackupEntry; prepared: PreparedPlan }
  | { kind: 'override'; entry: BackupEntry; prepared: PreparedPlan; override: Override }
  | { kind: 'signing-in'; entry: BackupEntry; url?: string }
  | { kind: 'restoring'; entry: BackupEntry };

/** A backup's scope (`global`, `guild:ID`) by name: a listed guild's name, else its id. */
function scopeNameOf(guilds: AppState['identity']['guilds'], scope: string): string {
  if (scope === 'global') return 'Global';
  const guildId = scope.replace(/^guild:/, '');
  return guilds.find((guild) => guild.id === guildId)?.name ?? `guild ${guildId}`;
}

/** The session's backups (a model that loads itself, and reloads after a restore), and the selection, which follows its backup rather than its row: a restore writes a new backup at the top. */
function useBackupsList() {
  const { state } = useAppContext();
  const files = state.session?.backupFiles;
  const listed = useLoaded(files?.list);
  const entries = listed.value ?? null;
  const problem = listed.error === undefined ? null : errorLine(describeError(listed.error));
  const [selection, setSelection] = useState<{ index: number; path?: string }>({ index: 0 });
  const found = selection.path === undefined ? -1 : (entries?.findIndex((entry) => entry.path === selection.path) ?? -1);
  const selected = found >= 0 ? found : selection.index;
  /** `delta` rows (listMove), kept inside the list. */
  const move = (delta: number) => {
    const index = movedIndex(selected, delta, entries?.length ?? 0);
    setSelection({ index, ...(entries?.[index] ? { path: entries[index].path } : {}) });
  };
  return { entries, problem, selected, move };
}

/** A restore's steps: its plan through the plan engine, review, a typed override, the browser sign-in, the restore itself. */
function useRestore(nameOf: (scope: string) => string) {
  const { state, dispatch, flows } = useAppContext();
  const session = state.session;
  const files = session?.backupFiles;
  const [mode, setMode] = useState<BackupsMode>({ kind: 'list' });
  const flash = (text: string, tone: 'success' | 'error' | 'warning' | 'info', notices?: readonly string[]) => dispatch({ type: 'flash', text, tone, notices });
  const toList = () => setMode({ kind: 'list' });

  const plan = (entry: BackupEntry) => {
    if (!files) return;
    setMode({ kind: 'planning', entry });
    void flows.runner.run(`Planning the restore of ${nameOf(entry.scope)}`, () => files.prepare(entry.path, state.data.status === 'ready' ? state.data.commands : [])).then((result) => {
      if (result.ok) setMode({ kind: 'review', entry, prepared: result.value });
      else {
        toList();
        if (!result.cancelled) flash(`Restore not planned: ${errorLine(describeError(result.error))}`, 'error');
      }
    });
  };

  const restore = (entry: BackupEntry, prepared: PreparedPlan, overrides: readonly Override[]) => {
    if (!files) return;
    setMode({ kind: 'restoring', entry });
    void flows.runner.run(`Restoring ${nameOf(entry.scope)}`, (signal, sent, notice) => files.carryOut(prepared, { overrides, signal, sent, notice }), { kind: 'write', scope: prepared.scope }).then((result) => {
      toList();
      if (!result.ok) {
        if (result.cancelled) flash(`Cancelled before it was sent: nothing was restored in ${nameOf(entry.scope)}.`, 'warning', result.notices);
        else {
          // Stopped part-way, something changed: the list shows it.
          dispatch({ type: 'reload' });
          flash(planFailedLine('Restore', result.error), 'error', result.notices);
        }
        return;
      }
      const { steps, restored, notRestored, readBackFailed, backup } = result.value;
      const missing = readBackFailed ? `. ${readBackFailed}` : notRestored.length > 0 ? `; ${notRestored.length} overwrite list(s) not restored: sign in (s on the plan) and restore again` : '';
      // Reload first: a reload starts a new action and clears the status line.
      dispatch({ type: 'reload' });
      flash(`Restored ${steps.length} command change(s) and ${restored.length} overwrite list(s)${missing}. The state before is saved in ${backup ?? '(nothing changed)'}`, missing ? 'warning' : 'success', result.notices);
    });
  };

  // A sign-in started from a plan comes back to the plan, made again with the new session.
  const planAfterSignIn = useRef<BackupEntry | null>(null);
  useEffect(() => {
    const entry = planAfterSignIn.current;
    planAfterSignIn.current = null;
    if (entry) plan(entry);
  }, [session]);

  // Over SSH the browser's redirect cannot reach this machine: the address bar's URL is pasted back here.
  const paste = usePasteBack();
  const signIn = (entry: BackupEntry) => {
    const start = session?.signIn?.start;
    if (!start) return;
    const controller = new AbortController();
    setMode({ kind: 'signing-in', entry });
    void flows.runner.run('Waiting for the browser sign-in', () => start((url) => setMode({ kind: 'signing-in', entry, url }), controller.signal, paste.begin())).then((result) => {
      if (result.ok) {
        planAfterSignIn.current = entry;
        dispatch({ type: 'session-upgraded', session: result.value });
        flash('Signed in: the overwrites can be restored too.', 'success');
      } else {
        controller.abort();
        if (!result.cancelled) flash(`Sign-in failed: ${errorLine(describeError(result.error))}`, 'error');
      }
      toList();
    });
  };

  const planNeedsSignIn = mode.kind === 'review' && session?.api.overwriteAccess() !== 'ok' && ((mode.prepared.restore?.overwrites.length ?? 0) > 0 || mode.prepared.plan.create.length > 0);
  /** Why `s` on the plan cannot start a sign-in; undefined when it can. */
  const signInOff = !planNeedsSignIn
    ? 'nothing in this plan needs a sign-in.'
    : session?.signIn === undefined
      ? 'this session cannot start a browser sign-in: run `cmd-tui auth login --preset permissions`.'
      : undefined;

  /** `delta` rows (listMove), kept inside the list. */
  return { mode, planNeedsSignIn, signInOff, paste, busySent: state.busy?.sent === true, plan, restore, signIn, toList, override: (entry: BackupEntry, prepared: PreparedPlan, override: Override) => setMode({ kind: 'override', entry, prepared, override }) };
}

export function useBackupsState() {
  const { state } = useAppContext();
  const nameOf = (scope: string) => scopeNameOf(state.identity.guilds, scope);
  const list = useBackupsList();
  const { mode, planNeedsSignIn, signInOff, paste, busySent, ...steps } = useRestore(nameOf);
  return {
    entries: list.entries,
    problem: list.problem,
    selected: list.selected,
    mode,
    paste,
    planNeedsSignIn,
    signInOff,
    applicationName: state.identity.application?.name,
    busySent,
    nameOf,
    actions: { move: list.move, ...steps },
  };
}

export type BackupsState = ReturnType<typeof useBackupsState>;
