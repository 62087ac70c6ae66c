/**
 * The emulator and the local validator agree (reliability-anchors E6): over generated bodies, valid and
 * not, the emulator answers 400 exactly when validateCommand reports an error, and never loses one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../source/discord/validate.js';
import { validCommand } from '../discord/arbitraries.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';

const emulator = useEmulator({ seed: 'empty' });

const body = fc.oneof(
  { arbitrary: validCommand, weight: 3 },
  { arbitrary: validCommand.chain((command) => fc.constantFrom<Record<string, unknown>>(
    { ...command, name: command.name.toUpperCase() + ' X' },
    { ...command, description: 'd'.repeat(101) },
    { ...command, type: 7 },
    { ...command, options: Array.from({ length: 26 }, (_, i) => ({ type: 5, name: `o${i}`, description: 'x' })) },
  )), weight: 2 },
  { arbitrary: fc.jsonValue(), weight: 1 },
);

describe('emulator and validator agree', () => {
  it('400 exactly when the validator finds an error', async () => {
    const e = emulator();
    const app = (await call(e, 'GET', '/applications/@me', { auth: botAuth(e) })).body;
    const context = { scope: 'global' as const, appFlags: app.flags, supportedIntegrationTypes: Object.keys(app.integration_types_config).map(Number) };
    await fc.assert(
      fc.asyncProperty(body, async (draft) => {
        await callControl(e, 'POST', '/__emulator/reset');
        const errors = validateCommand(draft, context).filter((p) => p.severity === 'error');
        const response = await call(e, 'POST', `/applications/${e.applicationId}/commands`, { auth: botAuth(e), json: draft });
        if (errors.length > 0) {
          expect(response.status).toBe(400);
          expect(response.body.code).toBe(50035);
        } else {
          expect(response.status).toBe(201);
        }
      }),
      { numRuns: 100 },
    );
  });
});
