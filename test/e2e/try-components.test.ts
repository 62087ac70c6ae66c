/**
 * Buttons and forms end to end, every piece a real process over real HTTP on 127.0.0.1: `cmd-tui serve`,
 * the example HTTP bot (examples/interactions-bot.mjs, the unmodified `discord-interactions` package) as its
 * interactions endpoint, and the built binary — in tmux (the reply's button pressed and its message updated
 * in place; the form the bot opens filled in, held to its rules, submitted, or closed with esc and nothing
 * sent) and from the command line (`--click`, `--modal`). The discord.js gateway bot does the same in
 * gateway-bot.test.ts.
 */
import { expect, it } from 'vitest';
import type { Action } from '../../source/ui/input/key-bindings.js';
import { runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { useInteractionsBot } from './helpers/interactions-bot.js';
import type { TmuxSession } from './helpers/tmux.js';
import { openTry as openTryScreen, pressKey } from './helpers/try-screen.js';
import { useTuiRuns } from './helpers/tui-run.js';

const serve = useServe(['--seed', 'empty']);
const runs = useTuiRuns();

useInteractionsBot(serve, [
  { name: 'counter', description: 'A count with buttons' },
  { name: 'feedback', description: 'A form' },
]);

const cli = (...args: string[]) => runCli([...args, '--api', serve().baseUrl], { env: { CMD_TUI_EMULATOR_SECRET: serve().controlSecret } });
const press = pressKey;
const openTry = (name: string) => openTryScreen(runs, serve(), name, { columns: 100, rows: 34 });

/** The line drawn inverse (the focus), as the terminal shows it now. */
const focusedLine = (tui: TmuxSession) => tui.screen({ colours: true }).split('\n').find((line) => line.includes('\u001b[7m')) ?? '';

/**
 * tab onto the reply's buttons (shift+tab once tab moves no further) until `label` has focus (drawn
 * inverse); after each key it waits for the focus to move, so a screen drawn late is never taken for the
 * focus now.
 */
async function focusButton(tui: TmuxSession, label: string): Promise<void> {
  let action: Action = 'nextField';
  for (let step = 0; step < 24; step++) {
    const before = focusedLine(tui);
    if (before.includes(`[${label}]`)) return;
    await press(tui, action);
    const moved = await tui.waitFor(() => focusedLine(tui) !== before, 'the focus to move', 3000).then(() => true, () => false);
    if (!moved) action = 'prevField';
  }
  throw new Error(`[${label}] never had focus:\n${tui.screen()}`);
}

/** /counter tried in the TUI: the bot's reply, with its buttons, on screen. */
async function counterReply(): Promise<TmuxSession> {
  const tui = await openTry('counter');
  await press(tui, 'send');
  await tui.waitForText('Count: 0', 15_000);
  return tui;
}

it('the TUI: a button on the reply updates its message in place; a link button opens nothing and says its URL', { timeout: 90_000 }, async () => {
  const tui = await counterReply();
  await focusButton(tui, 'Docs');
  await press(tui, 'activate');
  // The status wraps where the terminal is narrow: read as one text.
  await tui.waitFor((screen) => /\[Docs\] is a link button: the client opens https:\/\/discord\.com\/developers\/docs\/components\/reference\s+in the browser and sends the bot nothing/.test(screen), 'the link button saying its URL');
  await focusButton(tui, 'Add one');
  await press(tui, 'activate');
  const screen = await tui.waitForText('Count: 1', 15_000);
  // In place: the message is drawn once, where it was, now updated; the press is said after it.
  expect(screen).not.toContain('Count: 0');
  expect(screen.match(/Count: \d/g)).toHaveLength(1);
  expect(screen.indexOf('Count: 1')).toBeLessThan(screen.indexOf('▸ pressed [Add one]'));
});

it('the TUI: a form the bot opens is filled in, held to its rules, and submitted', { timeout: 90_000 }, async () => {
  const tui = await openTry('feedback');
  await press(tui, 'send');
  await tui.waitFor((screen) => screen.includes('a form from Pixel Pal') && screen.includes('What is it about?'), 'the form', 15_000);
  expect(tui.screen()).toMatch(/Topic\*\s+3–40 · 0\/40/);
  await tui.type('Hi');
  await press(tui, 'send');
  await tui.waitForText('✗ Topic must be at least 3 characters (it has 2)');
  await tui.type('!!');
  await press(tui, 'nextField');
  await tui.waitFor((screen) => /▸ Details[^\n]*\n[^\n]*Anything else/.test(screen), 'focus on Details');
  await tui.type('From tmux');
  await press(tui, 'send');
  await tui.waitForText('Thanks for your feedback on Hi!!: From tmux', 15_000);
  expect(tui.screen()).toContain('▸ submitted "Feedback"');
});

it('the TUI: esc on a form closes it and sends nothing', { timeout: 90_000 }, async () => {
  const tui = await counterReply();
  await focusButton(tui, 'Feedback');
  await press(tui, 'activate');
  await tui.waitForText('a form from Pixel Pal', 15_000);
  // Typed text showing in the field says the form takes keys; esc then closes it, the text unsent.
  await tui.type('Unsent');
  await tui.waitFor((screen) => /▸ Topic[^\n]*\n[^\n]*\n[^\n]*Unsent/.test(screen), 'the text in the focused field');
  // Something typed: esc asks first, focus on Cancel; Close it drops it.
  await press(tui, 'back');
  await tui.waitForText('without submitting?');
  await press(tui, 'toggleButton', 'confirm');
  await press(tui, 'confirm', 'confirm');
  const closed = await tui.waitFor((screen) => !screen.includes('a form from Pixel Pal') && screen.includes('Count: 0'), 'the Try screen again, the form closed');
  expect(closed.replace(/\s+/g, ' ')).toContain('Closed "Feedback" without submitting it: nothing was sent to Pixel Pal');
  expect(tui.screen()).not.toContain('submitted');
  expect(tui.screen()).not.toContain('Unsent');
});

it('the CLI: --click presses the button and prints the message as updated', { timeout: 30_000 }, async () => {
  const { stdout, stderr, code } = await cli('try', 'counter', '--click', 'add');
  expect(stderr).toBe('');
  expect(stdout).toMatch(/Pixel Pal · reply\n {2}Count: 0\n {2}\[Add one\] \(primary button\)\n[\s\S]*▸ pressed \[Add one\] \(add\)\nPixel Pal · message updated\n {2}Count: 1\n/);
  expect(code).toBe(0);
});

it('the CLI: --modal fills in and submits the form, at the command or after --click; a field too short is refused', { timeout: 30_000 }, async () => {
  const direct = await cli('try', 'feedback', '--modal', 'topic=Buttons', '--modal', 'details=Work offline');
  expect(direct.stdout).toMatch(/Pixel Pal opened a form: Feedback\n {2}Topic\* \(topic\) · short · 3–40 characters · What is it about\?\n[\s\S]*▸ submitted "Feedback"\nPixel Pal · reply\n {2}Thanks for your feedback on Buttons: Work offline\n$/);
  expect(direct.code).toBe(0);
  const clicked = await cli('try', 'counter', '--click', 'feedback', '--modal', 'topic=Counters', '--json');
  const result = JSON.parse(clicked.stdout) as { ok: boolean; then: { interaction: { type: number; data: Record<string, unknown> }; reply: { original?: { content: string } } }[] };
  expect(result.ok).toBe(true);
  expect(result.then.map((step) => step.interaction.type)).toEqual([3, 5]);
  expect(result.then[1]!.interaction.data).toMatchObject({ custom_id: 'feedback-form', components: [{ type: 18, component: { custom_id: 'topic', value: 'Counters' } }, { type: 18, component: { custom_id: 'details', value: '' } }] });
  expect(result.then[1]!.reply.original?.content).toBe('Thanks for your feedback on Counters.');
  const short = await cli('try', 'feedback', '--modal', 'topic=Hi');
  expect(short.stderr).toContain('cmd-tui try: Discord\'s client would not submit "Feedback"\n  Topic must be at least 3 characters (it has 2)\n');
  expect(short.code).toBe(1);
});
