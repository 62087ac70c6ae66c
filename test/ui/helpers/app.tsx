/** Renders the whole app on a fake session, with the keyboard helpers bound to it. */
import { App } from '../../../source/ui/app.js';
import { noColorTheme } from '../../../source/ui/theme/theme.js';
import { FakeApi, fakeSession, type FakeSession } from './fake-api.js';
import { keyboard } from './keys.js';
import { renderTui } from './render.js';
import { waitForText } from './wait-for.js';

export async function renderApp(api = new FakeApi(), size: { columns?: number; rows?: number } = {}, session: FakeSession = fakeSession(api)) {
  const rendered = renderTui(<App session={session} theme={noColorTheme} />, size);
  const keys = keyboard(rendered.stdin);
  const app = { ...rendered, ...keys, api, session, waitForText: (text: string) => waitForText(rendered.frame, text) };
  return app;
}
