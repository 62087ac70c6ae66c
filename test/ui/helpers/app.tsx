/** Renders the whole app on a fake session, with the keyboard helpers bound to it. */
import { App } from '../../../source/ui/app.js';
import { noColorTheme } from '../../../source/ui/theme/theme.js';
import { FakeApi, fakeSession, type FakeSession } from './fake-api.js';
import { keyboard } from './keys.js';
import { renderTui } from './render.js';
import { waitForText } from './wait-for.js';

export async function renderApp(api = new FakeApi(), size: { columns?: number; rows?: number } = {}, session: FakeSession = fakeSession(api)) {
  // What the app leaves to print once it has quit (the outcome of a write q waited for).
  const exitNotes: string[] = [];
  const rendered = renderTui(<App session={session} theme={noColorTheme} onExitNote={(text) => exitNotes.push(text)} />, size);
  const keys = keyboard(rendered.stdin);
  const app = { ...rendered, ...keys, api, session, exitNotes, waitForText: (text: string) => waitForText(rendered.frame, text) };
  return app;
}
