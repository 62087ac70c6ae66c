/**
 * `b`: the backups of this application, newest first (when, which scope by name, what caused it, how
 * much it holds). `enter` shows the plan that brings the scope back — the same plan, and the same
 * refusals, `cmd-tui restore` prints (the plan engine makes both) — and restores after confirming; a plan
 * that deletes most of the scope asks for `delete N` to be typed (the CLI's --delete-many). The restore
 * takes a backup of the scope first; esc or ctrl+c while it runs cancels it before anything leaves, and
 * after, stops it between requests and says what was sent and what was not. Overwrites need the browser
 * sign-in, offered right here (`s`) when the session can start one.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useEffect, useRef, useState } from 'react';
import { backupHolds, OVERWRITES_ONLY_NOTE, type BackupEntry } from '../../../backup/store.js';
import { commandLabel } from '../../../discord/overwrite-entries.js';
import type { Override } from '../../../discord/plan.js';
import type { PreparedPlan } from '../../../operations/prepare-plan.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { TypeToConfirm } from '../../components/type-to-confirm.js';
import { overrideAnswer, planFailedLine, RefusalLines, splitRefusals } from '../overlays/plan-refusals.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { useListWindow } from '../../components/list-window.js';
import { Spinner } from '../../components/spinner.js';
import { usePasteBack } from '../../components/sign-in-address.js';
import { fitCell } from '../../../terminal/fit-cell.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { SigningIn } from '../permissions/permission-dialogs.js';
import { listMove, movedIndex } from '../../input/list-moves.js';

type Mode =
  | { kind: 'list' }
  | { kind: 'planning'; entry: BackupEntry }
  | { kind: 'review'; entry: BackupEntry; prepared: PreparedPlan }
  | { kind: 'override'; entry: BackupEntry; prepared: PreparedPlan; override: Override }
  | { kind: 'signing-in'; entry: BackupEntry; url?: string }
  | { kind: 'restoring'; entry: BackupEntry };


export function BackupsScreen({ height, width, active }: { height: number; width: number; active: boolean }) {
  const { state, dispatch, flows } = useAppContext();
  const theme = useTheme();
  const session = state.session;
  const files = session?.backupFiles;
  const [entries, setEntries] = useState<BackupEntry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [selected, setSelected] = useState(0);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const flash = (text: string, tone: 'success' | 'error' | 'warning' | 'info', notices?: readonly string[]) => dispatch({ type: 'flash', text, tone, notices });

  // The selection follows its backup, not its row: a restore writes a new backup at the top.
  const selectedPath = useRef<string | undefined>(undefined);
  selectedPath.current = entries?.[selected]?.path;
  const reload = () => {
    files?.list().then(
      (next) => {
        const at = next.findIndex((entry) => entry.path === selectedPath.current);
        setEntries(next);
        if (at >= 0) setSelected(at);
      },
      (error: unknown) => setProblem(errorLine(describeError(error))),
    );
  };
  // A sign-in started from a plan comes back to the plan, made again with the new session.
  const planAfterSignIn = useRef<BackupEntry | null>(null);
  useEffect(reload, [files]);
  useEffect(() => {
    const entry = planAfterSignIn.current;
    planAfterSignIn.current = null;
    if (entry) plan(entry);
  }, [session]);

  const nameOf = (scope: string) => {
    if (scope === 'global') return 'Global';
    const guildId = scope.replace(/^guild:/, '');
    return state.guilds.find((guild) => guild.id === guildId)?.name ?? `guild ${guildId}`;
  };

  const plan = (entry: BackupEntry) => {
    if (!files) return;
    setMode({ kind: 'planning', entry });
    void flows.runner.run(`Planning the restore of ${nameOf(entry.scope)}`, () => files.prepare(entry.path, state.data.status === 'ready' ? state.data.commands : [])).then((result) => {
      if (result.ok) setMode({ kind: 'review', entry, prepared: result.value });
      else {
        setMode({ kind: 'list' });
        if (!result.cancelled) flash(`Restore not planned: ${errorLine(describeError(result.error))}`, 'error');
      }
    });
  };

  const restore = (entry: BackupEntry, prepared: PreparedPlan, overrides: readonly Override[]) => {
    if (!files) return;
    setMode({ kind: 'restoring', entry });
    void flows.runner.run(`Restoring ${nameOf(entry.scope)}`, (signal, sent, notice) => files.carryOut(prepared, { overrides, signal, sent, notice }), { kind: 'write', scope: prepared.scope }).then((result) => {
      setMode({ kind: 'list' });
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
      reload();
    });
  };

  // Over SSH the browser's redirect cannot reach this machine: the address bar's URL is pasted back here.
  const paste = usePasteBack();
  const signIn = (entry: BackupEntry) => {
    const start = session?.signInUser;
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
      setMode({ kind: 'list' });
    });
  };

  const count = entries?.length ?? 0;
  const rows = Math.max(1, height - 2 - useFooterRows());
  const disabled = backupsDisabledKeys(entries, entries?.[selected]);
  useDisabledKeys('backups', disabled, active && mode.kind === 'list');
  const planNeedsSignIn = mode.kind === 'review' && session?.api.overwriteAccess() !== 'ok' && ((mode.prepared.restore?.overwrites.length ?? 0) > 0 || mode.prepared.plan.create.length > 0);
  const signInOff = !planNeedsSignIn
    ? 'nothing in this plan needs a sign-in.'
    : session?.signInUser === undefined
      ? 'this session cannot start a browser sign-in: run `cmd-tui auth login --preset permissions`.'
      : undefined;
  useDisabledKeys('restore-plan', signInOff ? { signIn: signInOff } : {}, active && mode.kind === 'review');
  const start = useListWindow(selected, count, rows);
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
        setSelected((index) => movedIndex(index, move, count));
        return true;
      }
      // A disabled key goes on to the app's keys, which say why it cannot act.
      if (action && disabled[action] !== undefined) return false;
      if (action === 'restorePlan' && entries?.[selected]) {
        plan(entries[selected]);
        return true;
      }
      if (action === 'back') {
        dispatch({ type: 'pop' });
        return true;
      }
      const entry = entries?.[selected];
      if (action === 'readInFull' && entry) {
        const text = [`${entry.createdAt} (UTC)`, nameOf(entry.scope), '', entry.reason, '', backupHolds(entry), ...(entry.overwritesOnly ? [`This backup ${OVERWRITES_ONLY_NOTE}`] : []), entry.path].join('\n');
        dispatch({ type: 'overlay', overlay: { kind: 'message', title: 'The backup in full', text } });
        return true;
      }
      return false;
    },
    active,
  );

  if (mode.kind === 'planning' || mode.kind === 'restoring') {
    // Once the restore's first change has left, ctrl+c no longer cancels it.
    return <Spinner label={mode.kind === 'planning' ? `Planning the restore of ${nameOf(mode.entry.scope)}` : `Restoring ${nameOf(mode.entry.scope)} (a backup of it first)`} cancellable={state.busy?.sent !== true} />;
  }
  if (mode.kind === 'signing-in') return <SigningIn {...(mode.url ? { url: mode.url } : {})} paste={paste} active={active} height={height} />;
  if (mode.kind === 'override') {
    const { entry, prepared, override } = mode;
    const refusal = prepared.refusals.find((item) => item.override === override);
    return (
      <TypeToConfirm
        title={`Restore ${nameOf(entry.scope)} anyway?`}
        expected={overrideAnswer(override, prepared.plan)}
        mismatch="That is not it"
        action="restore anyway"
        onConfirm={() => restore(entry, prepared, [override])}
        onCancel={() => setMode({ kind: 'list' })}
      >
        <Text wrap="wrap">{refusal?.message}</Text>
        <Text color={theme.text.secondary}>A backup of {nameOf(entry.scope)} as it is now is written first.</Text>
      </TypeToConfirm>
    );
  }
  if (mode.kind === 'review') {
    const { entry, prepared } = mode;
    const { plan } = prepared;
    const details = prepared.restore;
    const needsSignIn = planNeedsSignIn;
    const canSignIn = signInOff === undefined;
    const lines = [
      ...plan.create.map((create) => `  + create ${commandLabel(create)}`),
      ...plan.update.map((update) => `  ~ update ${commandLabel(update)}${update.renamedFrom ? ` (renamed back from ${update.renamedFrom})` : ''}`),
      ...plan.delete.map((deleted) => `  - delete ${commandLabel(deleted)}`),
      ...(details?.overwrites ?? []).map((item) => `  ${item.commandId === details!.backup.applicationId ? item.target : `overwrites of ${item.target}`} in ${nameOf(`guild:${item.guildId}`)}: ${item.overwrites.length}`),
      ...(details?.unrestorable ?? []).map((item) => `  cannot restore ${commandLabel(item)}: Discord refuses it today (${item.problems.map((p) => p.message).join('; ')})`),
    ];
    const changes = prepared.changes;
    const { blocked, overridable } = splitRefusals(prepared.refusals);
    const refused = blocked.length > 0;
    const override = overridable[0]?.override;
    const onConfirm = !changes || refused ? () => setMode({ kind: 'list' }) : override ? () => setMode({ kind: 'override', entry, prepared, override }) : () => restore(entry, prepared, []);
    return (
      <ConfirmDialog
        title={changes ? `Restore ${nameOf(entry.scope)} to ${entry.createdAt.slice(0, 19).replace('T', ' ')} (${entry.reason})?` : `${nameOf(entry.scope)} already matches this backup`}
        confirmLabel={!changes || refused ? 'Close' : override ? 'Restore anyway…' : 'Restore'}
        danger={changes}
        onConfirm={onConfirm}
        onCancel={() => setMode({ kind: 'list' })}
        keys="restore-plan"
        onKey={(chord) => {
          if (actionFor(chord, 'restore-plan') !== 'signIn' || !canSignIn) return false;
          signIn(entry);
          return true;
        }}
      >
        <RefusalLines refusals={refused ? blocked : overridable} overridable={!refused} />
        {lines.map((line, index) => (
          <Text key={index} wrap="wrap">
            {line}
          </Text>
        ))}
        {changes && !refused ? <Text color={theme.text.secondary}>A backup of {nameOf(entry.scope)} as it is now is written first.</Text> : null}
        {needsSignIn ? (
          <Text color={theme.status.warning} wrap="wrap">
            {refused ? '' : 'Overwrites need the browser sign-in: without it they are reported as not restored. '}
            {canSignIn ? 'Press s to sign in first.' : 'Run `cmd-tui auth login --preset permissions`.'}
          </Text>
        ) : null}
      </ConfirmDialog>
    );
  }

  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold>Backups of {state.application?.name ?? 'this application'} — newest first; each was taken before a change</Text>
      {problem ? <Text color={theme.status.error}>{problem}</Text> : null}
      {entries === null && !problem ? <Spinner label="Reading the backups" /> : null}
      {entries !== null && entries.length === 0 ? <Text wrap="wrap">No backups yet: cmd-tui writes one before every change (delete, save, apply, permissions, restore).</Text> : null}
      {entries !== null && entries.length > 0 ? (
        <Box flexDirection="column" height={rows} overflowY="hidden">
          <Text color={theme.text.secondary}>{fitCell(`  ${fitCell('WHEN (UTC)', 19)}  ${fitCell('SCOPE', 20)}  ${fitCell('CAUSE', 32)}  HOLDS`, width - 1)}</Text>
          {entries.slice(start, start + rows - 1).map((entry, offset) => {
            const index = start + offset;
            const line = `${index === selected ? '▸ ' : '  '}${fitCell(entry.createdAt.slice(0, 19).replace('T', ' '), 19)}  ${fitCell(nameOf(entry.scope), 20)}  ${fitCell(entry.reason, 32)}  ${backupHolds(entry)}`;
            return (
              <Text key={entry.path} inverse={index === selected}>
                {fitCell(line, width - 1)}
              </Text>
            );
          })}
        </Box>
      ) : null}
      <Footer scope="backups" hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}

/** The list's keys that cannot act on what is selected, and why. */
export function backupsDisabledKeys(entries: readonly BackupEntry[] | null, selected: BackupEntry | undefined): DisabledKeys {
  if (entries === null) return { restorePlan: 'the backups are still being read.', readInFull: 'the backups are still being read.' };
  if (!selected) return { restorePlan: 'there is no backup yet.', readInFull: 'there is no backup yet.' };
  return {};
}
