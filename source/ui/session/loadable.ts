/**
 * A list a model loads for the screens that subscribe to it (k9s' models): the first subscriber starts
 * the read, `reload` reads again (a write that changed the list calls it, not the screen), and what was
 * read stays shown until the next read answers. When the last subscriber leaves, what was read is
 * forgotten: a screen opened later reads afresh. No React here (state/use-loaded.ts subscribes a view).
 */

/** What a loadable holds now: `value` once a read answered, `error` when the last read failed. */
export interface Loaded<T> {
  value?: T;
  error?: unknown;
}

export interface Loadable<T> {
  current(): Loaded<T>;
  /** Calls `listener` on every change; the first subscriber starts a read. Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Reads again (a newer read supersedes one still under way); nothing happens without subscribers. */
  reload(): void;
}

export function loadable<T>(read: () => Promise<T>): Loadable<T> {
  const listeners = new Set<() => void>();
  let loaded: Loaded<T> = {};
  let generation = 0;
  const settle = (reading: number, next: Loaded<T>) => {
    if (reading !== generation || listeners.size === 0) return;
    loaded = next;
    for (const listener of [...listeners]) listener();
  };
  const reload = () => {
    if (listeners.size === 0) return;
    const reading = ++generation;
    read().then(
      (value) => settle(reading, { value }),
      (error: unknown) => settle(reading, { ...loaded, error }),
    );
  };
  return {
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) reload();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        generation += 1;
        loaded = {};
      };
    },
    reload,
  };
}

