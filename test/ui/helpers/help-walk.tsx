/**
 * The walk behind the help tests (issue 29): for a screen, every key its `?` help lists does something
 * a user can see — the screen changes, a request goes out, or the app quits — or is listed disabled
 * with a reason, which pressing it then says; and every key help does not list leaves the screen as it
 * was. Help and the keys both come from the key table; the walk catches a screen that handles a key
 * the table does not give it, or ignores one the table does. Each screen is a row of data.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { bindingsFor, KEY_BINDINGS, type Action, type KeyScope } from '../../../source/ui/input/key-bindings.js';
import type { Rendered } from './render.js';
import { keyboard } from './keys.js';
import { waitFor } from './wait-for.js';

export interface Opened {
  frame: () => string;
  chord: (chord: string) => Promise<void>;
  type: (text: string) => Promise<void>;
  exited: () => boolean;
  /** Requests sent so far (ctrl+r shows as one more). */
  requests: () => number;
  unmount: () => void;
}

export interface WalkedScreen {
  name: string;
  scope: KeyScope;
  /** A fresh app on the screen, with the selection one row down where there is a list, so moves both ways show. */
  open: () => Promise<Opened>;
  /** Keys to press first so the action has something to act on (an edit to undo). */
  before?: Partial<Record<Action, string[]>>;
  /** Keys pressed after it, where its effect shows only then (a cursor move shows where the next letter lands). */
  probe?: Partial<Record<Action, string[]>>;
  /** Letters are text here: only the keys that are not typed are checked for doing nothing. */
  typing?: boolean;
}

/** Where a text field has focus: a cursor move shows where the next letter lands. */
export const CURSOR_PROBES: WalkedScreen['probe'] = Object.fromEntries((['charLeft', 'charRight', 'wordLeft', 'wordRight', 'lineStart', 'lineEnd'] as const).map((action) => [action, ['Z']]));
/** The keys that act only with text after the cursor, which starts at the end. */
export const FROM_THE_START: WalkedScreen['before'] = Object.fromEntries((['deleteForward', 'charRight', 'wordRight', 'deleteToEnd', 'lineEnd'] as const).map((action) => [action, ['home']]));

export function opened(app: Pick<Rendered, 'frame' | 'stdin' | 'instance' | 'unmount'>, requests: () => number = () => 0): Opened {
  let exited = false;
  void app.instance.waitUntilExit().then(() => {
    exited = true;
  });
  const keys = keyboard(app.stdin);
  return { frame: app.frame, chord: keys.chord, type: keys.type, exited: () => exited, requests, unmount: app.unmount };
}

/**
 * Until the app is idle: the frame holds over a few turns of the event loop, each a timer due after every
 * timer the app had set to react at once (its key dispatcher's turn) and inside act(), so React's work is
 * flushed in between. An order of events, not a pause: it takes the same few turns on a loaded machine.
 */
export async function settle(app: Pick<Opened, 'frame'>): Promise<string> {
  let last = app.frame();
  for (let still = 0; still < IDLE_TURNS; ) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const now = app.frame();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

const IDLE_TURNS = 3;

/**
 * Longer than every delay after which a screen reacts on its own (the try screen's autocomplete, 300 ms;
 * the member search, 250 ms): after the last key, a change that comes this late is still that key's.
 */
const DELAYED_REACTION_MS = 400;

/** Every chord the table knows, and the printable keys a user might press. */
const UNIVERSE = [...new Set([...KEY_BINDINGS.flatMap((b) => b.keys), ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ?/.,;:!+-=', 'space', 'tab', 'shift+tab', 'esc', 'enter'])];
const TYPED = (chord: string) => chord.length === 1 || chord === 'space';

async function pressKey(app: Opened, chord: string): Promise<void> {
  if (chord.length === 1) await app.type(chord);
  else await app.chord(chord);
}

/** The walk of each screen, as a describe block of tests of the file that calls it (each app is unmounted as its test ends). */
export function walkHelp(screens: WalkedScreen[]): void {
  describe.each(screens)('$name', walkScreen);
}

function walkScreen(screen: WalkedScreen): void {
  const listed = bindingsFor(screen.scope).flatMap((binding) => binding.keys.map((chord) => [chord, binding.action] as const));
  const open = screen.open;

  it.each(listed)('%s (%s) does what help says, or says why it cannot', async (chord, action) => {
    const probe = screen.probe?.[action] ?? [];
    let expected: string | undefined;
    if (probe.length > 0) {
      // What the probe alone does from the same start: the key must change that.
      const twin = await open();
      for (const key of [...(screen.before?.[action] ?? []), ...probe]) await pressKey(twin, key);
      expected = await settle(twin);
      twin.unmount();
    }
    const app = await open();
    for (const key of screen.before?.[action] ?? []) await pressKey(app, key);
    const before = await settle(app);
    const sent = app.requests();
    await pressKey(app, chord);
    for (const key of probe) await pressKey(app, key);
    await waitFor(() => app.exited() || app.requests() > sent || app.frame() !== (expected ?? before), {
      message: () => `${chord} (${action}) changed nothing on ${screen.name}:\n${app.frame()}`,
    });
  });

  it('leaves the screen as it was for every key its help does not list', async () => {
    const app = await open();
    const chords = new Set(listed.map(([chord]) => chord));
    let frame = await settle(app);
    for (const chord of UNIVERSE.filter((c) => !chords.has(c) && !(screen.typing && TYPED(c)))) {
      const sent = app.requests();
      await pressKey(app, chord);
      const after = await settle(app);
      expect(app.exited(), `${chord} quit ${screen.name}`).toBe(false);
      expect(after, `${chord} is not in ${screen.name}'s help but changed the screen`).toBe(frame);
      expect(app.requests(), `${chord} is not in ${screen.name}'s help but sent a request`).toBe(sent);
      frame = after;
    }
    const sent = app.requests();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, DELAYED_REACTION_MS));
    });
    expect(await settle(app), `a key not in ${screen.name}'s help changed the screen late`).toBe(frame);
    expect(app.requests(), `a key not in ${screen.name}'s help sent a request late`).toBe(sent);
  });
}
