/** Renders the whole app on a fake session, with the keyboard helpers bound to it. */
import type { ReactElement } from 'react';
import { App } from '../../../source/ui/app.js';
import type { Action } from '../../../source/ui/input/key-bindings.js';
import { noColorTheme } from '../../../source/ui/theme/theme.js';
import { FakeApi, fakeSession, type FakeSession } from './fake-api.js';
import { keyboard } from './keys.js';
import { renderTui } from './render.js';
import { waitForText } from './wait-for.js';

export async function renderApp(api = new FakeApi(), size: { columns?: number; rows?: number } = {}, session: FakeSession = fakeSession(api)) {
  // What the app leaves to print once it has quit (the outcome of a write q waited for).
  const exitNotes: string[] = [];
  return { ...renderDriven(<App session={session} theme={noColorTheme} onExitNote={(text) => exitNotes.push(text)} />, size), api, session, exitNotes };
}

/** Renders a tree with the keyboard and the waits a test drives it with. */
export function renderDriven(tree: ReactElement, size: { columns?: number; rows?: number } = {}) {
  const rendered = renderTui(tree, size);
  const keys = keyboard(rendered.stdin);
  const wait = (text: string) => waitForText(rendered.frame, text);
  return {
    ...rendered,
    ...keys,
    waitForText: wait,
    /** Narrows the command list to `name` as a user does: the filter key, the name, then done. */
    filterTo: async (name: string) => {
      await keys.press('filter');
      await keys.type(name);
      await keys.press('filterDone');
    },
    /** Presses the key of an action, then waits until the frame shows `text`. */
    pressAndWait: async (action: Action, text: string) => {
      await keys.press(action);
      await wait(text);
    },
  };
}
