/**
 * Every screen holds up in a real terminal (issue 20, the screens): the built binary in tmux against
 * the emulator over real HTTP, walked at 120×36 and 80×24, and its dialogs at 40×12. Dialogs keep
 * their title and buttons on screen and scroll; problems and Discord's answers wrap (code and message
 * first, the route once); a status goes with the next action; closing a reopened $EDITOR file without
 * changes cancels; the editor checks inline what save checks, counts warnings and reviews a plain edit;
 * numbers stay as typed; help comes from the key table in the editor too and ctrl+n finds the next
 * problem; space toggles multi pickers; the filter ranks the exact name first and another scope starts
 * unfiltered; the locale picker names languages and filters as you type.
 */
import { describe, expect, it } from 'vitest';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { call, useEmulator } from '../helpers/emulator.js';
import { openGuildScope } from './helpers/scope.js';
import type { TmuxSession } from './helpers/tmux.js';
import { useTuiRuns } from './helpers/tui-run.js';

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();
let tui: TmuxSession | undefined;

/**
 * The TUI at one size, as a user starts it, with a bot token and an $EDITOR that breaks the JSON on the
 * first save and changes nothing the next time (as `:q!` would).
 */
async function open(columns: number, rows: number): Promise<TmuxSession> {
  const running = emulator();
  tui = runs.start(['--api', running.baseUrl], { columns, rows }, { DISCORD_BOT_TOKEN: running.botToken, EDITOR: `sed -i 's/"name": "ping"/"name": "ping/'` });
  await tui.waitForText('avatar');
  return tui;
}

const press = (action: Action) => tui!.press(action);

/** The screen's text without borders and line breaks, to read a wrapped message whole. */
function flat(screen: string): string {
  return screen.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
}

/** Every row fits the terminal: nothing wraps past the edge or scrolls the screen. */
function expectFits(screen: string, columns: number, rows: number): void {
  const lines = screen.replace(/\n+$/, '').split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  expect(lines[0]).toContain('cmd-tui');
}

describe.each([
  [120, 36, 'coinflip'],
  [80, 24, 'meme'],
])('at %i×%i', (columns, rows, doomed) => {
  it('walks the dialogs, messages, inline checks, keys and help', async () => {
    const t = await open(columns, rows);

    // $EDITOR: closing the reopened file without changes cancels (no endless reopening), and that
    // status belongs to its action: it goes with the next dialog.
    await tui!.filterTo('ping');
    await press('editJson');
    await t.waitForText('The edit of ping was closed without changes: cancelled, nothing was sent.');
    await press('scope');
    await t.waitForText('Pick a scope');
    expect(t.screen()).not.toContain('closed without changes');
    await t.key('esc');
    await t.key('esc'); // clears the kept filter

    // The filter ranks the exact name first: /remind, not /birthday (whose description mentions reminders).
    await tui!.filterTo('remind');
    await press('open');
    await t.waitForText('/remind  CHAT_INPUT');
    await press('back');
    await t.key('esc');

    // A long preview: the title and both buttons stay, the body scrolls with a marker.
    await press('copyScope');
    await t.waitForText('Pixel Pal HQ');
    await t.key('down');
    await t.key('enter');
    let screen = await t.waitFor((s) => /lines 1–\d+ of \d+ \(↑↓ pgup pgdn\)/.test(s), 'the preview marker');
    expect(screen).toContain('Copy every command of Global into');
    expect(screen).toMatch(/▸ Cancel {2,}Copy/);
    await t.key('pgdn');
    screen = await t.waitFor((s) => !/lines 1–/.test(s), 'the preview to scroll');
    expect(screen).toMatch(/▸ Cancel {2,}Copy/);
    expectFits(screen, columns, rows);
    await t.key('esc');

    // Inline: a second entry point is refused while it is made, not by Discord.
    await press('new');
    await t.waitForText('New command in Global');
    await t.key('up');
    await press('activate');
    await t.waitForText('Command type');
    for (let i = 0; i < 3; i++) await t.key('down');
    await t.key('enter');
    await t.waitForText('type: PRIMARY_ENTRY_POINT');
    await t.waitFor((s) => flat(s).includes('2 PRIMARY_ENTRY_POINT commands: an app has at most 1; keep one'), 'the entry point count problem');
    // Help from the same key table, inside the editor.
    await t.key('ctrl+g');
    await t.waitForText('Keys on this screen');
    // The keys that cannot act here come with why, so the list may run past one page.
    for (let page = 0; page < 5 && !t.screen().includes('go to the next problem'); page++) {
      const before = t.screen();
      await t.key('pgdn');
      await t.waitFor((s) => s !== before, 'the help to scroll');
    }
    expect(t.screen()).toContain('go to the next problem');
    await t.key('esc');
    await t.waitForText('New command in Global');
    await press('cancel');
    await t.waitForText('Discard your unsaved changes?');
    await press('toggleButton');
    await press('confirm');

    // Inline: a rename into a taken name, and a long problem wrapped with its fix whole.
    await tui!.filterTo('avatar');
    await press('edit');
    await t.waitForText('Edit avatar in Global');
    for (let i = 0; i < 'avatar'.length; i++) await t.key('backspace');
    await t.type('ban');
    await t.waitFor((s) => flat(s).includes('CHAT_INPUT command `ban` is already defined at /ban (CHAT_INPUT): names are unique per type in a scope'), 'the duplicate name problem');
    await t.type(' Now');
    await t.waitFor((s) => flat(s).includes('use only lowercase letters, numbers, `-`, `_` and `ʼ` (U+02BC), no spaces'), 'the whole fix');
    for (let i = 0; i < 4; i++) await t.key('backspace');
    for (let i = 0; i < 3; i++) await t.key('backspace');
    await t.type('avatar');
    // Translations: languages named, filtered as typed, the new row under its field.
    await press('addLocalization');
    await t.waitForText('Add a translation of name');
    await t.type('japan');
    await t.waitFor((s) => /▸ ja {2}Japanese/.test(s) && !s.includes('Indonesian'), 'the filtered locale list');
    await t.key('enter');
    await t.type('abata');
    await t.waitFor((s) => /name: avatar\n▸ {3}name \[ja Japanese\]: abata/.test(s), 'the translation under the name');
    // A plain edit is reviewed field by field before the PATCH.
    await press('save');
    await t.waitForText('Save avatar?');
    screen = await t.waitFor((s) => flat(s).includes('name_localizations: (none) → {"ja":"abata"}'), 'the field-by-field review');
    expect(screen).toContain('▸ Cancel');
    await t.key('esc');

    // Discord's answer wraps to the width: its code and message first, the route once.
    const running = emulator();
    const all = (await call(running, 'GET', `/applications/${running.applicationId}/commands`, { auth: `Bot ${running.botToken}` })).body as { id: string; name: string }[];
    const target = all.find((c) => c.name === doomed)!;
    await press('cancel');
    await t.waitForText('Discard your unsaved changes?');
    await press('toggleButton');
    await press('confirm');
    await t.key('esc');
    await tui!.filterTo(doomed);
    await press('edit');
    await t.waitForText(`Edit ${doomed} in Global`);
    await press('nextField');
    await t.type('!');
    await call(running, 'DELETE', `/applications/${running.applicationId}/commands/${target.id}`, { auth: `Bot ${running.botToken}` });
    await press('save');
    await t.waitForText(`Save ${doomed}?`);
    await press('toggleButton');
    await press('confirm');
    screen = await t.waitFor((s) => flat(s).includes('Discord 10063: Unknown application command'), "Discord's answer");
    const route = `/applications/${running.applicationId}/commands/${target.id}`;
    expect(flat(screen)).toContain(`(HTTP 404 to PATCH ${route})`);
    expect(flat(screen).split(route).length).toBe(2);
    expectFits(screen, columns, rows);
    await press('cancel');
    await t.waitForText('Discard your unsaved changes?');
    await press('toggleButton');
    await press('confirm');

    // Another guild starts unfiltered, and with no status left from Global.
    await t.key('esc');
    await tui!.filterTo('ping');
    await openGuildScope(t, 'Pixel Pal HQ');
    await t.waitForText('deploy');
    expect(t.screen()).not.toMatch(/^\/ ping/m);
    await press('quit');
  }, 120_000);

  it('counts warnings in the editor header, toggles multi pickers with space, keeps numbers as typed, and ctrl+n finds the next problem', async () => {
    const t = await open(columns, rows);
    await press('new');
    await t.waitForText('New command in Global');
    await t.type('e2e-warn');
    await press('nextField');
    await t.type('Warns');
    // PRIVATE_CHANNEL without the user install: a warning, counted in the header.
    for (let i = 0; i < 3; i++) await press('nextField');
    await t.waitForText('▸ contexts:');
    await press('activate');
    await t.waitForText('Interaction contexts');
    for (let i = 0; i < 4; i++) await t.key('down');
    await t.key('space');
    await t.waitForText('[x] PRIVATE_CHANNEL');
    await t.key('esc');
    await press('nextField');
    await press('activate');
    await t.waitForText('Integration types');
    for (let i = 0; i < 2; i++) await t.key('down');
    await t.key('space');
    await t.waitForText('[x] GUILD_INSTALL');
    await t.key('esc');
    await t.waitFor((s) => /New command in Global \(unsaved\) {2}1 warning/.test(s), 'the warning counted in the header');
    expect(flat(t.screen())).toContain('! 2 (PRIVATE_CHANNEL) only works for user-installed commands');
    // An INTEGER option: its min value keeps the typed digits, and one past 2^53 is named with Discord's bounds.
    await press('addOption');
    await t.waitForText('option 1 type: STRING');
    await press('prevField');
    await press('activate');
    await t.waitForText('Option type');
    // It opens on the option's type, STRING; INTEGER is next.
    await t.key('down');
    await t.key('enter');
    await t.waitForText('option 1 type: INTEGER');
    // ctrl+n goes to the next field with a problem under it: the option's empty name; from the last, it wraps to the warned contexts.
    await t.waitForText('▸ option 1 type: INTEGER');
    await press('nextProblem');
    await t.waitFor((s) => /▸ {3}name:/.test(s), 'focus on the option name');
    await press('nextProblem');
    await t.waitFor((s) => /▸ {3}description:/.test(s), 'focus on the option description');
    await press('nextProblem');
    await t.waitForText('▸ contexts: PRIVATE_CHANNEL');
    await press('nextProblem');
    await t.waitFor((s) => /▸ {3}name:/.test(s), 'focus on the option name again');
    await t.type('count');
    await press('nextField');
    await t.type('How many');
    for (let i = 0; i < 3; i++) await press('nextField');
    await t.waitForText('▸   min value:');
    await t.type('9007199254740993');
    const screen = await t.waitFor((s) => s.includes('min value: 9007199254740993'), 'the number as typed');
    expect(flat(screen)).toContain('`min_value` is "9007199254740993": use a whole number from -9007199254740991 to 9007199254740991');
    await press('cancel');
    await t.waitForText('Discard your unsaved changes?');
    await press('toggleButton');
    await press('confirm');
    await press('quit');
  }, 120_000);
});

describe.each([
  [120, 36],
  [80, 24],
])('lists and the detail at %i×%i', (columns, rows) => {
  it('pgdn pages a screenful, the footer keeps p, the detail names every localization and says how to pick a guild', async () => {
    const t = await open(columns, rows);
    const footer = t.screen().replace(/\n+$/, '').split('\n').at(-1) ?? '';
    expect(footer).toMatch(/p perm/);
    expect(t.screen()).toMatch(columns >= 90 ? /DESCRIPTION\s+TOP OPTS/ : /DESCRIPTION\s+OPTS/);
    // A page is the rows on screen less one: the last row shown becomes the selection.
    const listed = t.screen().split('\n').filter((line) => /^ [ ▸](slash|user|msg|entry)/.test(line) || /^  (slash|user)/.test(line));
    const lastShown = /^..\S+\s+(\S+)/.exec(listed.at(-1) ?? '')?.[1];
    await t.key('pgdn');
    await t.waitFor((s) => new RegExp(`▸\\S+\\s+${lastShown}\\s`).test(s), `the selection on ${lastShown}`);

    await t.key('g');
    await tui!.filterTo('weather');
    await press('open');
    await t.waitForText('/weather  CHAT_INPUT');
    await press('bottom');
    const detail = await t.waitForText('Overwrites are per guild');
    expect(detail).toContain('ja (Japanese): 都市の現在の天気');
    expect(flat(detail)).toContain("es-ES (Spanish): El tiempo actual de una ciudad");
    expect(flat(detail)).toContain('Overwrites are per guild: back in the list (esc), s picks a guild to see them.');
    await press('back');
    await press('quit');
  }, 60_000);

  it('onboarding names the client id field when what was typed is not an id', async () => {
    const t = runs.start([], { columns, rows });
    await t.waitForText('Try the demo');
    const choices = t.screen().split('\n');
    const steps = choices.findIndex((line) => line.includes('Use client id + secret')) - choices.findIndex((line) => line.includes('Try the demo'));
    for (let i = 0; i < steps; i++) await t.key('down');
    await t.key('enter');
    await t.waitForText('Client id:');
    await t.type('my-app');
    await t.key('tab');
    await t.type('a-secret');
    await t.key('enter');
    const screen = await t.waitFor((s) => flat(s).includes('The client id "my-app" is not an id: paste the Application ID from the Developer Portal'), 'the message naming the field');
    expect(screen).not.toContain('malformed');
    await t.key('esc');
    await t.key('q');
  }, 60_000);
});

describe('at 40×12', () => {
  it('every dialog keeps its title and buttons on screen', async () => {
    const t = await open(40, 12);
    // The copy preview: far longer than the terminal.
    await press('copyScope');
    await t.waitForText('Pixel Pal HQ');
    await t.key('enter');
    let screen = await t.waitFor((s) => /lines 1–\d+ of \d+/.test(s), 'the preview marker');
    expect(flat(screen)).toContain('Copy every command of Global into Pixel Pal HQ?');
    expect(screen).toMatch(/▸ Cancel {2,}Copy/);
    await t.key('end');
    screen = await t.waitFor((s) => /–(\d+) of \1 /.test(s), 'the end of the preview');
    expect(screen).toMatch(/▸ Cancel {2,}Copy/);
    await t.key('esc');
    await t.waitFor((s) => !s.includes('Copy every'), 'the preview to close');

    // Discarding an edit: both buttons whole, one under the other when they do not fit side by side.
    await press('edit');
    await press('nextField');
    await t.type('x');
    await press('cancel');
    screen = await t.waitForText('Discard your unsaved changes?');
    expect(screen).toContain('▸ Cancel');
    expect(screen).toMatch(/^\s*(▸ Cancel +)?Discard\s*$/m);

    await press('toggleButton');
    await press('confirm');
    // Delete: the title and the field to type the name into stay.
    await press('delete');
    screen = await t.waitForText('Delete avatar from Global?');
    expect(screen).toMatch(/^(│ )?>( |$)/m);
    await t.key('esc');

    // The overwrites preview and the discard question of the permissions editor: the same frame.
    // (The header is cut at 40 columns, so the guild is known by its commands.)
    await press('scope');
    await t.waitForText('Pixel Pal HQ');
    await t.key('down');
    await t.key('enter');
    await t.waitForText('deploy');
    await tui!.filterTo('mod-tools');
    await press('permissions');
    await t.waitForText('@Moderator');
    await press('addOverwrite');
    await t.type('Admin');
    await t.key('enter');
    await t.waitForText('@Admin');
    // A bot token cannot save overwrites: the sign-in question, its two long buttons stacked, both whole.
    await press('save');
    screen = await t.waitFor((s) => /▸ Keep editing/.test(s), 'the sign-in question with its buttons');
    expect(flat(screen)).toContain('Saving overwrites needs a user sign-in with the permissions scope');
    expect(screen).toMatch(/^(│ )? {2}(Sign in with the browser|OK)( +│)?$/m);
    expect(screen).not.toContain('space flips'); // the screen's status stays with the screen
    await t.key('esc');
    await press('back');
    screen = await t.waitFor((s) => /▸ Keep editing {2,}Discard/.test(s), 'the discard question with both buttons whole');
    expect(flat(screen)).toContain('Discard the unsaved changes to /mod-tools?');
    await press('toggleButton');
    await press('confirm');
    await press('quit');
  }, 60_000);

  it('the permissions screen gives a status that wraps its rows instead of being drawn over', async () => {
    const t = await open(40, 12);
    // The header is cut at 40 columns: the guild is picked by name and known by its commands.
    await press('scope');
    await t.type('HQ');
    await t.waitForText('▸ Pixel Pal HQ');
    await t.key('enter');
    await t.waitForText('mod-tools');
    await t.filterTo('mod-tools');
    await press('permissions');
    await t.waitForText('Overwrites of /mod-tools');
    await press('toggleOverwrite');
    // Three lines of status at 40 columns.
    await press('refresh');
    const screen = await t.waitForText('ctrl+r would drop');
    const lines = screen.split('\n');
    const title = lines.findIndex((line) => line.startsWith('Overwrites of /mod-tools'));
    expect(title, screen).toBeGreaterThan(0);
    expect(lines[title + 1], screen).toMatch(/^▸~ allow role +@everyone$/);
    expect(flat(screen)).toContain('ctrl+r would drop your unsaved edits: save them (ctrl+s) or leave (esc) first.');
    await press('back');
    await t.waitForText('Discard the unsaved changes');
  }, 60_000);
});
