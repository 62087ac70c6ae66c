/**
 * The TUI draws a server's hostile strings as visible escapes: no OSC, no CSI, no C1, no bidi override, no
 * zero-width character reaches the terminal; and no credential it holds, whatever text quotes it.
 */
import { expect, it } from 'vitest';
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { registerSecret } from '../../source/terminal/redact-secrets.js';

const HOSTILE = 'desc\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\\u009b31m\u202eevil\u001b]0;title\u0007\u001b[8mhid\u200bden\u2060\ufeff';

it('list, detail and guild picker show escapes instead of obeying them', async () => {
  const api = new FakeApi([makeCommand({ name: 'ping', description: HOSTILE })]);
  api.guilds = [{ id: '200000000000000002', name: `Guild\u001b[2J\u202e` }];
  const app = await renderApp(api, { columns: 160, rows: 30 });
  await app.waitForText('ping');
  await app.pressAndWait('open', '\\x1b]8;;https://evil.example');
  await app.waitForText('\\x1b[8mhid\\u200bden');
  expect(app.frame()).not.toMatch(/\u001b\]|\u001b\[8m|\u009b|\u202e|\u0007|\u200b|\u2060|\ufeff/);
  await app.press('back');
  await app.pressAndWait('scope', 'Guild\\x1b[2J\\u202e');
  expect(app.frame()).not.toMatch(/\u001b\[2J|\u202e/);
});

it('a credential this process holds, quoted by a server or a message, is drawn as ****', async () => {
  registerSecret('fake-held-token-for-the-tui-0123');
  const api = new FakeApi([makeCommand({ name: 'ping', description: 'echoes fake-held-token-for-the-tui-0123 back' })]);
  const app = await renderApp(api, { columns: 160, rows: 30 });
  await app.waitForText('ping');
  await app.pressAndWait('open', 'echoes **** back');
  expect(app.frame()).not.toContain('fake-held-token');
});
