/**
 * The request runner orders reads after the writes that change them: a list read in flight when a delete
 * starts is stopped and read again once the delete settles, so the list shown is the one after it; a
 * global command's delete reaches every guild's overwrites, so their reads are stopped too.
 */
import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { GLOBAL_SCOPE, guildScope, type Scope } from '../../source/discord/model.js';
import type { AppAction } from '../../source/ui/state/app-state.js';
import { useRequestRunner, type RequestRunner } from '../../source/ui/state/request-runner.js';
import { renderTui } from './helpers/render.js';
import { waitFor } from './helpers/wait-for.js';

function mountRunner(): RequestRunner {
  let runner!: RequestRunner;
  const dispatched: AppAction[] = [];
  function Probe() {
    runner = useRequestRunner((action) => void dispatched.push(action));
    return <Text>runner</Text>;
  }
  renderTui(<Probe />);
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

/**
 * A read of `readScope` (its first try held until the write has started) answering what it saw when it
 * read, and a delete of ping on `writeScope` meanwhile: whether the write stopped the first try, what
 * the read answered, and how many tries it made.
 */
async function readDuringDelete(readLabel: string, readScope: Scope, writeScope: Scope) {
  const runner = mountRunner();
  let names = ['ping', 'pong'];
  let reads = 0;
  const readBefore = held(undefined);
  const reading = runner.run(
    readLabel,
    async (signal) => {
      reads += 1;
      const seen = [...names];
      if (reads === 1) await readBefore.call(signal);
      return seen;
    },
    { scope: readScope },
  );
  await waitFor(() => readBefore.calls.length === 1);
  const deleting = held(undefined);
  const deleted = runner.run('Deleting ping', async (signal) => {
    await deleting.call(signal);
    names = names.filter((name) => name !== 'ping');
  }, { kind: 'write', scope: writeScope });
  await waitFor(() => deleting.calls.length === 1);
  const stopped = readBefore.calls[0]!.aborted;
  // The first try's answer arriving now changes nothing.
  readBefore.release();
  deleting.release();
  expect(await deleted).toMatchObject({ ok: true });
  return { stopped, answer: await reading, reads };
}

describe('a write and the reads of its scope', () => {
  it.each([
    ['a list read in flight when a delete starts is stopped and read again after it: it answers the list after the delete', 'Loading commands', GLOBAL_SCOPE],
    ['a global command’s delete stops a guild’s overwrites read in flight, which reads again after it: the overwrites it removed do not come back', 'Loading overwrites', guildScope('2')],
  ] as const)('%s', async (_name, readLabel, readScope) => {
    expect(await readDuringDelete(readLabel, readScope, GLOBAL_SCOPE)).toEqual({ stopped: true, answer: { ok: true, value: ['pong'], notices: [] }, reads: 2 });
  });

  it('a guild’s write leaves the global list and other guilds alone, and a read with no scope (a sign-in) is never stopped by a write', async () => {
    const runner = mountRunner();
    const globalRead = held(['ping']);
    const otherGuildRead = held(['mod']);
    const signIn = held('signed in');
    const readingGlobal = runner.run('Loading commands', (signal) => globalRead.call(signal), { scope: GLOBAL_SCOPE });
    const readingOther = runner.run('Loading overwrites', (signal) => otherGuildRead.call(signal), { scope: guildScope('3') });
    const signingIn = runner.run('Waiting for the browser sign-in', (signal) => signIn.call(signal));
    await waitFor(() => globalRead.calls.length === 1 && otherGuildRead.calls.length === 1 && signIn.calls.length === 1);
    const write = runner.run('Deleting mod', async () => undefined, { kind: 'write', scope: guildScope('2') });
    expect(await write).toMatchObject({ ok: true });
    expect([globalRead, otherGuildRead, signIn].map((read) => read.calls[0]!.aborted)).toEqual([false, false, false]);
    globalRead.release();
    otherGuildRead.release();
    signIn.release();
    expect(await readingGlobal).toEqual({ ok: true, value: ['ping'], notices: [] });
    expect(await readingOther).toEqual({ ok: true, value: ['mod'], notices: [] });
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
