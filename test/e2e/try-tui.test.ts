/**
 * The TUI's Try screen end to end, every piece a real process over real HTTP on 127.0.0.1: `cmd-tui
 * serve`, the example bot (examples/interactions-bot.mjs, the unmodified `discord-interactions`
 * package) as its interactions endpoint, and the built binary in tmux: `t` on a command in the list,
 * an option filled in, the bot's autocomplete suggestions picked from, the reply as the client shows
 * it (a deferred one with its follow-up, an ephemeral one with an embed and a button), and Discord's words
 * when the bot is too slow.
 */
import { expect, it } from 'vitest';
import { useServe } from '../helpers/serve.js';
import { expectDeferredReply, useInteractionsBot } from './helpers/interactions-bot.js';
import { openTry as openTryScreen, pressKey } from './helpers/try-screen.js';
import { useTuiRuns } from './helpers/tui-run.js';

const serve = useServe(['--seed', 'empty']);
const runs = useTuiRuns();

const COMMANDS = [
  { name: 'ping', description: 'Replies with Pong!' },
  { name: 'later', description: 'Thinks, then answers' },
  { name: 'slow', description: 'Answers too late' },
  { name: 'secret', description: 'Only for you' },
  { name: 'weather', description: 'The forecast', options: [{ type: 3, name: 'city', description: 'Which city', required: true, autocomplete: true }, { type: 4, name: 'days', description: 'How many', min_value: 1, max_value: 7 }] },
];

useInteractionsBot(serve, COMMANDS);

const press = pressKey;
const openTry = (name: string) => openTryScreen(runs, serve(), name);

it('t on a command, an option filled in, ctrl+s: the bot answers and its reply shows as the client shows it', { timeout: 60_000 }, async () => {
  const tui = await openTry('weather');
  // The client lays the options out required first, with their limits; city has focus.
  expect(tui.screen()).toMatch(/▸ city\*[^\n]*Which city · STRING · suggested by the bot as you type/);
  expect(tui.screen()).toMatch(/days\s+—\s+How many · INTEGER · 1–7/);
  await tui.type('paris');
  // A value out of range is held to the client's rule on its row, and keeps Send from sending.
  await press(tui, 'nextField');
  await tui.type('9');
  await tui.waitForText('✗ option "days" (INTEGER) must be from 1 to 7, not 9');
  await press(tui, 'send');
  await tui.waitForText("Discord's client would not send /weather yet");
  await tui.key('backspace');
  await tui.type('3');
  await tui.waitFor((screen) => !screen.includes('✗ option "days"'), 'the problem to go once the value fits');
  await press(tui, 'send');
  const screen = await tui.waitForText('Sunny in paris.', 15_000);
  expect(screen).toMatch(/\/weather as @\S+.* in #general\n\S.* · reply\n\s+Sunny in paris\./);
});

it("an autocomplete round trip: typing asks the bot, its choices are shown and picked from, and the pick is what is sent", { timeout: 60_000 }, async () => {
  const tui = await openTry('weather');
  await tui.type('P');
  await tui.waitForText('suggested: Paris · Pau · Porto · Prague', 15_000);
  await press(tui, 'activate');
  await tui.waitForText('The bot suggests');
  await press(tui, 'down', 'picker');
  await press(tui, 'select', 'picker');
  await tui.waitFor((screen) => /▸ city\*\s+pau\b/.test(screen), 'the picked value in the field');
  await press(tui, 'send');
  await tui.waitForText('Sunny in pau.', 15_000);
});

it('a deferred reply shows "thinking…", then the reply, then the follow-up, in that order', { timeout: 60_000 }, async () => {
  const tui = await openTry('later');
  await press(tui, 'activate');
  const screen = await tui.waitForText('And one more thing.', 15_000);
  expectDeferredReply(screen);
});

it('an ephemeral reply is marked, its embed drawn as a box and its button listed', { timeout: 60_000 }, async () => {
  const tui = await openTry('secret');
  await press(tui, 'send');
  const screen = await tui.waitForText('[Refresh] (primary button)', 15_000);
  expect(screen).toMatch(/· reply \(Only you can see this\)\n\s+Only you can see this\.\n\s+┌─ embed\n\s+│ Your stats\n\s+│ Level 3\n\s+│ XP: 1200\n\s+└─\n\s+\[Refresh\] \(primary button\)/);
});

it("a bot that misses the 3-second deadline gives Discord's message", { timeout: 60_000 }, async () => {
  const tui = await openTry('slow');
  await press(tui, 'send');
  await tui.waitForText('The application did not respond', 15_000);
  expect(tui.screen()).not.toContain('Too late.');
});
