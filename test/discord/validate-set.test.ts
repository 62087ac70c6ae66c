/** Set rules (one scope's complete list), the 8000-character size, and problem paths. */
import { describe, expect, it } from 'vitest';
import { commandSize, validateCommand, validateCommandSet } from '../../source/discord/validate.js';
import { parsePath } from '../../source/discord/problem-path.js';
import { ruleById } from '../../source/discord/rules.js';
import { maximalCommand, realisticCommandSet } from '../fixtures/commands.js';
import { brief, option, slash } from './helpers.js';

const GLOBAL = { scope: 'global' } as const;
const GUILD = { scope: 'guild' } as const;

const slashes = (n: number) => Array.from({ length: n }, (_, i) => slash({ name: `c${i}` }));
const menus = (type: 2 | 3, n: number) => Array.from({ length: n }, (_, i) => ({ type, name: `Menu ${i}` }));

describe('validateCommandSet', () => {
  it('accepts the realistic 100-command set', () => {
    expect(validateCommandSet(realisticCommandSet(), GLOBAL)).toEqual([]);
  });

  it('prefixes paths with the command index', () => {
    expect(brief(validateCommandSet([slash(), slash({ name: 'Kick' })], GLOBAL))).toEqual(['error [1].name name.lowercase']);
    expect(brief(validateCommandSet([slash(), 'x'], GLOBAL))).toEqual(['error [1] shape.object']);
  });

  it.each([
    ['a number', 1234567890123456789],
    ['a name', 'ping'],
    ['null', null],
    ['a 2^64 string', '18446744073709551616'],
  ])('refuses an item id that is %s, at [i].id', (_title, id) => {
    expect(brief(validateCommandSet([slash(), slash({ name: 'kick', id: id as never })], GLOBAL))).toEqual(['error [1].id set.item-id']);
  });

  it('accepts an item id that is a snowflake string, or "" as no id', () => {
    expect(validateCommandSet([slash({ id: '1234567890123456789' }), slash({ name: 'kick', id: '' })], GLOBAL)).toEqual([]);
  });

  it.each([
    ['101 CHAT_INPUT commands', slashes(101), 'scope.count.chat-input'],
    ['16 USER commands', menus(2, 16), 'scope.count.user'],
    ['16 MESSAGE commands', menus(3, 16), 'scope.count.message'],
    ['2 entry points', [{ type: 4, name: 'launch' }, { type: 4, name: 'play' }], 'scope.count.entry-point'],
  ])('refuses %s', (_title, commands, rule) => {
    expect(brief(validateCommandSet(commands, GLOBAL))).toEqual([`error  ${rule}`]);
  });

  it.each([
    ['100 CHAT_INPUT commands', slashes(100)],
    ['15 USER and 15 MESSAGE commands', [...menus(2, 15), ...menus(3, 15)]],
    ['1 entry point', [{ type: 4, name: 'launch' }]],
  ])('accepts %s', (_title, commands) => {
    expect(validateCommandSet(commands, GLOBAL)).toEqual([]);
  });

  it('tells the emulator to answer a full scope with JSON code 30032 and form errors with field codes', () => {
    expect(ruleById('scope.count.chat-input')).toMatchObject({ jsonCode: 30032, severity: 'error' });
    expect(ruleById('scope.duplicate-name')).toMatchObject({ code: 'APPLICATION_COMMANDS_DUPLICATE_NAME' });
    expect(ruleById('scope.duplicate-name')?.jsonCode).toBeUndefined();
    expect(ruleById('no.such-rule')).toBeUndefined();
  });

  it('refuses more than 130 items in one bulk overwrite', () => {
    const commands = [...slashes(100), ...menus(2, 15), ...menus(3, 15), { type: 4, name: 'launch' }];
    expect(brief(validateCommandSet(commands, GLOBAL))).toEqual(['error  set.items']);
  });

  it('refuses an entry point in a guild set once, at the command', () => {
    expect(brief(validateCommandSet([slash(), { type: 4, name: 'launch' }, { type: 4, name: 'play' }], GUILD)))
      .toEqual(['error [1] entry-point.guild', 'error [2] entry-point.guild']);
  });

  it('refuses a repeated name within a type, at the later command', () => {
    expect(brief(validateCommandSet([slash(), slash({ description: 'other' })], GLOBAL))).toEqual(['error [1].name scope.duplicate-name']);
    expect(brief(validateCommandSet([...menus(2, 1), ...menus(2, 1)], GLOBAL))).toEqual(['error [1].name scope.duplicate-name']);
  });

  it('allows one name across types', () => {
    expect(validateCommandSet([slash({ name: 'info' }), { type: 2, name: 'info' }, { type: 3, name: 'info' }], GLOBAL)).toEqual([]);
  });

  it('refuses a set that is not an array', () => {
    expect(brief(validateCommandSet({ name: 'ban' }, GLOBAL))).toEqual(['error  shape.array']);
  });
});

describe('commandSize and the 8000-character total', () => {
  it('measures the maximal fixture at exactly 8000 and accepts it', () => {
    const command = maximalCommand();
    expect(commandSize(command).total).toBe(8000);
    expect(validateCommand(command, GLOBAL)).toEqual([]);
  });

  it('refuses one character more and names the largest parts', () => {
    const command = maximalCommand();
    command.name_localizations = { ...command.name_localizations, fr: 'maximal-a' };
    command.options![24]!.choices = [{ name: 'x', value: 'y' }];
    const problems = validateCommand(command, GLOBAL);
    expect(brief(problems)).toEqual(['error  size.total']);
    expect(problems[0]!.message).toMatch(/^8002 of 8000 characters: the largest parts are options\[1\d\]\.choices \(\d+\)/);
    expect(ruleById('size.total')?.code).toBe('APPLICATION_COMMAND_TOO_LARGE');
  });

  it('counts only the longest of a field and its localizations', () => {
    const size = commandSize(slash({ name: 'ban', name_localizations: { fr: 'bannir', de: 'bann' }, description: 'abc' }));
    expect(size.fields).toEqual([{ path: 'name', length: 6 }, { path: 'description', length: 3 }]);
    expect(size.total).toBe(9);
  });

  it('counts choice names and values, numbers by their JSON text, through groups and subcommands', () => {
    const command = slash({
      name: 'a',
      description: 'b',
      options: [{ type: 2, name: 'g', description: 'd', options: [{ type: 1, name: 's', description: 'd', options: [
        option({ type: 10, name: 'n', description: 'd', choices: [{ name: 'half', value: 1.5 }, { name: 'big', value: 1e21 }] }),
      ] }] }],
    });
    const size = commandSize(command);
    expect(size.fields.find((field) => field.path === 'options[0].options[0].options[0].choices[0].value')).toEqual({ path: 'options[0].options[0].options[0].choices[0].value', length: 3 });
    expect(size.fields.find((field) => field.path.endsWith('choices[1].value'))?.length).toBe('1e+21'.length);
    expect(size.total).toBe(1 + 1 + 2 + 2 + 2 + 4 + 3 + 3 + 5);
  });

  it('counts characters as code points and sorts fields biggest first', () => {
    const size = commandSize({ type: 2, name: '😀😀😀' });
    expect(size).toEqual({ total: 3, fields: [{ path: 'name', length: 3 }] });
    const sorted = commandSize(maximalCommand()).fields.map((field) => field.length);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });

  it('is zero for anything that is not a command', () => {
    expect(commandSize(null)).toEqual({ total: 0, fields: [] });
    expect(commandSize('x'.repeat(9000))).toEqual({ total: 0, fields: [] });
  });
});

describe('problem paths', () => {
  it('parse back into the segments of Discord\'s error tree', () => {
    expect(parsePath('[3].options[0].choices[12].value')).toEqual([3, 'options', 0, 'choices', 12, 'value']);
    expect(parsePath('name_localizations.en-US')).toEqual(['name_localizations', 'en-US']);
    expect(parsePath('')).toEqual([]);
  });

  it('quote keys that are not plain identifiers', () => {
    const [found] = validateCommand(slash({ name_localizations: { 'x y': 'a' } }), GLOBAL);
    expect(found!.path).toBe('name_localizations["x y"]');
    expect(parsePath(found!.path)).toEqual(['name_localizations', 'x y']);
  });
});
