/**
 * The signals cmd-tui cleans up on, per platform (Windows has no SIGTERM to receive, and SIGBREAK for
 * ctrl+break), and the exit code a shell expects after each.
 */
import { describe, expect, it } from 'vitest';
import { signalExitCode, terminationSignals } from '../../source/terminal/exit-signals.js';

describe('termination signals', () => {
  it.each([
    ['linux', ['SIGTERM', 'SIGHUP']],
    ['darwin', ['SIGTERM', 'SIGHUP']],
    ['win32', ['SIGHUP', 'SIGBREAK']],
  ] as const)('on %s: %j', (platform, signals) => {
    expect(terminationSignals(platform)).toEqual(signals);
  });

  it('can all be listened for on this platform', () => {
    const noop = () => undefined;
    for (const signal of terminationSignals()) {
      process.on(signal, noop);
      process.off(signal, noop);
    }
  });

  it('exit as shells report a signal: 128 + its number', () => {
    expect(signalExitCode('SIGHUP')).toBe(129);
    expect(signalExitCode('SIGTERM')).toBe(143);
  });
});
