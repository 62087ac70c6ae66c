/**
 * Keys on the Try form (key scope `try`): tab/shift+tab move between rows; enter picks on a picker row,
 * opens the bot's suggestions on an autocomplete option that has some for its text, and otherwise sends
 * (a typed value or Send, as enter in Discord's command bar sends); ctrl+s sends from anywhere; esc
 * goes back. Letters are the focused text field's (it takes them before this screen's keys).
 */
import type { Dispatch } from 'react';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { isTyped, type TryRow } from './try-form.js';
import { currentSuggestions, type Suggestions, type TryAction } from './use-try-state.js';

export interface TryInput {
  active: boolean;
  rows: readonly TryRow[];
  focusIndex: number;
  suggestions: Suggestions | undefined;
  dispatch: Dispatch<TryAction>;
  send: () => void;
  back: () => void;
}

export function useTryInput({ active, rows, focusIndex, suggestions, dispatch, send, back }: TryInput): void {
  const focused = rows[focusIndex]!;
  const suggested = (currentSuggestions(suggestions, focused)?.choices.length ?? 0) > 0;
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'try');
      if (action === 'nextField' || action === 'prevField') {
        const next = rows[Math.max(0, Math.min(rows.length - 1, focusIndex + (action === 'nextField' ? 1 : -1)))]!;
        dispatch({ type: 'focus', key: next.key });
      } else if (action === 'activate') {
        if (suggested) dispatch({ type: 'picker', picker: { row: focused.key, query: '', suggestions: true } });
        else if (focused.kind === 'send' || isTyped(focused)) send();
        else dispatch({ type: 'picker', picker: { row: focused.key, query: '' } });
      } else if (action === 'send') send();
      else if (action === 'back') back();
      else return false;
      return true;
    },
    active,
  );
}
