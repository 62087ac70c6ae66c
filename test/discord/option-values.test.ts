/** The client's rules for typed option values (discord/option-values.ts): what `cmd-tui try` refuses before anything is sent. */
import { describe, expect, it } from 'vitest';
import { fillOptions, type EntityLookup } from '../../source/discord/option-values.js';
import type { CommandOption } from '../../source/discord/model.js';

const lookup: EntityLookup = {
  channelType: (id) => ({ '100': 0, '101': 2 })[id],
  isUser: (id) => id === '200',
  isRole: (id) => id === '300',
  isAttachment: (id) => id === '400',
};

const config = {
  name: 'config',
  options: [
    { type: 2, name: 'limits', description: 'd', options: [{ type: 1, name: 'set', description: 'd', options: [{ type: 10, name: 'ratio', description: 'd', required: true, min_value: 0, max_value: 1 }] }] },
    { type: 1, name: 'show', description: 'd', options: [{ type: 5, name: 'all', description: 'd' }] },
  ] as CommandOption[],
};

describe('fillOptions', () => {
  it('builds the nested data.options of a subcommand in a group, with typed values', () => {
    const filled = fillOptions(config, ['limits', 'set'], { ratio: '0.5' }, lookup);
    expect(filled.problems).toEqual([]);
    expect(filled.options).toEqual([{ name: 'limits', type: 2, options: [{ name: 'set', type: 1, options: [{ name: 'ratio', type: 10, value: 0.5 }] }] }]);
  });

  it('names the subcommands when none or an unknown one is given', () => {
    expect(fillOptions(config, [], {}, lookup).problems).toEqual(['/config needs a subcommand: one of limits, show']);
    expect(fillOptions(config, ['limits', 'get'], {}, lookup).problems).toEqual(['/config limits has no subcommand "get": choose one of set']);
  });

  it('holds each type to its rules', () => {
    const command = {
      name: 'c',
      options: [
        { type: 3, name: 's', description: 'd', min_length: 2, max_length: 3 },
        { type: 4, name: 'i', description: 'd' },
        { type: 5, name: 'b', description: 'd' },
        { type: 6, name: 'u', description: 'd' },
        { type: 7, name: 'ch', description: 'd', channel_types: [0] },
        { type: 8, name: 'r', description: 'd' },
        { type: 9, name: 'm', description: 'd' },
        { type: 11, name: 'a', description: 'd' },
      ] as CommandOption[],
    };
    const bad = fillOptions(command, [], { s: 'x', i: '1.5', b: 'yes', u: '999', ch: '101', r: '200', m: '999', a: 'file.png', extra: '1' }, lookup);
    expect(bad.problems).toEqual([
      '/c has no option "extra": its options are s, i, b, u, ch, r, m, a',
      'option "s" (STRING) must be 2 to 3 characters long, not 1',
      'option "i" (INTEGER) must be a whole number, not "1.5"',
      'option "b" (BOOLEAN) must be true or false, not "yes"',
      'option "u" (USER) must be the id of a member of the guild, not "999"',
      'option "ch" (CHANNEL) accepts only GUILD_TEXT channels, and 101 is GUILD_VOICE',
      'option "r" (ROLE) must be the id of a role of the guild, not "200"',
      'option "m" (MENTIONABLE) must be the id of a member or a role of the guild, not "999"',
      'option "a" (ATTACHMENT) takes a file the client uploads, not text: give it with --file a=PATH (on the TUI\'s Try screen, type the file\'s path)',
    ]);
    const good = fillOptions(command, [], { s: 'ab', i: '-3', b: 'false', u: '200', ch: '100', r: '300', m: '300', a: '400' }, lookup);
    expect(good.problems).toEqual([]);
    expect(good.options.map((option) => option.value)).toEqual(['ab', -3, false, '200', '100', '300', '300', '400']);
    expect(good.mentioned).toEqual({ users: ['200'], roles: ['300', '300'], channels: ['100'], attachments: ['400'] });
  });

  it('autocomplete: the focused option goes as typed, marked focused, and required ones may still be missing', () => {
    const command = {
      name: 'c',
      options: [
        { type: 4, name: 'n', description: 'd', required: true, autocomplete: true },
        { type: 3, name: 'other', description: 'd', required: true },
        { type: 3, name: 'plain', description: 'd' },
      ] as CommandOption[],
    };
    expect(fillOptions(command, [], { n: '1' }, lookup, 'n')).toMatchObject({ problems: [], options: [{ name: 'n', type: 4, value: '1', focused: true }] });
    expect(fillOptions(command, [], { plain: 'x' }, lookup, 'plain').problems).toEqual(['/c: option "plain" has no autocomplete']);
    expect(fillOptions(command, [], {}, lookup, 'n').problems).toEqual(['/c: the option to autocomplete, "n", needs its text so far (--option n=TEXT)']);
  });

  it('takes a choice by its name or its value, and nothing else', () => {
    const command = { name: 'c', options: [{ type: 4, name: 'd', description: 'd', required: true, choices: [{ name: '1 hour', value: 60 }] }] as CommandOption[] };
    expect(fillOptions(command, [], { d: '1 hour' }, lookup).options).toEqual([{ name: 'd', type: 4, value: 60 }]);
    expect(fillOptions(command, [], { d: '60' }, lookup).options).toEqual([{ name: 'd', type: 4, value: 60 }]);
    expect(fillOptions(command, [], { d: '30' }, lookup).problems).toEqual(['option "d" (INTEGER) must be one of its choices: 1 hour']);
    expect(fillOptions(command, [], {}, lookup).problems).toEqual(['/c: option "d" is required']);
  });
});
