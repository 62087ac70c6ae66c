/** Subscribes a view to a model's loadable list (session/loadable.ts): drawn again whenever it changes. */
import { useSyncExternalStore } from 'react';
import type { Loadable, Loaded } from '../session/loadable.js';

const NOTHING: Loaded<never> = {};
const none = () => () => undefined;

/** What `list` holds now; nothing (and no read) without a list. */
export function useLoaded<T>(list: Loadable<T> | undefined): Loaded<T> {
  return useSyncExternalStore(list ? list.subscribe : none, list ? list.current : () => NOTHING);
}
