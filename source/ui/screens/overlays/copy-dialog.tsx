/**
 * `c` (the selected command) and `C` (the whole scope): copy to another scope — pick the target, see the
 * plan the plan engine made (what is created, updated or unchanged, what the target does not allow and is
 * dropped, the creates it uses) with its refusals in the CLI's words, then copy after confirming; a backup
 * of the target is written first. esc or ctrl+c while it runs: before the first change leaves nothing is
 * sent; after, it stops between requests and says what was sent and what was not.
 */
import { Box } from 'ink';
import { useEffect, useState } from 'react';
import type { Problem } from '../../../discord/model.js';
import { summarizeAdaptations } from '../../../discord/adapt-scope.js';
import { commandLabel } from '../../../discord/overwrite-entries.js';
import { type Command, type PartialGuild, type Scope } from '../../../discord/model.js';
import type { Override } from '../../../discord/plan.js';
import { ghostsNote } from '../../../operations/copy-source.js';
import type { Preparation, PreparedPlan } from '../../../operations/prepare-plan.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { TypeToConfirm } from '../../components/type-to-confirm.js';
import { ScopePicker } from './scope-picker.js';
import { Spinner } from '../../components/spinner.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import type { Session } from '../../session/session.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { overrideAnswer, planFailedLine, planSummary, RefusalLines, splitRefusals } from './plan-refusals.js';
import { PlanRunView, usePlanProgress } from './plan-run.js';
import { plural } from '../../../terminal/plural.js';

type Copier = NonNullable<Session['copy']>;

type Step =
  | { kind: 'pick' }
  | { kind: 'planning'; to: Scope }
  | { kind: 'review'; to: Scope; preparation: Preparation }
  | { kind: 'override'; to: Scope; prepared: PreparedPlan; override: Override }
  | { kind: 'copying'; to: Scope; prepared: PreparedPlan };

export interface CopyDialogProps {
  copier: Copier;
  from: Scope;
  /** The command to copy; the whole scope when absent. */
  command?: Pick<Command, 'name' | 'type'>;
  guilds: readonly PartialGuild[];
  height: number;
  /** In front: false while help or the whole message is drawn over the copy under way (it goes on, hidden). */
  active: boolean;
  /** `notices`: what the copy's lock told beside its outcome, shown after it. */
  onDone: (message: string, tone: 'success' | 'warning' | 'error', notices?: readonly string[]) => void;
  onClose: () => void;
}

/** How many of the commands break a rule (a problem's path starts with the command's index). */
export function invalidCount(problems: readonly Problem[]): number {
  return new Set(problems.filter((problem) => problem.severity === 'error').map((problem) => /^\[(\d+)\]/.exec(problem.path)?.[1]).filter((index) => index !== undefined)).size;
}

/** The dialog's steps: the target picked, the plan made by the plan engine (esc closes it meanwhile), an override typed, the copy carried out through the runner. */
function useCopySteps({ copier, from, command, active, onDone, onClose }: Pick<CopyDialogProps, 'copier' | 'from' | 'command' | 'active' | 'onDone' | 'onClose'>, nameOf: (scope: Scope) => string) {
  const { flows } = useAppContext();
  const { runner } = flows;
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const progress = usePlanProgress();
  const request = (to: Scope) => ({ from, to, names: command ? [command.name] : [], prune: false });

  useKeyHandler(
    Priority.overlay,
    (chord) => {
      // While picking or typing an override, those have the keys (their esc closes); while copying, the progress view and the app's keys (q, ?, ctrl+e).
      if (step.kind === 'pick' || step.kind === 'override' || step.kind === 'copying') return false;
      if (chord === 'esc' && step.kind === 'planning') onClose();
      return chord !== 'ctrl+c';
    },
    active,
  );

  const planning = step.kind === 'planning' ? step.to : undefined;
  useEffect(() => {
    if (!planning) return;
    let live = true;
    copier.prepare(request(planning)).then(
      (preparation) => live && setStep({ kind: 'review', to: planning, preparation }),
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

  const run = (to: Scope, prepared: PreparedPlan, overrides: readonly Override[]) => {
    setStep({ kind: 'copying', to, prepared });
    // Through the runner as a write: cancelled before the first change leaves, nothing is sent; after, it waits and reports.
    void runner.run(`Copying into ${nameOf(to)}`, (signal, sent, notice) => copier.carryOut(prepared, { overrides, signal, sent, notice, onStep: progress.onStep }), { kind: 'write', scope: to }).then((result) => {
      if (result.ok) {
        const done = result.value;
        const count = done.steps.length;
        const copied = `Copied ${plural(count, 'change')} into ${nameOf(to)}; backup: ${done.backup ?? '(nothing changed)'}`;
        onDone(done.readBackFailed ? `${copied}. ${done.readBackFailed}` : copied, done.readBackFailed ? 'warning' : 'success', result.notices);
      } else if (result.cancelled) onDone(`Cancelled before it was sent: nothing was copied into ${nameOf(to)}.`, 'warning', result.notices);
      else onDone(planFailedLine(`Copy into ${nameOf(to)}`, result.error), 'error', result.notices);
    });
  };
  return { step, done: progress.done, pick: (to: Scope) => setStep({ kind: 'planning', to }), override: (to: Scope, prepared: PreparedPlan, override: Override) => setStep({ kind: 'override', to, prepared, override }), run };
}

/** The plan the engine made for the copy, with its refusals in the CLI's words; `what` is copied from `fromName` into `toName`. */
function CopyPlanReview({ preparation, what, fromName, toName, single, onCopy, onOverride, onClose }: { preparation: Preparation; what: string; fromName: string; toName: string; single: boolean; onCopy: (prepared: PreparedPlan) => void; onOverride: (prepared: PreparedPlan, override: Override) => void; onClose: () => void }) {
  const theme = useTheme();
  const adaptations = summarizeAdaptations(preparation.ok ? preparation.prepared.adaptations : preparation.adaptations).map((line) => `  ${line}`);
  if (!preparation.ok) {
    const errors = preparation.problems.filter((problem) => problem.severity === 'error');
    const bad = invalidCount(errors);
    const title = single
      ? `${what} is not valid in ${toName}; nothing can be copied`
      : bad > 0
        ? `${bad} of the ${preparation.count} commands of ${fromName} ${bad === 1 ? 'is' : 'are'} not valid in ${toName}; nothing can be copied`
        : `The commands of ${fromName} are not valid together in ${toName}; nothing can be copied`;
    return (
      <ConfirmDialog title={title} confirmLabel="Close" single onConfirm={onClose} onCancel={onClose}>
        {[...adaptations, ...errors.map((problem) => `  ${problem.path}: ${problem.message}`)].map((line, index) => (
          <DialogLine key={index} text={line} />
        ))}
      </ConfirmDialog>
    );
  }
  const { prepared } = preparation;
  const { plan } = prepared;
  const lines = [
    ...adaptations,
    ...plan.create.map((create) => `  + create ${commandLabel(create)}`),
    ...plan.update.flatMap((update) => [`  ~ update ${commandLabel(update)}`, ...update.changes.map((change) => `      ${change.path}`)]),
    ...(plan.unchanged.length > 0 ? [`  = ${plan.unchanged.length} unchanged`] : []),
  ];
  const nothing = !prepared.changes;
  const { blocked, overridable } = splitRefusals(prepared.refusals);
  const refused = blocked.length > 0;
  const ghosts = ghostsNote(prepared.ghosts, toName);
  const summary = nothing ? `Nothing to change in ${toName}.` : planSummary(prepared);
  const override = overridable[0]?.override;
  const confirm = nothing || refused ? onClose : override ? () => onOverride(prepared, override) : () => onCopy(prepared);
  return (
    <ConfirmDialog
      title={`Copy ${what} into ${toName}?`}
      confirmLabel={nothing || refused ? 'Close' : overridable.length > 0 ? 'Copy anyway…' : 'Copy'}
      single={nothing || refused}
      onConfirm={confirm}
      onCancel={onClose}
      // The refusals stay in view; the counts, warnings and the plan scroll below them.
      head={<RefusalLines refusals={refused ? blocked : overridable} overridable={!refused} />}
    >
      <DialogLine text={summary} />
      {/* The ghost duplicates the copy would leave, as the CLI says them beside a refusal too. */}
      {ghosts && !nothing ? <DialogLine color={theme.status.warning} text={ghosts} /> : null}
      {nothing || refused ? null : <DialogLine color={theme.text.secondary} text={`A backup of ${toName} is written first.`} />}
      {lines.map((line, index) => (
        <DialogLine key={index} text={line} />
      ))}
    </ConfirmDialog>
  );
}

export function CopyDialog(props: CopyDialogProps) {
  return (
    <Box display={props.active ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
      <CopySteps {...props} />
    </Box>
  );
}

function CopySteps(props: CopyDialogProps) {
  const { from, command, guilds, height, active, onClose } = props;
  const nameOf = (scope: Scope) => (scope.kind === 'global' ? 'Global' : (guilds.find((guild) => guild.id === scope.guildId)?.name ?? `guild ${scope.guildId}`));
  const what = command ? commandLabel(command) : `every command of ${nameOf(from)}`;
  const { step, done, pick, override, run } = useCopySteps(props, nameOf);
  switch (step.kind) {
    case 'pick':
      return <ScopePicker title={`Copy ${what} to…`} exclude={from} guilds={guilds} onPick={pick} onClose={onClose} height={height} />;
    case 'planning':
      // Planning is not a runner request: esc closes it.
      return <Spinner label={`Planning the copy into ${nameOf(step.to)} (esc closes)`} cancellable={false} />;
    case 'copying':
      return <PlanRunView title={`Copying ${what} into ${nameOf(step.to)}`} target={nameOf(step.to)} prepared={step.prepared} done={done} height={height} active={active} />;
    case 'override': {
      const { to, prepared } = step;
      const refusal = prepared.refusals.find((item) => item.override === step.override);
      return (
        <TypeToConfirm title={`Copy ${what} into ${nameOf(to)} anyway?`} expected={overrideAnswer(step.override, prepared.plan)} mismatch="That is not it" action="copy anyway" onConfirm={() => run(to, prepared, [step.override])} onCancel={onClose}>
          <DialogLine text={refusal?.message ?? ''} />
        </TypeToConfirm>
      );
    }
    case 'review': {
      const { to } = step;
      return <CopyPlanReview preparation={step.preparation} what={what} fromName={nameOf(from)} toName={nameOf(to)} single={command !== undefined} onCopy={(prepared) => run(to, prepared, [])} onOverride={(prepared, chosen) => override(to, prepared, chosen)} onClose={onClose} />;
    }
  }
}
