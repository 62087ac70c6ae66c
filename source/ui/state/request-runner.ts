/**
 * Runs one network request at a time on behalf of the UI: shows it as busy (spinner), and lets
 * ctrl+c cancel it. Cancelling cannot recall a request already sent: the UI stops waiting at once
 * and ignores the late result.
 */
import { useCallback, useMemo, useRef, type Dispatch } from 'react';
import type { AppAction } from './app-state.js';

export type RunResult<T> = { ok: true; value: T } | { ok: false; cancelled: true } | { ok: false; cancelled: false; error: unknown };

export interface RequestRunner {
  run<T>(label: string, work: () => Promise<T>): Promise<RunResult<T>>;
  /** Returns the label of the cancelled request, if one was in flight. */
  cancel(): string | undefined;
}

const CANCELLED = Symbol('cancelled');

interface InFlight {
  id: number;
  label: string;
  stop: () => void;
}

export function useRequestRunner(dispatch: Dispatch<AppAction>): RequestRunner {
  const current = useRef<InFlight | null>(null);
  const counter = useRef(0);
  const run = useCallback(
    async <T>(label: string, work: () => Promise<T>): Promise<RunResult<T>> => {
      let stop!: () => void;
      const stopped = new Promise<typeof CANCELLED>((resolve) => (stop = () => resolve(CANCELLED)));
      const mine: InFlight = { id: ++counter.current, label, stop };
      // A newer request replaces an older one; the older one's result is ignored.
      current.current?.stop();
      current.current = mine;
      dispatch({ type: 'busy', busy: { id: mine.id, label } });
      const finish = () => {
        if (current.current !== mine) return;
        current.current = null;
        dispatch({ type: 'busy', busy: null });
      };
      try {
        const value = await Promise.race([work(), stopped]);
        finish();
        return value === CANCELLED ? { ok: false, cancelled: true } : { ok: true, value: value as T };
      } catch (error) {
        finish();
        return { ok: false, cancelled: false, error };
      }
    },
    [dispatch],
  );
  const cancel = useCallback(() => {
    const inFlight = current.current;
    if (!inFlight) return undefined;
    current.current = null;
    inFlight.stop();
    dispatch({ type: 'busy', busy: null });
    return inFlight.label;
  }, [dispatch]);
  return useMemo(() => ({ run, cancel }), [run, cancel]);
}
