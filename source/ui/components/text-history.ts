/**
 * The undo history of one text being edited on its own (the whole-text view): a burst of typing is one
 * step until another kind of edit comes between (a paste, ctrl+w, ctrl+u) or the typing pauses, as in the editor. Pure.
 */

/** A pause longer than this between typed keys ends a typing step: two bursts are two undos (here and in the editor). */
export const TYPING_BURST_MS = 1000;

export interface TextHistory {
  /** Older texts first. */
  past: readonly string[];
  present: string;
  /** What undo took back, the most recent last. */
  future: readonly string[];
  /** The last change was typing, which the next typed key joins (within TYPING_BURST_MS). */
  typing: boolean;
  /** When that last key was typed. */
  typedAt?: number;
}

export function startHistory(value: string): TextHistory {
  return { past: [], present: value, future: [], typing: false };
}

export function recordText(history: TextHistory, value: string, typing: boolean, at?: number): TextHistory {
  if (value === history.present) return history;
  const sameStep = typing && history.typing && (at === undefined || history.typedAt === undefined || at - history.typedAt <= TYPING_BURST_MS);
  return { past: sameStep ? history.past : [...history.past, history.present], present: value, future: [], typing, ...(typing && at !== undefined ? { typedAt: at } : {}) };
}

/** One step back or forward; undefined when there is none. */
export function stepHistory(history: TextHistory, direction: 'undo' | 'redo'): TextHistory | undefined {
  const from = direction === 'undo' ? history.past : history.future;
  const target = from.at(-1);
  if (target === undefined) return undefined;
  const rest = from.slice(0, -1);
  return direction === 'undo'
    ? { past: rest, present: target, future: [...history.future, history.present], typing: false }
    : { past: [...history.past, history.present], present: target, future: rest, typing: false };
}
