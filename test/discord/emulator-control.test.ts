/**
 * What every door says when the emulator refuses the control secret it sent (discord/emulator-control.ts):
 * which case it is — none found, CMD_TUI_EMULATOR_SECRET not this run's, the serve's file stale — and what to
 * do in that door; never the secret; any other answer left as the emulator gave it.
 */
import { describe, expect, it } from 'vitest';
import { CONTROL_SECRET_REFUSAL, controlSecretRefused, type EmulatorControl } from '../../source/discord/emulator-control.js';
import { guardRequest, guardRules } from '../../source/emulator/request-guard.js';

const origin = 'http://127.0.0.1:4010';
const refusal = (guardRequest(guardRules('127.0.0.1', [], 'the-secret'), { headers: { host: '127.0.0.1:4010' } }, true)!.body as { message: string }).message;
const said = (control: EmulatorControl) => controlSecretRefused(control, 403, refusal);

describe('controlSecretRefused', () => {
  it('knows the emulator’s own refusal', () => {
    expect(refusal.startsWith(CONTROL_SECRET_REFUSAL)).toBe(true);
  });

  it.each([
    ['command', 'set CMD_TUI_EMULATOR_SECRET to the control secret that serve printed (controlSecret with --json) and run it again'],
    ['tui', 'quit, and start cmd-tui again with CMD_TUI_EMULATOR_SECRET set to the control secret that serve printed'],
    ['mcp', "put CMD_TUI_EMULATOR_SECRET with the control secret that serve printed (controlSecret with --json) in the env of this MCP server in your client's configuration, and restart the server"],
  ] as const)('none found, in the %s door: where a secret comes from, and how to give it there', (door, words) => {
    const text = said({ origin, door })!;
    expect(text).toContain(`no control secret for ${origin} (a serve started by another user, in another CMD_TUI_HOME or in a container`);
    expect(text).toContain(words);
  });

  it('CMD_TUI_EMULATOR_SECRET refused: it is new at each start, copy the latest', () => {
    const text = said({ origin, door: 'tui', secret: 'an-old-one', secretFrom: 'environment' })!;
    expect(text).toBe(`CMD_TUI_EMULATOR_SECRET was refused by the serve at ${origin}: its control secret is new at each start, so quit, and start cmd-tui again with CMD_TUI_EMULATOR_SECRET set to controlSecret from its latest output`);
  });

  it('the serve’s file refused: the serve restarted on the port, read it again', () => {
    const text = said({ origin, secret: 'an-old-one', secretFrom: 'file' })!;
    expect(text).toContain(`the control secret a serve of yours left for port 4010 was refused by the serve at ${origin}: it restarted on that port`);
    expect(text).toContain('run it again, which reads the new one');
    expect(text).not.toContain('an-old-one');
  });

  it('leaves any other answer, and a refused secret of an emulator in this process, as the emulator said it', () => {
    expect(controlSecretRefused({ origin }, 403, '403: Forbidden (a request from a web page of http://evil.example is refused…)')).toBeUndefined();
    expect(controlSecretRefused({ origin }, 400, refusal)).toBeUndefined();
    expect(controlSecretRefused({ origin }, 403, undefined)).toBeUndefined();
    expect(said({ origin, secret: 'in-process' })).toBeUndefined();
  });
});
