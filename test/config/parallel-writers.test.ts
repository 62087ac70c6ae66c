/**
 * Parallel writers never lose each other's change: real cmd-tui processes started together on one
 * home, each reporting success only if what it wrote is still there afterwards (settings and the
 * secrets file are written under their lock, file-lock.ts). `npm run soak` runs the same scenario.
 */
import { expect, it } from 'vitest';
import { runParallelWriters } from '../reliability/parallel-writers.js';

const TRIALS = 10;

it(`6 parallel profile add and 3 parallel auth set-bot-token: every profile and every secret is there (${TRIALS} trials)`, { timeout: 180_000 }, async () => {
  const figures = await runParallelWriters(TRIALS);
  expect(figures.failed, figures.firstFailure).toBe(0);
  expect(figures.succeeded).toBe(TRIALS * 9);
  expect({ lostProfiles: figures.lostProfiles, lostSecrets: figures.lostSecrets }).toEqual({ lostProfiles: 0, lostSecrets: 0 });
});
