/**
 * The list's own state: the filter text, whether the filter has focus, and the selected command
 * (by id, so a refresh or a delete keeps the selection sensible).
 */
import { useReducer } from 'react';
import { compareNames } from '../../../discord/command-order.js';
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

/**
 * Commands sorted by type then name, filtered by name/description (case-insensitive); with a filter,
 * the exact name comes first, then names that start with it, then names and descriptions that hold it.
 */
export function visibleCommands(commands: readonly Command[], filter: string): Command[] {
  const needle = filter.trim().toLowerCase();
  const sorted = [...commands].sort((a, b) => a.type - b.type || compareNames(a.name, b.name));
  if (!needle) return sorted;
  const rank = (c: Command): number => {
    const name = c.name.toLowerCase();
    if (name === needle) return 0;
    if (name.startsWith(needle)) return 1;
    if (name.includes(needle)) return 2;
    return c.description.toLowerCase().includes(needle) ? 3 : -1;
  };
  return sorted
    .map((command) => ({ command, rank: rank(command) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.command);
}

/** Index of the selection among the visible commands; the first one when it is filtered out. */
export function selectedIndex(visible: readonly Command[], selectedId: string | undefined): number {
  const index = visible.findIndex((c) => c.id === selectedId);
  return index < 0 ? 0 : index;
}

export function useCommandListState() {
  return useReducer(listReducer, { filter: '', filtering: false });
}
