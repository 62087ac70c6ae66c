/**
 * Keys on the Try form (key scope `try`): tab/shift+tab move between rows, and on past Send to the
 * buttons and selects of the bot's reply; enter uses a button or select there, picks on a picker row,
 * opens the bot's suggestions on an autocomplete option that has some for its text, and otherwise sends
 * (a typed value or Send, as enter in Discord's command bar sends); ctrl+s sends from anywhere; pgup/pgdn
 * scroll the bot's reply, which starts at its newest lines; esc goes back. Letters are the focused text field's (it takes them before this screen's keys).
 */
import type { Dispatch } from 'react';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import type { ComponentKey, ReplyComponent } from './reply-conversation.js';
import { isTyped, type TryRow } from './try-form.js';
import { currentSuggestions, type Suggestions, type TryAction } from './use-try-state.js';

export interface TryInput {
  active: boolean;
  rows: readonly TryRow[];
  /** The reply's buttons and selects, after the rows in the focus order. */
  components: readonly ReplyComponent[];
  focus: TryRow['key'] | ComponentKey;
  suggestions: Suggestions | undefined;
  dispatch: Dispatch<TryAction>;
  send: () => void;
  back: () => void;
  /** enter on a button or select of the reply. */
  use: (component: ReplyComponent) => void;
  /** pgup/pgdn: how many lines a page of the reply is, and how far up it can scroll (0: it all shows). */
  replyScroll: { page: number; max: number };
}

export function useTryInput({ active, rows, components, focus, suggestions, dispatch, send, back, use, replyScroll }: TryInput): void {
  const keys = [...rows.map((row) => row.key), ...components.map((component) => component.key)];
  const focusIndex = Math.max(0, keys.indexOf(focus));
  const focused = rows.find((row) => row.key === focus);
  const component = components.find((candidate) => candidate.key === focus);
  const suggested = focused !== undefined && (currentSuggestions(suggestions, focused)?.choices.length ?? 0) > 0;
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'try');
      if (action === 'nextField' || action === 'prevField') {
        const next = keys[Math.max(0, Math.min(keys.length - 1, focusIndex + (action === 'nextField' ? 1 : -1)))]!;
        dispatch({ type: 'focus', key: next });
      } else if (action === 'activate') {
        if (component) use(component);
        else if (!focused) return false;
        else if (suggested) dispatch({ type: 'picker', picker: { row: focused.key, query: '', suggestions: true } });
        else if (focused.kind === 'send' || isTyped(focused)) send();
        else dispatch({ type: 'picker', picker: { row: focused.key, query: '' } });
      } else if (action === 'pageUp' || action === 'pageDown') {
        if (replyScroll.max === 0) return false;
        dispatch({ type: 'reply-scroll', by: action === 'pageUp' ? replyScroll.page : -replyScroll.page, max: replyScroll.max });
      } else if (action === 'send') send();
      else if (action === 'back') back();
      else return false;
      return true;
    },
    active,
  );
}
