/**
 * Runs one network request at a time on behalf of the UI: shows it as busy (spinner), and lets
 * ctrl+c cancel it. Cancelling cannot recall a request already sent; its late result is ignored.
 */
import { useCallback, useMemo, useRef, type Dispatch } from 'react';
import type { AppAction } from './app-state.js';

export type RunResult<T> = { ok: true; value: T } | { ok: false; cancelled: true } | { ok: false; cancelled: false; error: unknown };

export interface RequestRunner {
  run<T>(label: string, work: () => Promise<T>): Promise<RunResult<T>>;
  /** Returns the label of the cancelled request, if one was in flight. */
  cancel(): string | undefined;
}

export function useRequestRunner(dispatch: Dispatch<AppAction>): RequestRunner {
  const current = useRef<{ id: number; label: string } | null>(null);
  const counter = useRef(0);
  const run = useCallback(
    async <T>(label: string, work: () => Promise<T>): Promise<RunResult<T>> => {
      const busy = { id: ++counter.current, label };
      current.current = busy;
      dispatch({ type: 'busy', busy });
      const finish = () => {
        if (current.current?.id !== busy.id) return false;
        current.current = null;
        dispatch({ type: 'busy', busy: null });
        return true;
      };
      try {
        const value = await work();
        return finish() ? { ok: true, value } : { ok: false, cancelled: true };
      } catch (error) {
        return finish() ? { ok: false, cancelled: false, error } : { ok: false, cancelled: true };
      }
    },
    [dispatch],
  );
  const cancel = useCallback(() => {
    const busy = current.current;
    if (!busy) return undefined;
    current.current = null;
    dispatch({ type: 'busy', busy: null });
    return busy.label;
  }, [dispatch]);
  return useMemo(() => ({ run, cancel }), [run, cancel]);
}
