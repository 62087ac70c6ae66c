/** 403 / 50001 on a guild: the TUI shows the address that installs the app there, whole. */
import { expect, it } from 'vitest';
import { discordApiErrorFrom } from '../../source/api/discord-error.js';
import { appInstallUrl } from '../../source/discord/install-url.js';
import { renderApp } from './helpers/app.js';
import { APP_ID, FakeApi, GUILD_ID, makeCommand } from './helpers/fake-api.js';

it('a guild whose app was removed shows the install address with the bot scope (a bot token is in use)', async () => {
  const api = new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' })]);
  // Wide enough that the address stays on one line for the assertion; wrapping is the view's job.
  const app = await renderApp(api, { columns: 260, rows: 30 });
  await app.waitForText('ping');
  const body = JSON.stringify({ message: 'Missing Access', code: 50001 });
  api.failNext = discordApiErrorFrom(403, body, 'GET', `/applications/${APP_ID}/guilds/${GUILD_ID}/commands`, { origin: 'https://discord.com', authKind: 'bot' });
  await app.pressAndWait('scope', 'Test Guild');
  await app.chord('down');
  await app.chord('enter');
  const url = appInstallUrl({ origin: 'https://discord.com', applicationId: APP_ID, guildId: GUILD_ID, withBot: true });
  expect(url).toBe(`https://discord.com/oauth2/authorize?client_id=${APP_ID}&scope=bot%20applications.commands&guild_id=${GUILD_ID}&disable_guild_select=true`);
  await app.waitForText(url);
  expect(app.frame()).toContain('Missing Access');
});

it('at 80 columns the install address is one line of its own, whole and nothing else on it, and u puts it on the clipboard (OSC 52)', async () => {
  const api = new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' })]);
  const app = await renderApp(api, { columns: 80, rows: 30 });
  await app.waitForText('ping');
  api.failNext = discordApiErrorFrom(403, JSON.stringify({ message: 'Missing Access', code: 50001 }), 'GET', `/applications/${APP_ID}/guilds/${GUILD_ID}/commands`, { origin: 'https://discord.com', authKind: 'bot' });
  await app.pressAndWait('scope', 'Test Guild');
  await app.chord('down');
  await app.chord('enter');
  const url = appInstallUrl({ origin: 'https://discord.com', applicationId: APP_ID, guildId: GUILD_ID, withBot: true });
  await app.waitForText('copies the address');
  // Written whole on one line, longer than the screen: the terminal wraps it, so selecting it copies one line.
  expect(app.frame().split('\n').find((line) => line.startsWith('https://'))?.trimEnd()).toBe(url);
  await app.chord('u');
  const copy = `\u001b]52;c;${Buffer.from(url).toString('base64')}\u0007`;
  await app.waitForText('Sent the address to the clipboard');
  expect(app.stdout.frames).toContain(copy);
});
