/**
 * Why a key is off answers that key alone: it is not a status of the app's history (ctrl+e/ctrl+t never
 * open a history holding only such notices), and it goes at the next key instead of staying under
 * what comes after.
 */
import { expect, it } from 'vitest';
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

it('ctrl+e with no status says it is off, again and again, never opening a history of that notice; the next key clears it', async () => {
  const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' }), makeCommand({ name: 'pong' })]), { columns: 100, rows: 24 });
  await app.waitForText('pong');
  await app.pressAndWait('showMessage', 'is off: no status message has been shown yet');
  await app.pressAndWait('showMessage', 'is off: no status message has been shown yet');
  expect(app.frame()).not.toContain('Earlier status messages');
  await app.press('down');
  await waitFor(() => !app.frame().includes('is off'), { message: app.frame });
  await app.pressAndWait('showMessage', 'is off: no status message has been shown yet');
  expect(app.frame()).not.toContain('Earlier status messages');
});
