/**
 * The only `useInput` (and `usePaste`) in the app. Components register handlers with a priority; a key
 * goes to the highest-priority active handler first and stops at the first one that returns true
 * (consumed). Order: overlay > text field > screen > global (style-anchors §0.2, gemini-cli
 * KeypressContext). A paste goes to the text field on top, whole, or nowhere: pasted text is never
 * taken as commands.
 */
import { useInput, usePaste, type Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { insertableText, NO_KEY, PASTE, splitKeys, toChord, type Chord } from './chord.js';

/**
 * `overlayField`: a text field inside the open overlay (type-to-confirm) comes before the overlay's own keys;
 * `watch`: sees every key before anyone and never consumes it (the app clears an off key's notice on the next key).
 */
export const Priority = { global: 0, screen: 1, textField: 2, overlay: 3, overlayField: 4, watch: 5 } as const;
export type PriorityLevel = (typeof Priority)[keyof typeof Priority];

export type KeyHandler = (chord: Chord, input: string, key: Key) => boolean;

interface Entry {
  priority: PriorityLevel;
  order: number;
  handler: { current: KeyHandler };
  /** A text field: takes a paste, and typed characters together. */
  takesText: boolean;
}

class HandlerRegistry {
  private entries: Entry[] = [];
  private counter = 0;

  add(priority: PriorityLevel, handler: { current: KeyHandler }, takesText: boolean): () => void {
    const entry = { priority, order: this.counter++, handler, takesText };
    this.entries.push(entry);
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  /** The entry that consumed the key, if any. */
  dispatch(chord: Chord, input: string, key: Key): Entry | undefined {
    // Highest priority first; within a level the most recently mounted (innermost) first.
    return this.ordered().find((entry) => entry.handler.current(chord, input, key));
  }

  /** To the text field on top, if it is above every screen's own keys (an overlay's field, or one with focus on the screen). */
  paste(text: string): void {
    const top = this.ordered().find((entry) => entry.priority >= Priority.textField && entry.priority !== Priority.watch);
    if (top?.takesText) top.handler.current(PASTE, text, NO_KEY);
  }

  private ordered(): Entry[] {
    return [...this.entries].sort((a, b) => b.priority - a.priority || b.order - a.order);
  }
}

type Queued = { input: string; key: Key; paste?: false } | { input: string; paste: true };

/** How many queued keys from the front are plain typed characters (no command among them). */
function typedRun(queue: readonly Queued[]): number {
  const end = queue.findIndex((item) => item.paste || item.input.length === 0 || insertableText(item.input, item.key) !== item.input);
  return end === -1 ? queue.length : end;
}

const RegistryContext = createContext<HandlerRegistry | null>(null);

export function KeyDispatcher({ children }: { children: ReactNode }) {
  const registry = useRef(new HandlerRegistry()).current;
  const queue = useRef<Queued[]>([]);
  const draining = useRef(false);
  // Keys that arrived together are handled one per tick, so React renders in between and each key
  // sees the state (focus, open overlay, field text) that the previous one left behind. That holds
  // for one input holding several keys and for several inputs in the same tick (Ink splits "↓⏎").
  // Typed characters a text field takes go to it together: one edit and one render, not one each
  // (a paste the terminal does not bracket arrives as such a burst).
  const drain = () => {
    const next = queue.current.shift();
    draining.current = next !== undefined;
    if (!next) return;
    if (next.paste) registry.paste(next.input);
    else {
      const taker = registry.dispatch(toChord(next.input, next.key), next.input, next.key);
      const run = taker?.takesText && insertableText(next.input, next.key) ? typedRun(queue.current) : 0;
      if (run > 0) {
        const text = queue.current.splice(0, run).map((item) => item.input).join('');
        taker?.handler.current(text, text, NO_KEY);
      }
    }
    setTimeout(drain, 0);
  };
  const enqueue = (items: Queued[]) => {
    queue.current.push(...items);
    if (!draining.current) drain();
  };
  useInput((input, key) => enqueue(splitKeys(input, key)));
  usePaste((text) => enqueue([{ input: text, paste: true }]));
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/**
 * Subscribes a handler while `isActive`; the latest closure is always the one called. `takesText`: a
 * text field, which gets a paste (as the `paste` chord) and a burst of typed characters as one input.
 */
export function useKeyHandler(priority: PriorityLevel, handler: KeyHandler, isActive = true, takesText = false): void {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useKeyHandler needs a <KeyDispatcher> above it');
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  // A layout effect: the handler is live in the same commit that shows its component, so a key
  // queued right behind the one that opened it (focus moved, overlay opened) already reaches it.
  useLayoutEffect(() => (isActive ? registry.add(priority, ref, takesText) : undefined), [registry, priority, isActive, takesText]);
}
