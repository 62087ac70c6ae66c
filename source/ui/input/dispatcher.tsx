/**
 * The only `useInput` in the app. Components register handlers with a priority; a key goes to the
 * highest-priority active handler first and stops at the first one that returns true (consumed).
 * Order: overlay > text field > screen > global (style-anchors §0.2, gemini-cli KeypressContext).
 */
import { useInput, type Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { splitKeys, toChord, type Chord } from './chord.js';

/** `overlayField`: a text field inside the open overlay (type-to-confirm) comes before the overlay's own keys. */
export const Priority = { global: 0, screen: 1, textField: 2, overlay: 3, overlayField: 4 } as const;
export type PriorityLevel = (typeof Priority)[keyof typeof Priority];

export type KeyHandler = (chord: Chord, input: string, key: Key) => boolean;

interface Entry {
  priority: PriorityLevel;
  order: number;
  handler: { current: KeyHandler };
}

class HandlerRegistry {
  private entries: Entry[] = [];
  private counter = 0;

  add(priority: PriorityLevel, handler: { current: KeyHandler }): () => void {
    const entry = { priority, order: this.counter++, handler };
    this.entries.push(entry);
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  dispatch(chord: Chord, input: string, key: Key): void {
    // Highest priority first; within a level the most recently mounted (innermost) first.
    const ordered = [...this.entries].sort((a, b) => b.priority - a.priority || b.order - a.order);
    for (const entry of ordered) if (entry.handler.current(chord, input, key)) return;
  }
}

const RegistryContext = createContext<HandlerRegistry | null>(null);

export function KeyDispatcher({ children }: { children: ReactNode }) {
  const registry = useRef(new HandlerRegistry()).current;
  const queue = useRef<{ input: string; key: Key }[]>([]);
  const draining = useRef(false);
  // Keys that arrived together are handled one per tick, so React renders in between and each key
  // sees the state (focus, open overlay, field text) that the previous one left behind. That holds
  // for one input holding several keys and for several inputs in the same tick (Ink splits "↓⏎").
  const drain = () => {
    const next = queue.current.shift();
    draining.current = next !== undefined;
    if (!next) return;
    registry.dispatch(toChord(next.input, next.key), next.input, next.key);
    setTimeout(drain, 0);
  };
  useInput((input, key) => {
    queue.current.push(...splitKeys(input, key));
    if (!draining.current) drain();
  });
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** Subscribes a handler while `isActive`; the latest closure is always the one called. */
export function useKeyHandler(priority: PriorityLevel, handler: KeyHandler, isActive = true): void {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useKeyHandler needs a <KeyDispatcher> above it');
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  // A layout effect: the handler is live in the same commit that shows its component, so a key
  // queued right behind the one that opened it (focus moved, overlay opened) already reaches it.
  useLayoutEffect(() => (isActive ? registry.add(priority, ref) : undefined), [registry, priority, isActive]);
}
