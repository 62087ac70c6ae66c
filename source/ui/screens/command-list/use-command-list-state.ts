/**
 * The list's own state: the filter text, whether the filter has focus, and the selected command
 * (by id, so a refresh or a delete keeps the selection sensible).
 */
import { useReducer } from 'react';
import type { Command } from '../../../discord/model.js';

export interface ListState {
  filter: string;
  filtering: boolean;
  selectedId?: string;
}

export type ListAction =
  | { type: 'filter-start' }
  | { type: 'filter-text'; text: string }
  | { type: 'filter-keep' }
  | { type: 'filter-clear' }
  | { type: 'move'; delta: number; visible: readonly Command[] }
  | { type: 'select'; id: string };

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'filter-start':
      // `/` starts a new filter (k9s, lazygit): typed after a kept one, it would run into its text ("pingcounter").
      return { ...state, filter: '', filtering: true };
    case 'filter-text':
      // The best match (an exact name first) becomes the selection, so enter opens what was typed.
      return { ...state, filter: action.text, selectedId: undefined };
    case 'filter-keep':
      return { ...state, filtering: false };
    case 'filter-clear':
      return { ...state, filter: '', filtering: false };
    case 'move': {
      if (action.visible.length === 0) return state;
      const index = selectedIndex(action.visible, state.selectedId);
      const next = Math.max(0, Math.min(action.visible.length - 1, index + action.delta));
      return { ...state, selectedId: action.visible[next]?.id };
    }
    case 'select':
      return { ...state, selectedId: action.id };
  }
}

/** Index of the selection among the visible commands; the first one when it is filtered out. */
export function selectedIndex(visible: readonly Command[], selectedId: string | undefined): number {
  const index = visible.findIndex((c) => c.id === selectedId);
  return index < 0 ? 0 : index;
}

export function useCommandListState() {
  return useReducer(listReducer, { filter: '', filtering: false });
}
