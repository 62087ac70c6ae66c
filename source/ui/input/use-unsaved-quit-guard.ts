/**
 * ctrl+c on a screen holding unsaved edits asks first (as esc does) instead of quitting. A request in
 * flight still comes first: then the key goes on to the global handler, which cancels the request.
 */
import { useAppContext } from '../state/app-context.js';
import { Priority, useKeyHandler } from './dispatcher.js';
import { bindingOf } from './key-bindings.js';

/** `ask` opens the screen's own "discard and quit?" dialog; pass `isActive` false while that dialog is shown, so a second ctrl+c quits. */
export function useUnsavedQuitGuard(unsaved: boolean, ask: () => void, isActive: boolean): void {
  const { state, dispatch } = useAppContext();
  useKeyHandler(
    Priority.screen,
    (chord) => {
      if (!bindingOf('interrupt').keys.includes(chord) || !unsaved || state.busy) return false;
      // Help may be open over the screen; the question must not sit hidden under it.
      if (state.overlay.kind === 'help') dispatch({ type: 'overlay', overlay: { kind: 'none' } });
      ask();
      return true;
    },
    isActive,
  );
}
