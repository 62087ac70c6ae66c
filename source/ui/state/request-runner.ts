/**
 * Runs the UI's network requests: shows the latest as busy (spinner) and lets esc/ctrl+c cancel it
 * truthfully. Every request gets an AbortSignal that travels through the client to the socket:
 * - a read is cancelled for real, and the UI stops waiting at once;
 * - a write is cancelled only until it leaves; once sent it cannot be recalled, so cancelling says
 *   "sent; waiting for Discord's answer" and the write's own outcome (read back when the answer is
 *   lost) is what the screen reports.
 * A read replaced by a newer read of the same kind is *superseded* (its caller stays quiet: the newer
 * one reports); a read asked for while a write is in flight waits for the write, so a write is never
 * superseded by a read; and a read in flight when a write starts that can change what it reads (see
 * writeChanges) is stopped and runs again after the write, its caller answered only by that second read.
 */
import { useCallback, useMemo, useRef, type Dispatch } from 'react';
import type { AppAction } from './app-state.js';
import { scopeKey, type Scope } from '../../discord/model.js';

/**
 * How a request ended, with what it told beside its outcome (`notices`: what the CLI prints as
 * `cmd-tui: …`, a lock's): the caller shows them with the outcome, whichever way it ended.
 */
export type RunResult<T> = (
  | { ok: true; value: T }
  | { ok: false; cancelled: true; superseded: boolean }
  | { ok: false; cancelled: false; error: unknown }
) & { notices: string[] };

export interface RunOptions {
  /** A write is never raced or superseded: its caller always learns how it ended. Default: read. */
  kind?: 'read' | 'write';
  /**
   * The scope the request reads or writes. A write stops the reads in flight whose answer it can change
   * (writeChanges), which run again once it settles: a list read before a delete cannot land after it and
   * show the command back.
   */
  scope?: Scope;
}

/**
 * What a request is given: the signal to pass on (api.withSignal), the call to make once it is sent, and
 * where to tell what the CLI prints beside an outcome (`cmd-tui: …` — a lock's notices): they come back
 * in the RunResult.
 */
export type Work<T> = (signal: AbortSignal, sent: () => void, notice: (message: string) => void) => Promise<T>;

export interface Cancelled {
  label: string;
  /** A write that had already left: it goes on, and its outcome will be told. */
  sentWrite: boolean;
}

export interface RequestRunner {
  run<T>(label: string, work: Work<T>, options?: RunOptions): Promise<RunResult<T>>;
  /** Cancels the request shown as busy; undefined when none is in flight. */
  cancel(): Cancelled | undefined;
}

interface InFlight {
  id: number;
  label: string;
  kind: 'read' | 'write';
  controller: AbortController;
  sent: boolean;
  superseded: boolean;
  scope: Scope | undefined;
  /** A read stopped by a write that changes what it reads: it runs again after the write. */
  restart: boolean;
  /** Settles when the request ends, whichever way (reads queued behind a write wait on it). */
  done: Promise<unknown>;
}

export const SENT_WAITING = "sent; waiting for Discord's answer";
const TOO_LATE = 'it cannot be recalled';
const STOPPED = Symbol('stopped');
const RESTART = Symbol('restart');

/**
 * Whether a write on one scope can change what a read of another answers. A global command's
 * write reaches into every guild: deleting it removes its overwrites there, and a guild's reads (its list
 * with its overwrites, the overwrites screen) read that guild's overwrites, global commands' included.
 * A guild's write changes that guild alone.
 */
function writeChanges(written: Scope, read: Scope): boolean {
  return written.kind === 'global' || scopeKey(written) === scopeKey(read);
}

function busyLabel(entry: InFlight): string {
  if (entry.kind !== 'write' || !entry.sent) return entry.label;
  return `${entry.label}: ${SENT_WAITING}${entry.controller.signal.aborted ? ` (${TOO_LATE})` : ''}`;
}

export function useRequestRunner(dispatch: Dispatch<AppAction>): RequestRunner {
  const inFlight = useRef<InFlight[]>([]);
  const counter = useRef(0);
  /** The newest read asked for under each label: one asked for later supersedes it, even while it waits for a write. */
  const newestRead = useRef(new Map<string, number>());

  const showBusy = useCallback(() => {
    const latest = inFlight.current.at(-1);
    dispatch({ type: 'busy', busy: latest ? { id: latest.id, label: busyLabel(latest), write: latest.kind === 'write', sent: latest.kind === 'write' && latest.sent } : null });
  }, [dispatch]);

  /**
   * One try of a request. A read that a write started meanwhile can change is stopped and answers
   * RESTART: its caller waits for the write and reads again, so what it shows includes the write.
   */
  const attempt = useCallback(
    async <T>(id: number, label: string, work: Work<T>, kind: 'read' | 'write', scope: Scope | undefined, notices: string[]): Promise<RunResult<T> | typeof RESTART> => {
      let finished!: () => void;
      const mine: InFlight = { id, label, kind, scope, controller: new AbortController(), sent: false, superseded: false, restart: false, done: new Promise<void>((resolve) => (finished = resolve)) };
      if (kind === 'write' && scope !== undefined) {
        for (const read of inFlight.current.filter((entry) => entry.kind === 'read' && entry.scope !== undefined && writeChanges(scope, entry.scope))) {
          read.restart = true;
          read.controller.abort();
        }
      }
      inFlight.current = [...inFlight.current, mine];
      showBusy();
      const signal = mine.controller.signal;
      const sent = () => {
        if (mine.sent) return;
        mine.sent = true;
        showBusy();
      };
      const stopped = new Promise<typeof STOPPED>((resolve) => signal.addEventListener('abort', () => resolve(STOPPED), { once: true }));
      const cancelledResult = (): RunResult<T> | typeof RESTART => (mine.restart && !mine.superseded ? RESTART : { ok: false, cancelled: true, superseded: mine.superseded, notices });
      try {
        const working = work(signal, sent, (message) => notices.push(message));
        // A read stops being waited for at once; a write is waited for to the end (see the header).
        const value = kind === 'read' ? await Promise.race([working, stopped]) : await working;
        if (value === STOPPED) {
          working.catch(() => undefined);
          return cancelledResult();
        }
        return { ok: true, value: value as T, notices };
      } catch (error) {
        if (signal.aborted && !(kind === 'write' && mine.sent)) return cancelledResult();
        return { ok: false, cancelled: false, error, notices };
      } finally {
        inFlight.current = inFlight.current.filter((entry) => entry !== mine);
        finished();
        showBusy();
      }
    },
    [showBusy],
  );

  const run = useCallback(
    async <T>(label: string, work: Work<T>, options: RunOptions = {}): Promise<RunResult<T>> => {
      const kind = options.kind ?? 'read';
      const { scope } = options;
      const id = ++counter.current;
      // Every try's notices: a read run again after a write keeps what its first try told.
      const notices: string[] = [];
      if (kind === 'write') return (await attempt(id, label, work, kind, scope, notices)) as RunResult<T>;
      newestRead.current.set(label, id);
      for (const older of inFlight.current.filter((entry) => entry.kind === 'read' && entry.label === label)) {
        older.superseded = true;
        older.controller.abort();
      }
      for (;;) {
        // A read waits for the writes in flight: it must show what they did, not race them.
        for (let writes = inFlight.current.filter((entry) => entry.kind === 'write'); writes.length > 0; writes = inFlight.current.filter((entry) => entry.kind === 'write')) {
          await Promise.all(writes.map((entry) => entry.done));
        }
        // A newer read of the same kind was asked for while this one waited (ctrl+r twice, a scope switched): only it runs.
        if (newestRead.current.get(label) !== id) return { ok: false, cancelled: true, superseded: true, notices };
        const result = await attempt(id, label, work, kind, scope, notices);
        if (result !== RESTART) return result;
      }
    },
    [attempt],
  );

  const cancel = useCallback((): Cancelled | undefined => {
    const latest = inFlight.current.at(-1);
    if (!latest) return undefined;
    latest.controller.abort();
    showBusy();
    return { label: latest.label, sentWrite: latest.kind === 'write' && latest.sent };
  }, [showBusy]);

  return useMemo(() => ({ run, cancel }), [run, cancel]);
}
