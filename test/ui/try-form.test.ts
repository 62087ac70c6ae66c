/** The Try form (ui/screens/try/try-form.ts): which rows the client shows, in which order, and the client's rules on each value. */
import { describe, expect, it } from 'vitest';
import type { CommandAccessInput } from '../../source/discord/effective-access.js';
import type { Command, CommandOption } from '../../source/discord/model.js';
import type { GuildDirectory } from '../../source/discord/overwrite-targets.js';
import {
  channelChoices,
  defaultPlace,
  inputKind,
  localized,
  optionHint,
  rowChoices,
  shownValue,
  tryRequest,
  tryRows,
  validChoices,
  type TryForm,
  type TryPlace,
  type TryRow,
} from '../../source/ui/screens/try/try-form.js';
import { currentSuggestions, initialTryState, tryReducer } from '../../source/ui/screens/try/use-try-state.js';
import { appReducer, initialAppState, type Screen } from '../../source/ui/state/app-state.js';

const GUILD = '100000000000000000';
const OWNER = '200000000000000001';
const MEMBER = '200000000000000002';
const MODS = '300000000000000001';
const GENERAL = '400000000000000001';
const VOICE = '400000000000000002';
const NEWS = '400000000000000003';

const directory: GuildDirectory = {
  guildId: GUILD,
  ownerId: OWNER,
  roles: [{ id: GUILD, name: '@everyone', position: 0, permissions: String(1024 + 2 ** 31) }, { id: MODS, name: 'Mods', position: 1, permissions: '8192' }],
  channels: [{ id: GENERAL, type: 0, name: 'general' }, { id: VOICE, type: 2, name: 'Lounge' }, { id: NEWS, type: 5, name: 'news' }],
  members: [{ user: { id: MEMBER, username: 'milo' }, roles: [] }, { user: { id: OWNER, username: 'rin' }, roles: [] }],
};

const option = (type: number, name: string, extra: Partial<CommandOption> = {}): CommandOption => ({ type, name, description: `the ${name}`, ...extra });

const command = (options: CommandOption[], extra: Partial<Command> = {}): Command =>
  ({ id: '500000000000000001', application_id: '600000000000000001', type: 1, name: 'purge', description: 'Delete messages', version: '1', default_member_permissions: null, options, ...extra }) as Command;

const form = (extra: Partial<TryForm> = {}): TryForm => ({ locale: 'en-US', userId: OWNER, channelId: GENERAL, path: [], values: {}, ...extra });
const place: TryPlace = { directory };
const rowsOf = (cmd: Command, filled: TryForm = form(), at: TryPlace = place) => tryRows(cmd, filled, at, false, Date.now());
const optionRows = (rows: TryRow[]) => rows.filter((row): row is Extract<TryRow, { kind: 'option' }> => row.kind === 'option');
const sendRow = (rows: TryRow[]) => rows.find((row): row is Extract<TryRow, { kind: 'send' }> => row.kind === 'send')!;

describe('which rows exist, in the client order', () => {
  it('the place first, then the options with the required ones first (each group in the command order), then Send', () => {
    const rows = rowsOf(command([option(3, 'reason'), option(4, 'count', { required: true }), option(7, 'channel'), option(6, 'user', { required: true })]));
    expect(rows.map((row) => row.key)).toEqual(['locale', 'member', 'channel', 'option:count', 'option:user', 'option:reason', 'option:channel', 'send']);
  });

  it('a server row only where the scope is global', () => {
    expect(tryRows(command([]), form(), place, true, Date.now())[0]!.key).toBe('guild');
    expect(sendRow(tryRows(command([]), form(), place, true, Date.now())).problems).toContain('Choose a server to try it in.');
    expect(rowsOf(command([])).some((row) => row.kind === 'guild')).toBe(false);
  });

  it('a subcommand row per level, and the options only once a subcommand is chosen', () => {
    const cmd = command([option(2, 'config', { options: [option(1, 'set', { options: [option(3, 'key', { required: true })] }), option(1, 'show')] }), option(1, 'reset')]);
    const unchosen = rowsOf(cmd);
    expect(unchosen.map((row) => row.key)).toEqual(['locale', 'member', 'channel', 'level:0', 'send']);
    expect(sendRow(unchosen).problems).toEqual(['/purge needs a subcommand: one of config, reset']);
    const group = rowsOf(cmd, form({ path: ['config'] }));
    expect(group.map((row) => row.key)).toEqual(['locale', 'member', 'channel', 'level:0', 'level:1', 'send']);
    const leaf = rowsOf(cmd, form({ path: ['config', 'set'] }));
    expect(leaf.map((row) => row.key)).toEqual(['locale', 'member', 'channel', 'level:0', 'level:1', 'option:key', 'send']);
    expect(rowChoices(leaf[3]!, form(), place, []).map((choice) => choice.key)).toEqual(['config', 'reset']);
  });
});

describe('each value held to the client rules as it is typed', () => {
  it('STRING length, INTEGER and NUMBER ranges, right on the row', () => {
    const cmd = command([option(3, 'city', { max_length: 5 }), option(4, 'count', { min_value: 1, max_value: 100 }), option(10, 'ratio', { max_value: 1 })]);
    const rows = optionRows(rowsOf(cmd, form({ values: { city: 'Lisbon', count: '150', ratio: '0.5' } })));
    expect(rows[0]!.problem).toBe('option "city" (STRING) must be 0 to 5 characters long, not 6');
    expect(rows[1]!.problem).toBe('option "count" (INTEGER) must be from 1 to 100, not 150');
    expect(rows[2]!.problem).toBeUndefined();
    expect(optionRows(rowsOf(cmd, form({ values: { count: '2.5' } })))[1]!.problem).toBe('option "count" (INTEGER) must be a whole number, not "2.5"');
  });

  it('an empty optional value is no problem; a missing required one keeps Send from sending', () => {
    const rows = rowsOf(command([option(3, 'what', { required: true }), option(3, 'note')]));
    expect(optionRows(rows).map((row) => row.problem)).toEqual([undefined, undefined]);
    expect(sendRow(rows).problems).toEqual(['/purge: option "what" is required']);
    expect(sendRow(rowsOf(command([option(3, 'what', { required: true })]), form({ values: { what: 'x' } }))).problems).toEqual([]);
  });

  it('how each value is taken: choices and booleans picked, guild entities picked, text typed, autocomplete typed with the bot suggesting', () => {
    expect(inputKind(option(3, 'a', { choices: [{ name: 'A', value: 'a' }] }))).toBe('choices');
    expect(inputKind(option(3, 'a', { autocomplete: true }))).toBe('autocomplete');
    expect([5, 6, 7, 8, 9, 11, 3, 4, 10].map((type) => inputKind(option(type, 'a')))).toEqual(['boolean', 'user', 'channel', 'role', 'mentionable', 'attachment', 'text', 'text', 'text']);
  });

  it('a CHANNEL option offers only the guild channels of its channel_types; the place picker offers the channels a command is typed in', () => {
    const news = option(7, 'where', { channel_types: [0, 5] });
    expect(channelChoices(news, directory).map((choice) => choice.label)).toEqual(['#general', '#news']);
    expect(channelChoices(option(7, 'any'), directory)).toHaveLength(3);
    expect(rowChoices({ key: 'channel', kind: 'channel' }, form(), place, []).map((choice) => choice.label)).toEqual(['#general', '#Lounge', '#news']);
    expect(optionRows(rowsOf(command([news]), form({ values: { where: VOICE } })))[0]!.problem).toBe(`option "where" (CHANNEL) accepts only GUILD_TEXT, GUILD_ANNOUNCEMENT channels, and ${VOICE} is GUILD_VOICE`);
  });

  it('USER, ROLE and MENTIONABLE from the guild members and roles, shown by name', () => {
    const [user, role, either] = optionRows(rowsOf(command([option(6, 'who'), option(8, 'role'), option(9, 'either')]), form({ values: { who: MEMBER, role: MODS, either: MODS } })));
    expect(rowChoices(user!, form(), place, []).map((choice) => choice.label)).toEqual(['@milo', '@rin']);
    expect(rowChoices(role!, form(), place, []).map((choice) => choice.label)).toEqual(['@everyone', '@Mods']);
    expect(rowChoices(either!, form(), place, [])).toHaveLength(4);
    expect([user, role, either].map((row) => shownValue(row!, 'en-US', directory))).toEqual(['@milo', '@Mods', '@Mods']);
  });
});

describe('as the client shows it in a locale', () => {
  it('localized names, descriptions and choice names, the default where a locale has none', () => {
    const topic = option(3, 'topic', { name_localizations: { fr: 'sujet' }, choices: [{ name: 'Settings', value: 'settings', name_localizations: { fr: 'Paramètres' } }, { name: 'Music', value: 'music' }] });
    expect(localized('help', { fr: 'aide' }, 'fr')).toBe('aide');
    expect(localized('help', { fr: 'aide' }, 'de')).toBe('help');
    const [row] = optionRows(rowsOf(command([topic]), form({ locale: 'fr', values: { topic: 'settings' } })));
    expect(rowChoices(row!, form({ locale: 'fr' }), place, []).map((choice) => choice.label)).toEqual(['Paramètres', 'Music']);
    expect(shownValue(row!, 'fr', directory)).toBe('Paramètres');
  });

  it('the limits as a hint beside the field', () => {
    expect(optionHint(option(4, 'count', { min_value: 1, max_value: 100 }), 'text')).toBe('1–100');
    expect(optionHint(option(3, 'what', { max_length: 500 }), 'text')).toBe('at most 500 characters');
    expect(optionHint(option(3, 'city', { autocomplete: true }), 'autocomplete')).toBe('suggested by the bot as you type');
  });
});

describe('as which member, in which channel', () => {
  const adminOnly = command([], { default_member_permissions: '8' });
  const access: CommandAccessInput = { applicationId: '600000000000000001', command: adminOnly, commandOverwrites: [], appOverwrites: [], directory };

  it('a member who would not see the command there is told why, and Send is held back', () => {
    const rows = rowsOf(adminOnly, form({ userId: MEMBER }), { directory, access });
    const channel = rows.find((row) => row.kind === 'channel') as Extract<TryRow, { kind: 'channel' }>;
    expect(channel.hidden).toBe('@milo would not see /purge in #general: denied: needs ADMINISTRATOR (default_member_permissions) and no overwrite grants it');
    expect(sendRow(rows).problems).toContain(channel.hidden);
    expect((rowsOf(adminOnly, form(), { directory, access }).find((row) => row.kind === 'channel') as { hidden?: string }).hidden).toBeUndefined();
  });

  it('the client starts as the guild owner where the app owner is no member, in the first text channel the command is offered in', () => {
    expect(defaultPlace({ locale: 'en-US', path: [], values: {} }, { directory, access }, Date.now())).toEqual({ userId: OWNER, channelId: GENERAL });
    expect(defaultPlace({ locale: 'en-US', path: [], values: {}, userId: MEMBER }, place, Date.now())).toEqual({ userId: MEMBER, channelId: GENERAL });
  });

  it("starts where `cmd-tui try` does: as the app's owner (the developer) where they are a member, in the first channel they may use it in", () => {
    // Not offered in #general (a channel overwrite of the command): the client starts in the next channel commands are typed in, Lounge's text chat.
    const notInGeneral: CommandAccessInput = { ...access, command: command([]), commandOverwrites: [{ id: GENERAL, type: 3, permission: false }] };
    expect(defaultPlace({ locale: 'en-US', path: [], values: {} }, { directory, access: notInGeneral, appOwnerId: MEMBER }, Date.now())).toEqual({ userId: MEMBER, channelId: VOICE });
    // No member of those read is either owner: the first one.
    const strangers: GuildDirectory = { ...directory, ownerId: '299999999999999999' };
    expect(defaultPlace({ locale: 'en-US', path: [], values: {} }, { directory: strangers, appOwnerId: '299999999999999998' }, Date.now())).toEqual({ userId: MEMBER, channelId: GENERAL });
  });
});

describe('what is sent', () => {
  const cmd = command([option(3, 'city', { required: true, autocomplete: true }), option(4, 'days', { min_value: 1, max_value: 7 })]);

  it('the command with the values filled in, where, as whom and in which locale', () => {
    expect(tryRequest(cmd, form({ locale: 'fr', values: { city: 'paris', days: '3', other: '' } }), place)).toEqual({
      name: 'purge', path: [], options: { city: 'paris', days: '3' }, locale: 'fr', userId: OWNER, channelId: GENERAL,
    });
  });

  it('an autocomplete: the focused option with its text so far, and only the other values the client would take', () => {
    expect(tryRequest(cmd, form({ values: { city: 'P', days: '9' } }), place, 'city')).toMatchObject({ focused: 'city', options: { city: 'P' } });
    expect(tryRequest(cmd, form({ values: { city: '', days: '2' } }), place, 'city').options).toEqual({ days: '2', city: '' });
  });

  it("the bot's suggestions: at most 25, each with a name and a value of the option's type", () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ name: `c${index}`, value: `v${index}` }));
    const capped = validChoices(option(3, 'city'), many);
    expect(capped.choices).toHaveLength(25);
    expect(capped.problems).toEqual(['the bot suggested 30 choices; the client takes at most 25']);
    const mixed = validChoices(option(4, 'days'), [{ name: 'two', value: 2 }, { name: 'half', value: 0.5 }, { name: '', value: 1 }, 'junk']);
    expect(mixed.choices).toEqual([{ name: 'two', value: 2 }]);
    expect(mixed.problems).toEqual(['choice 2 (half) has a value that is not a whole number', 'choice 3 has no name of 1–100 characters', 'choice 4 has no name of 1–100 characters']);
  });
});

describe('the Try screen state', () => {
  it('another subcommand empties the options, as the client does; another server forgets the member and channel chosen in the last one', () => {
    const filled = tryReducer({ ...initialTryState('en-US'), form: form({ path: ['config', 'set'], values: { key: 'x' } }) }, { type: 'subcommand', depth: 1, name: 'show' });
    expect(filled.form.path).toEqual(['config', 'show']);
    expect(filled.form.values).toEqual({});
    expect(tryReducer(filled, { type: 'subcommand', depth: 0, name: 'reset' }).form.path).toEqual(['reset']);
    const moved = tryReducer({ ...initialTryState('en-US'), form: form({ guildId: GUILD }) }, { type: 'form', change: { guildId: '100000000000000009' } });
    expect(moved.form).not.toHaveProperty('userId');
    expect(moved.form).not.toHaveProperty('channelId');
    expect(tryReducer(moved, { type: 'form', change: { locale: 'fr' } }).form.locale).toBe('fr');
  });

  it('the defaults fill only what the user has not chosen', () => {
    const chosen = tryReducer(initialTryState('en-US'), { type: 'form', change: { userId: MEMBER } });
    expect(tryReducer(chosen, { type: 'defaults', place: { userId: OWNER, channelId: GENERAL } }).form).toMatchObject({ userId: MEMBER, channelId: GENERAL });
  });

  it("suggestions belong to the text they were asked for: once a choice is picked, they are not offered again", () => {
    const [row] = optionRows(rowsOf(command([option(3, 'city', { autocomplete: true })]), form({ values: { city: 'P' } })));
    const suggestions = { option: 'city', text: 'P', choices: [{ name: 'Paris', value: 'paris' }], problems: [] };
    expect(currentSuggestions(suggestions, row!)).toBe(suggestions);
    expect(currentSuggestions(suggestions, { ...row!, text: 'paris' })).toBeUndefined();
  });

  it('a command deleted elsewhere takes its Try screen with it', () => {
    const state = { ...initialAppState(null), stack: [{ id: 'list' }, { id: 'try', commandId: '1' }] as Screen[] };
    expect(appReducer(state, { type: 'data', data: { status: 'ready', commands: [], permissions: null } }).stack).toEqual([{ id: 'list' }]);
  });
});
