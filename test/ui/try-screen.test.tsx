/** The Try screen (`t`) drawn on a fake session: what it says on live Discord, and a server's hostile text shown as escapes. */
import { afterEach, expect, it } from 'vitest';
import { DISCORD_API_BASE } from '../../source/api/target.js';
import { LIVE_DISCORD_REFUSAL } from '../../source/operations/try-command.js';
import { TRY_ON_EMULATOR } from '../../source/ui/screens/try/try-screen.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());


it('on live Discord, t says nobody can run a command as a user, in the words cmd-tui try uses, and how to try it on the emulator', async () => {
  const live = new FakeApi([makeCommand({ name: 'ping' })]);
  Object.defineProperty(live, 'baseUrl', { value: DISCORD_API_BASE });
  const app = await renderApp(live, { columns: 200, rows: 30 });
  cleanup = app.unmount;
  await app.waitForText('ping');
  await app.press('tryCommand');
  await app.waitForText('Try /ping');
  for (const line of [LIVE_DISCORD_REFUSAL, ...TRY_ON_EMULATOR]) expect(app.frame()).toContain(line);
  expect(app.api.calls.filter((call) => !call.startsWith('list '))).toEqual([]);
  await app.press('back');
  await waitFor(() => !app.frame().includes('Try /ping'));
});

const HOSTILE = 'desc\u001b]8;;https://evil.example\u001b\\link\u001b]0;title\u0007\u001b[8mhid\u200bden';

it("the command's names and descriptions from the server are shown as escapes, not obeyed", async () => {
  const command = makeCommand({ name: 'ping', description: HOSTILE, options: [{ type: 3, name: 'what', description: `opt${HOSTILE}`, required: true }] });
  const app = await renderApp(new FakeApi([command]), { columns: 200, rows: 30 });
  cleanup = app.unmount;
  await app.waitForText('ping');
  await app.press('tryCommand');
  await app.waitForText('Try /ping');
  await app.waitForText('\\x1b]8;;https://evil.example');
  await app.waitForText('optdesc\\x1b]8;;');
  expect(app.frame()).not.toMatch(/\u001b\]|\u001b\[8m|\u0007|\u200b/);
});
