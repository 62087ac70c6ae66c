/**
 * The Try screen and the bot's form on small terminals, end to end: `cmd-tui serve` with the example HTTP
 * bot (examples/interactions-bot.mjs) and the built binary in tmux at 60×14 and 40×12. The form and Send
 * are on screen; the bot's form shows every field and Submit, takes a paragraph on two lines, and is
 * submitted, and its reply scrolls to its top and back (pgup/pgdn); ctrl+c with something typed asks before
 * quitting. Then the demo's Try, whose emulator details fold into one line (at 40×12, and at 80×24 once a
 * reply needs the rows) and open on demand with the key and token whole.
 */
import { describe, expect, it } from 'vitest';
import { bindingOf, type Action } from '../../source/ui/input/key-bindings.js';
import { useServe } from '../helpers/serve.js';
import { useInteractionsBot } from './helpers/interactions-bot.js';
import { pressKey } from './helpers/try-screen.js';
import { useTuiRuns } from './helpers/tui-run.js';
import type { TmuxSession } from './helpers/tmux.js';

const serve = useServe(['--seed', 'empty']);
const runs = useTuiRuns();

useInteractionsBot(serve, [
  { name: 'feedback', description: 'A form' },
  { name: 'weather', description: 'The forecast', options: [{ type: 3, name: 'city', description: 'Which city', required: true, autocomplete: true }, { type: 4, name: 'days', description: 'How many', min_value: 1, max_value: 7 }] },
]);

/** Every line of the screen fits the terminal: nothing pushed off the top. */
function fits(screen: string, size: { columns: number; rows: number }): void {
  expect(screen.trimEnd().split('\n').length).toBeLessThanOrEqual(size.rows);
}

async function openTry(size: { columns: number; rows: number }, name: string): Promise<TmuxSession> {
  const tui = runs.start(['--api', serve().baseUrl], size, { DISCORD_BOT_TOKEN: serve().botToken, CMD_TUI_EMULATOR_SECRET: serve().controlSecret });
  await tui.waitFor((screen) => /^\s*▸?slash\s/m.test(screen), 'the command list', 20_000);
  await pressKey(tui, 'filter', 'list');
  await tui.type(name);
  await pressKey(tui, 'filterDone', 'filter');
  await pressKey(tui, 'tryCommand', 'list');
  // The member and channel the client starts with are chosen once the guild is read.
  await tui.waitFor((screen) => /\[ Send \]/.test(screen) && !screen.includes('Choose the member'), 'the form with Send', 20_000);
  return tui;
}

/** The demo's Try on /ping, as drawn right after t (the guild may still be being read). */
async function openDemoTry(size: { columns: number; rows: number }): Promise<TmuxSession> {
  const tui = runs.start(['--demo'], size);
  await tui.waitFor((screen) => /^\s*▸?slash\s/m.test(screen), 'the command list', 20_000);
  await tui.filterTo('ping');
  await pressKey(tui, 'tryCommand', 'list');
  return tui;
}

/** The chord of `action` on the Try screen, by the key table. */
const tryKey = (action: Action) => bindingOf(action, 'try').keys[0] ?? '';

describe.each([
  { columns: 60, rows: 14 },
  { columns: 40, rows: 12 },
])('at $columns×$rows', (size) => {
  it('Try shows the form and Send; the bot’s form shows every field and Submit, takes a paragraph on two lines, and is submitted', { timeout: 90_000 }, async () => {
    const tui = await openTry(size, 'feedback');
    const form = tui.screen();
    expect(form).toMatch(/In channel\s+#general/);
    expect(form).toContain('[ Send ]');
    fits(form, size);

    await pressKey(tui, 'send');
    const modal = await tui.waitFor((screen) => screen.includes('a form from Pixel Pal') && screen.includes('[ Submit ]'), 'the bot’s form', 15_000);
    for (const field of ['Topic*', 'Details', '[ Submit ]']) expect(modal).toContain(field);
    fits(modal, size);
    await tui.type('Buttons');
    await pressKey(tui, 'nextField');
    await tui.type('first line');
    await tui.key('enter');
    await tui.type('second');
    const typed = await tui.waitFor((screen) => screen.includes('second'), 'the paragraph’s second line');
    // Two lines, each on a row of its own, and Submit still there.
    expect(typed).toMatch(/first line\s*\n[^\n]*second/);
    expect(typed).toContain('[ Submit ]');
    fits(typed, size);
    await pressKey(tui, 'send');
    // The bot answers with what was typed; the reply's newest lines are in view under the rule (at 40×12, its last two).
    const answered = await tui.waitFor((screen) => /──[\s\S]*first line\s*\n\s*second/.test(screen) && !screen.includes('[ Submit ]') && !screen.includes('Waiting for'), 'the bot’s answer to the form', 15_000);
    fits(answered, size);
    // The reply scrolls: pgup reaches its top (what was submitted, the bot's thanks), pgdn its newest lines again.
    const top = await tui.stepUntil(tryKey('pageUp'), (screen) => /reply lines 1–/.test(screen), 16);
    expect(top).toMatch(/reply lines 1–/);
    // As `cmd-tui try` runs it (discord/try-place.ts): the app's owner, in the first channel they may use it in.
    expect(top).toContain('/feedback as @Ada (admin) in #general');
    fits(top, size);
    await tui.stepUntil(tryKey('pageDown'), (screen) => /lines \d+–(\d+) of \1 /.test(screen), 16);
    await tui.waitFor((screen) => /lines \d+–(\d+) of \1 /.test(screen) && screen.includes('second'), 'the newest lines again');
  });

  it('ctrl+c on a typed Try form asks before quitting; Cancel keeps what was typed', { timeout: 60_000 }, async () => {
    const tui = await openTry(size, 'weather');
    await tui.type('Lyon');
    await tui.waitForText('Lyon');
    // The bot's suggestions are asked for a moment after the last key: let them land, so ctrl+c cancels no request.
    await tui.waitFor((screen) => screen.includes('suggested') || screen.includes('no suggestions'), 'the suggestions', 15_000);
    await tui.key('ctrl+c');
    const asked = await tui.waitFor((screen) => screen.includes('Quit cmd-tui?'), 'the question');
    expect(asked).toContain('Cancel');
    expect(tui.running()).toBe(true);
    await tui.key('esc');
    await tui.waitFor((screen) => !screen.includes('Quit cmd-tui?') && screen.includes('Lyon'), 'the form, as it was');
    expect(tui.running()).toBe(true);
  });
});

it('the demo’s Try at 40×12: the emulator’s details fold into one line, and ctrl+b lists them with the public key and token whole or behind enter', { timeout: 60_000 }, async () => {
  const size = { columns: 40, rows: 12 };
  const tui = await openDemoTry(size);
  const folded = await tui.waitFor((screen) => screen.includes('[ Send ]') && screen.includes('ctrl+b connect a bot'), 'the form with the folded details', 20_000);
  expect(folded).not.toContain('API URL ');
  fits(folded, size);
  await tui.waitFor((screen) => !screen.includes('Reading the members'), 'the guild read');
  await pressKey(tui, 'connectBot');
  const details = await tui.waitForText('Connect your bot to this emulator');
  expect(details).toMatch(/^ {2}http:\/\/127\.0\.0\.1:\d+\/api\/v10$/m);
  fits(details, size);
  // Nothing to copy is broken across rows: the 64-character key and the 72-character Discord-shaped token are
  // elided to one row each, enter copying them whole.
  await pressKey(tui, 'down', 'emulator-details');
  await pressKey(tui, 'down', 'emulator-details');
  const key = await tui.waitFor((screen) => /▸ Public key\s+enter copies it whole/.test(screen), 'the public key selected');
  expect(key).toMatch(/^ {2}[0-9a-f]+…[0-9a-f]+$/m);
  await pressKey(tui, 'down', 'emulator-details');
  const token = await tui.waitFor((screen) => /▸ Bot token\s+enter copies it whole/.test(screen), 'the token selected');
  expect(token).toMatch(/^ {2}[\w-]+…[\w.-]+$/m);
  await pressKey(tui, 'back', 'emulator-details');
  await tui.waitFor((screen) => screen.includes('[ Send ]') && !screen.includes('Connect your bot'), 'the form again');
});

it('the demo’s Try at 80×24 after a send: the details fold, so the title, Server and Language stay above the reply', { timeout: 60_000 }, async () => {
  const size = { columns: 80, rows: 24 };
  const tui = await openDemoTry(size);
  // The member and channel the client starts with are chosen once the guild is read: where `cmd-tui try` runs /ping in the demo.
  await tui.waitFor((screen) => screen.includes('API URL') && /In channel\s+#bot-commands/.test(screen) && !screen.includes('Choose the member'), 'the form under the details, unfolded', 20_000);
  await pressKey(tui, 'send');
  // The reply comes with the details folded to give it rows (the form asks for them in the render that draws it).
  const replied = await tui.waitFor((screen) => screen.includes('The demo has no bot') && screen.includes('connect a bot (URLs'), 'the reply under the folded details', 15_000);
  expect(replied).toContain('Try /ping');
  expect(replied).toMatch(/Server\s+Pixel Pal HQ/);
  expect(replied).toMatch(/Language\s+en-US/);
  expect(replied).toContain('ctrl+b connect a bot');
  fits(replied, size);
});
