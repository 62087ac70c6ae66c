/**
 * When `apply --watch` runs: a burst of saves is one run, a save during a run is one more run after it
 * (never two at once), and nothing runs after a stop.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SaveRuns } from '../../source/commands/save-runs.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run that lasts until the test ends it, counting how many ran and how many at once. */
function controlledRuns() {
  const state = { started: 0, running: 0, mostAtOnce: 0, finish: () => {} };
  const run = () =>
    new Promise<void>((resolve) => {
      state.started += 1;
      state.running += 1;
      state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
      state.finish = () => {
        state.running -= 1;
        resolve();
      };
    });
  return { state, run };
}

it('a burst of saves (an editor writing twice, then renaming over) is one run after the quiet period', async () => {
  const { state, run } = controlledRuns();
  const runs = new SaveRuns(run, 200);
  runs.saved();
  await vi.advanceTimersByTimeAsync(50);
  runs.saved();
  await vi.advanceTimersByTimeAsync(50);
  runs.saved();
  await vi.advanceTimersByTimeAsync(199);
  expect(state.started).toBe(0);
  await vi.advanceTimersByTimeAsync(1);
  expect(state.started).toBe(1);
});

it('saves during a run make one more run after it, never two at once', async () => {
  const { state, run } = controlledRuns();
  const runs = new SaveRuns(run, 200);
  runs.start();
  expect(runs.busy).toBe(true);
  runs.saved();
  runs.saved();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(state.started).toBe(1);
  state.finish();
  await vi.advanceTimersByTimeAsync(200);
  expect(state.started).toBe(2);
  state.finish();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(state.started).toBe(2);
  expect(state.mostAtOnce).toBe(1);
});

it('stop waits for the run in flight and starts none after it', async () => {
  const { state, run } = controlledRuns();
  const runs = new SaveRuns(run, 200);
  runs.start();
  runs.saved();
  let stopped = false;
  const stopping = runs.stop().then(() => (stopped = true));
  await vi.advanceTimersByTimeAsync(10);
  expect(stopped).toBe(false);
  state.finish();
  await stopping;
  runs.saved();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(state.started).toBe(1);
});
