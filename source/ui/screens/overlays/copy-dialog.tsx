/**
 * `c` (the selected command) and `C` (the whole scope): copy to another scope — pick the target, see
 * the plan (what is created, updated or unchanged, what the target does not allow and is dropped,
 * the creates it uses), then copy after confirming; a backup of the target is written first.
 */
import { Text } from '../../components/text.js';
import { useEffect, useState } from 'react';
import { ghostsNote, type CopyPlan } from '../../../backup/copy-plan.js';
import { summarizeAdaptations } from '../../../discord/adapt-scope.js';
import { commandLabel } from '../../../discord/overwrite-entries.js';
import { LIMITS, type Command, type PartialGuild, type Scope } from '../../../discord/model.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { ScopePicker } from './scope-picker.js';
import { Spinner } from '../../components/spinner.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import type { Session } from '../../session/session.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';

type Copier = NonNullable<Session['copy']>;

type Step =
  | { kind: 'pick' }
  | { kind: 'planning'; to: Scope }
  | { kind: 'review'; to: Scope; copy: CopyPlan; createsLeft: number }
  | { kind: 'copying'; to: Scope };

export interface CopyDialogProps {
  copier: Copier;
  from: Scope;
  /** The command to copy; the whole scope when absent. */
  command?: Pick<Command, 'name' | 'type'>;
  guilds: readonly PartialGuild[];
  height: number;
  /** `notices`: what the copy's lock told beside its outcome, shown after it. */
  onDone: (message: string, tone: 'success' | 'warning' | 'error', notices?: readonly string[]) => void;
  onClose: () => void;
}


export function CopyDialog({ copier, from, command, guilds, height, onDone, onClose }: CopyDialogProps) {
  const theme = useTheme();
  const { flows, state } = useAppContext();
  const { runner } = flows;
  const busySent = state.busy?.sent;
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const nameOf = (scope: Scope) => (scope.kind === 'global' ? 'Global' : (guilds.find((guild) => guild.id === scope.guildId)?.name ?? `guild ${scope.guildId}`));
  const what = command ? commandLabel(command) : `every command of ${nameOf(from)}`;
  const request = (to: Scope) => ({ from, to, names: command ? [command.name] : [], prune: false });

  useKeyHandler(Priority.overlay, (chord) => {
    // While picking, the picker has the keys (its esc closes the dialog).
    if (step.kind === 'pick') return false;
    if (chord === 'esc' && step.kind === 'planning') onClose();
    return chord !== 'ctrl+c';
  });

  const planning = step.kind === 'planning' ? step.to : undefined;
  useEffect(() => {
    if (!planning) return;
    let live = true;
    Promise.all([copier.plan(request(planning)), copier.createsLeft(planning)]).then(
      ([copy, createsLeft]) => live && setStep({ kind: 'review', to: planning, copy, createsLeft }),
      (error: unknown) => {
        if (!live) return;
        onDone(`Copy not planned: ${errorLine(describeError(error))}`, 'error');
      },
    );
    return () => {
      live = false;
    };
    // The request follows from the step; re-planning only when the target changes.
  }, [planning]);

  if (step.kind === 'pick') {
    return <ScopePicker title={`Copy ${what} to…`} exclude={from} guilds={guilds} onPick={(to) => setStep({ kind: 'planning', to })} onClose={onClose} height={height} />;
  }
  if (step.kind === 'planning' || step.kind === 'copying') {
    // Planning is not a runner request (esc closes it); a copy whose first change left cannot be cancelled.
    const cancellable = step.kind === 'copying' && busySent !== true;
    return <Spinner label={step.kind === 'planning' ? `Planning the copy into ${nameOf(step.to)} (esc closes)` : `Copying into ${nameOf(step.to)} (backup first)`} cancellable={cancellable} />;
  }

  const { to, copy, createsLeft } = step;
  const adaptations = summarizeAdaptations(copy.adaptations).map((line) => `  ${line}`);
  if (!copy.ok) {
    const errors = copy.problems.filter((problem) => problem.severity === 'error').map((problem) => `  ${problem.path}: ${problem.message}`);
    return (
      <ConfirmDialog title={`${what} is not valid in ${nameOf(to)}; nothing can be copied`} confirmLabel="Close" onConfirm={onClose} onCancel={onClose}>
        {[...adaptations, ...errors].map((line, index) => (
          <Text key={index} wrap="wrap">
            {line}
          </Text>
        ))}
      </ConfirmDialog>
    );
  }
  const { plan } = copy;
  const lines = [
    ...adaptations,
    ...plan.create.map((create) => `  + create ${commandLabel(create)}`),
    ...plan.update.flatMap((update) => [`  ~ update ${commandLabel(update)}`, ...update.changes.map((change) => `      ${change.path}`)]),
    ...(plan.unchanged.length > 0 ? [`  = ${plan.unchanged.length} unchanged`] : []),
  ];
  const nothing = plan.create.length + plan.update.length === 0;
  const ghosts = ghostsNote(copy.ghosts, nameOf(to));
  const tooMany = plan.createsUsed > createsLeft;
  const summary = nothing
    ? `Nothing to change in ${nameOf(to)}.`
    : `${plan.create.length} to create, ${plan.update.length} to update; uses ${plan.createsUsed} of today's creates (${createsLeft} of ${LIMITS.dailyCreates} left).`;
  const run = () => {
    setStep({ kind: 'copying', to });
    // Through the runner as a write: ctrl+c before the first change leaves sends nothing; after, it waits and reports.
    void runner.run(`Copying into ${nameOf(to)}`, (signal, sent, notice) => copier.apply(request(to), copy, signal, sent, notice), { kind: 'write', scope: to }).then((result) => {
      if (result.ok) {
        const done = result.value;
        const copied = `Copied ${done.steps} change${done.steps === 1 ? '' : 's'} into ${nameOf(to)}; backup: ${done.backup}`;
        onDone(done.readBackFailed ? `${copied}. ${done.readBackFailed}` : copied, done.readBackFailed ? 'warning' : 'success', result.notices);
      } else if (result.cancelled) onDone(`Cancelled before it was sent: nothing was copied into ${nameOf(to)}.`, 'warning', result.notices);
      else onDone(`Copy into ${nameOf(to)} failed: ${errorLine(describeError(result.error))}`, 'error', result.notices);
    });
  };
  return (
    <ConfirmDialog
      title={`Copy ${what} into ${nameOf(to)}?`}
      confirmLabel={nothing || tooMany ? 'Close' : 'Copy'}
      onConfirm={nothing || tooMany ? onClose : run}
      onCancel={onClose}
    >
      {/* The counts and warnings first: a long plan scrolls below them. */}
      <Text wrap="wrap" color={tooMany ? theme.status.error : undefined}>
        {tooMany ? `The copy needs ${plan.createsUsed} creates but only ${createsLeft} are left today.` : summary}
      </Text>
      {ghosts && !nothing && !tooMany ? (
        <Text wrap="wrap" color={theme.status.warning}>
          {ghosts}
        </Text>
      ) : null}
      {nothing || tooMany ? null : <Text color={theme.text.secondary}>A backup of {nameOf(to)} is written first.</Text>}
      {lines.map((line, index) => (
        <Text key={index} wrap="wrap">
          {line}
        </Text>
      ))}
    </ConfirmDialog>
  );
}
