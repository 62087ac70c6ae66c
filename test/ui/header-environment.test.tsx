/** The header says which exported DISCORD_* variable the session uses or set aside, by the rule every command follows. */
import { expect, it } from 'vitest';
import { renderApp } from './helpers/app.js';
import { FakeApi, fakeSession, makeCommand } from './helpers/fake-api.js';

it.each([
  ['from DISCORD_BOT_TOKEN', /via bot token \(from DISCORD_BOT_TOKEN\)/],
  ["DISCORD_BOT_TOKEN not used: not this app's", /via bot token \(DISCORD_BOT_TOKEN not used: not this app's\)/],
])('beside how it is signed in: %s', async (environmentNote, shown) => {
  const api = new FakeApi([makeCommand({ name: 'ping' })]);
  const app = await renderApp(api, { columns: 120, rows: 16 }, fakeSession(api, { target: { label: 'test server', environmentNote } }));
  await app.waitForText('ping');
  expect(app.frame().split('\n')[0]).toMatch(shown);
});

it('says nothing of the environment when it gives nothing', async () => {
  const api = new FakeApi([makeCommand({ name: 'ping' })]);
  const app = await renderApp(api, { columns: 120, rows: 16 }, fakeSession(api));
  await app.waitForText('ping');
  expect(app.frame().split('\n')[0]).not.toContain('DISCORD_');
});
