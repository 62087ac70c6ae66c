/** Why following a reply stopped, the same in every door: a refused control secret keeps its own words. */
import { expect, it } from 'vitest';
import { ControlSecretRefusedError, lostWhileWaiting } from '../../source/operations/try-command.js';

const ORIGIN = 'http://127.0.0.1:5000';

it('says a refused control secret as it is (its case and what to do), not as a lost emulator', () => {
  const refused = new ControlSecretRefusedError('CMD_TUI_EMULATOR_SECRET was refused by the serve at http://127.0.0.1:5000: …');
  expect(lostWhileWaiting(ORIGIN, refused)).toBe(refused.message);
});

it('says any other failed read as the emulator lost, with the reason', () => {
  expect(lostWhileWaiting(ORIGIN, new Error('connect ECONNREFUSED'))).toBe(`lost the emulator at ${ORIGIN} while waiting for the reply (connect ECONNREFUSED)`);
});
