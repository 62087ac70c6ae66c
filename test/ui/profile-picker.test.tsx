/** `P` at 40×12: the profiles, then the commands that make one the default or add one, each whole on a line of its own (meant to be copied). */
import { expect, it } from 'vitest';
import { App } from '../../source/ui/app.js';
import type { SessionStarters } from '../../source/ui/session/session.js';
import { noColorTheme } from '../../source/ui/theme/theme.js';
import { FakeApi, fakeSession, makeCommand } from './helpers/fake-api.js';
import { renderDriven } from './helpers/app.js';

it('at 40×12 the profile commands are never broken across lines', async () => {
  const session = fakeSession(new FakeApi([makeCommand({ name: 'ping' })]));
  const refuse = async (): Promise<never> => {
    throw new Error('not used');
  };
  const starters: SessionStarters = { demo: refuse, botToken: refuse, clientCredentials: refuse, profiles: async () => ['dev', 'prod'], openProfile: async () => session };
  const app = renderDriven(<App session={session} starters={starters} theme={noColorTheme} />, { columns: 40, rows: 12 });
  await app.waitForText('ping');
  await app.pressAndWait('switchProfile', 'prod');
  const frame = app.frame();
  for (const line of frame.split('\n').filter((row) => row.includes('cmd-tui profile'))) expect(line).toMatch(/cmd-tui profile (use|add) NAME/);
  expect(frame).toContain('cmd-tui profile use NAME');
});
