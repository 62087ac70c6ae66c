/**
 * A copy or a restore while the plan engine carries it out (operations/carry-out-plan.ts): what is done
 * and how far it got — the scope read and backed up first, then "n of m sent" with the request in flight
 * and the changes made so far — above the footer that says what esc/ctrl+c do now: before the first
 * change leaves they cancel and nothing is sent; after, they stop it between requests. q, ? and ctrl+e
 * stay the app's (q waits for Discord's answer, then quits and prints the outcome); a key that would act
 * on what is being written says why it is off. Shared by the copy dialog and the backups screen.
 */
import { Box } from 'ink';
import { useState } from 'react';
import type { PreparedPlan } from '../../../operations/prepare-plan.js';
import { stepLine } from '../../../operations/plan-outcome.js';
import { plannedRequests, type ExecutedStep } from '../../../operations/send-plan.js';
import { plural } from '../../../terminal/plural.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { Spinner } from '../../components/spinner.js';
import { Text } from '../../components/text.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type KeyScope } from '../../input/key-bindings.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';

/** The changes the run has made so far, told by the engine's onStep as each is confirmed. */
export function usePlanProgress() {
  const [done, setDone] = useState<readonly ExecutedStep[]>([]);
  return { done, onStep: (step: ExecutedStep) => setDone((steps) => [...steps, step]) };
}

export interface PlanRunProgress {
  /** The first change has left (the runner's `sent`): from then on esc stops between requests. */
  sent: boolean;
  /** esc/ctrl+c was pressed after that: the request in flight is answered, none is sent after it. */
  stopping: boolean;
  done: readonly ExecutedStep[];
}

/** The line under the title: the backup first, then how many of the plan's requests were sent and which is in flight. */
export function progressLine(prepared: PreparedPlan, target: string, { sent, stopping, done }: PlanRunProgress): string {
  const planned = plannedRequests(prepared.plan, prepared.prune);
  const lists = prepared.restore?.overwrites.length ?? 0;
  if (!sent) return `Reading ${target} and writing its backup first; nothing has been sent yet`;
  const count = `${done.length} of ${plural(planned.length, 'change')} sent`;
  const next = planned[done.length];
  if (stopping) return next ? `Stopping: ${count}; waiting for the answer to ${next}, then nothing more is sent` : `Stopping: ${count}; nothing more is sent`;
  if (next) return `${count}; now ${next}`;
  return lists > 0 ? `${count}; now putting back ${plural(lists, 'overwrite list')}` : `${count}; reading ${target} back`;
}

export interface PlanRunViewProps {
  /** `Copying every command of Global into Test Guild`, `Restoring Test Guild to 2026-11-24 10:05:00`. */
  title: string;
  /** The scope written, by name. */
  target: string;
  prepared: PreparedPlan;
  done: readonly ExecutedStep[];
  height: number;
  active: boolean;
}

export function PlanRunView({ title, target, prepared, done, height, active }: PlanRunViewProps) {
  const theme = useTheme();
  const { state, flows } = useAppContext();
  const sent = state.busy?.sent === true;
  const [stopping, setStopping] = useState(false);
  const scope: KeyScope = sent ? 'bulk-write-sent' : 'bulk-write';
  // The app's keys read this view's scope: q, ? and ctrl+e act; a key of the screen underneath says why it is off.
  useDisabledKeys(scope, {}, active);
  useKeyHandler(
    Priority.overlay,
    (chord) => {
      const action = actionFor(chord, scope);
      if (action !== 'cancelWrite' && action !== 'stopWrite') return false;
      flows.runner.cancel();
      if (action === 'stopWrite') setStopping(true);
      return true;
    },
    active,
  );
  // The title, the progress line, and the footer (its status and keys); the changes made so far in what is left, newest last.
  const room = Math.max(0, height - 2 - useFooterRows());
  const shown = done.length > room ? done.slice(done.length - Math.max(0, room - 1)) : done;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold wrap="truncate">
        {title}
      </Text>
      <Spinner label={progressLine(prepared, target, { sent, stopping, done })} cancellable={false} />
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {shown.length < done.length && room > 0 ? <Text color={theme.text.secondary}>{`  … ${done.length - shown.length} earlier`}</Text> : null}
        {shown.map((step, index) => (
          <Text key={index} color={theme.text.secondary} wrap="truncate">
            {stepLine(step)}
          </Text>
        ))}
      </Box>
      <Footer scope={scope} spinner={false} />
    </Box>
  );
}
