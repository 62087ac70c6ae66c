/**
 * The request runner orders reads after writes of the same scope: a list read in flight when a delete
 * starts is stopped and read again once the delete settles, so the list shown is the one after it.
 */
import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { GLOBAL_SCOPE, guildScope } from '../../source/discord/model.js';
import type { AppAction } from '../../source/ui/state/app-state.js';
import { useRequestRunner, type RequestRunner } from '../../source/ui/state/request-runner.js';
import { renderTui } from './helpers/render.js';
import { waitFor } from './helpers/wait-for.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function mountRunner(): RequestRunner {
  let runner!: RequestRunner;
  const dispatched: AppAction[] = [];
  function Probe() {
    runner = useRequestRunner((action) => void dispatched.push(action));
    return <Text>runner</Text>;
  }
  cleanup = renderTui(<Probe />).unmount;
  return runner;
}

/** A call held until `release`; it sees its signal and rejects when it is aborted, as the API client does. */
function held<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls: AbortSignal[] = [];
  const call = (signal: AbortSignal) => {
    calls.push(signal);
    return new Promise<T>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      void gate.then(() => resolve(value));
    });
  };
  return { call, release, calls };
}

describe('a write and the reads of its scope', () => {
  it('a list read in flight when a delete starts is stopped and read again after it: it answers the list after the delete', async () => {
    const runner = mountRunner();
    let listed = ['ping', 'pong'];
    let reads = 0;
    const readBefore = held(undefined);
    const listing = runner.run(
      'Loading commands',
      async (signal) => {
        reads += 1;
        // The first read is slow and answers the list as it was when it was read.
        const seen = [...listed];
        if (reads === 1) await readBefore.call(signal);
        return seen;
      },
      { scope: GLOBAL_SCOPE },
    );
    await waitFor(() => readBefore.calls.length === 1);
    const deleting = held(undefined);
    const deleted = runner.run('Deleting ping', async (signal) => {
      await deleting.call(signal);
      listed = ['pong'];
    }, { kind: 'write', scope: GLOBAL_SCOPE });
    await waitFor(() => deleting.calls.length === 1);
    expect(readBefore.calls[0]!.aborted).toBe(true);
    // The old read's answer arriving now changes nothing.
    readBefore.release();
    deleting.release();
    expect(await deleted).toMatchObject({ ok: true });
    expect(await listing).toEqual({ ok: true, value: ['pong'], notices: [] });
    expect(reads).toBe(2);
  });

  it('a write elsewhere leaves a read alone, and a read with no scope (a sign-in) is never stopped by a write', async () => {
    const runner = mountRunner();
    const guildRead = held(['mod']);
    const signIn = held('signed in');
    const reading = runner.run('Loading commands', (signal) => guildRead.call(signal), { scope: guildScope('2') });
    const signingIn = runner.run('Waiting for the browser sign-in', (signal) => signIn.call(signal));
    await waitFor(() => guildRead.calls.length === 1 && signIn.calls.length === 1);
    const write = runner.run('Deleting ping', async () => undefined, { kind: 'write', scope: GLOBAL_SCOPE });
    expect(await write).toMatchObject({ ok: true });
    expect(guildRead.calls[0]!.aborted).toBe(false);
    expect(signIn.calls[0]!.aborted).toBe(false);
    guildRead.release();
    signIn.release();
    expect(await reading).toEqual({ ok: true, value: ['mod'], notices: [] });
    expect(await signingIn).toEqual({ ok: true, value: 'signed in', notices: [] });
  });

  it('a newer read of the same kind asked for during the write still supersedes the stopped one: one read after the write', async () => {
    const runner = mountRunner();
    let reads = 0;
    const first = held(['old']);
    const older = runner.run('Loading commands', (signal) => (++reads === 1 ? first.call(signal) : Promise.resolve(['new'])), { scope: GLOBAL_SCOPE });
    await waitFor(() => first.calls.length === 1);
    const deleting = held(undefined);
    const deleted = runner.run('Deleting ping', (signal) => deleting.call(signal), { kind: 'write', scope: GLOBAL_SCOPE });
    await waitFor(() => deleting.calls.length === 1);
    const newer = runner.run('Loading commands', async () => (++reads, ['newest']), { scope: GLOBAL_SCOPE });
    deleting.release();
    await deleted;
    expect(await older).toEqual({ ok: false, cancelled: true, superseded: true, notices: [] });
    expect(await newer).toEqual({ ok: true, value: ['newest'], notices: [] });
    expect(reads).toBe(2);
  });
});

describe('what a request tells beside its outcome', () => {
  it('comes back with the outcome, whichever way it ended: the caller shows them together', async () => {
    const runner = mountRunner();
    const failed = await runner.run('Saving ping', async (_signal, _sent, notice) => {
      notice('An earlier `apply` on the global scope was interrupted.');
      throw new Error('refused');
    }, { kind: 'write', scope: GLOBAL_SCOPE });
    expect(failed).toMatchObject({ ok: false, cancelled: false, notices: ['An earlier `apply` on the global scope was interrupted.'] });
    const stopping = held(undefined);
    const cancelled = runner.run('Saving pong', async (signal, _sent, notice) => {
      notice('The lock could not be removed.');
      await stopping.call(signal);
    }, { kind: 'write', scope: GLOBAL_SCOPE });
    await waitFor(() => stopping.calls.length === 1);
    runner.cancel();
    expect(await cancelled).toMatchObject({ ok: false, cancelled: true, notices: ['The lock could not be removed.'] });
  });
});
