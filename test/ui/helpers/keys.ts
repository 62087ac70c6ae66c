/**
 * Presses keys by action name through the key table (`press('delete')`), so rebinding a key never
 * breaks a test; and types text as a user would.
 */
import { act } from 'react';
import { bindingOf, type Action } from '../../../source/ui/input/key-bindings.js';
import type { FakeStdin } from './render.js';

const SEQUENCES: Record<string, string> = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  enter: '\r',
  esc: '\u001b',
  tab: '\t',
  'shift+tab': '\u001b[Z',
  backspace: '\u007f',
  delete: '\u001b[3~',
  pgup: '\u001b[5~',
  pgdn: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  space: ' ',
  'ctrl+up': '\u001b[1;5A',
  'ctrl+down': '\u001b[1;5B',
  'ctrl+right': '\u001b[1;5C',
  'ctrl+left': '\u001b[1;5D',
  'meta+right': '\u001b[1;3C',
  'meta+left': '\u001b[1;3D',
  'meta+b': '\u001bb',
  'meta+f': '\u001bf',
};

/** The bytes a terminal sends for a chord name from the key table. */
export function chordBytes(chord: string): string {
  const known = SEQUENCES[chord];
  if (known) return known;
  const ctrl = /^ctrl\+([a-z])$/.exec(chord);
  if (ctrl?.[1]) return String.fromCharCode(ctrl[1].charCodeAt(0) - 96);
  return chord;
}

/** Ink holds a lone ESC this long to tell it from the start of an escape sequence (its App.js). */
const INK_ESCAPE_WAIT_MS = 20;

/**
 * Writes a key and returns once the app has handled it: a timer set after the write fires after every timer
 * the write set before it with no longer a delay (Node runs timers in the order they are due) — the key
 * dispatcher's next turn, and for a lone ESC Ink's own wait — and act() then flushes React's work. An order
 * of events, not a guess at how long a loaded machine takes.
 */
async function send(stdin: FakeStdin, bytes: string): Promise<void> {
  await act(async () => {
    stdin.write(bytes);
    await new Promise((resolve) => setTimeout(resolve, bytes === '\u001b' ? INK_ESCAPE_WAIT_MS + 1 : 0));
  });
}

export function keyboard(stdin: FakeStdin) {
  return {
    /** Presses the first key bound to an action. */
    press: (action: Action, times = 1) => {
      const chord = bindingOf(action).keys[0] ?? '';
      return (async () => {
        for (let i = 0; i < times; i++) await send(stdin, chordBytes(chord));
      })();
    },
    /** Presses a chord by name (`ctrl+d`, `esc`) — for keys that are not an action of their own. */
    chord: (chord: string) => send(stdin, chordBytes(chord)),
    type: async (text: string) => {
      for (const char of text) await send(stdin, char);
    },
  };
}
