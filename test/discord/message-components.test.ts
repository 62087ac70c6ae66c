/**
 * The buttons and selects of a bot's message as the client offers them, and the client's rules for using
 * them: a link or premium button and a disabled component send nothing; a select's values are among what
 * it offers, as many as it takes; what a user/role/mentionable/channel select picked is resolved.
 */
import { describe, expect, it } from 'vitest';
import { pressables, pressProblem, selectedEntities, selectValuesProblem } from '../../source/discord/message-components.js';
import { withComponentIds } from '../../source/discord/component-ids.js';

const lookup = {
  channelType: (id: string) => ({ c1: 0, c2: 2 })[id],
  isUser: (id: string) => id === 'u1',
  isRole: (id: string) => id === 'r1',
};

const message = [
  { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }, { type: 2, style: 5, label: 'Docs', url: 'https://example.com' }, { type: 2, style: 2, custom_id: 'off', emoji: { name: '🔒' }, disabled: true }] },
  { type: 9, components: [{ type: 10, content: 'Section' }], accessory: { type: 2, style: 2, label: 'More', custom_id: 'more' } },
  { type: 1, components: [{ type: 3, custom_id: 'pick', min_values: 1, max_values: 2, options: [{ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }] }] },
  { type: 1, components: [{ type: 8, custom_id: 'where', channel_types: [0] }] },
  { type: 1, components: [{ type: 7, custom_id: 'anyone' }] },
];

describe('pressables', () => {
  it('finds buttons and selects at any depth, in order, named as the client names them', () => {
    expect(pressables(message).map((component) => [component.customId ?? component.url, component.label])).toEqual([
      ['go', 'Go'], ['https://example.com', 'Docs'], ['off', '🔒'], ['more', 'More'], ['pick', 'select'], ['where', 'channel select'], ['anyone', 'mentionable select'],
    ]);
  });

  it('says why a link, a disabled button and a premium button send nothing', () => {
    const [go, docs, off] = pressables(message);
    expect(pressProblem(go!)).toBeUndefined();
    expect(pressProblem(docs!)).toBe('[Docs] is a link button: the client opens https://example.com in the browser and sends the bot nothing');
    expect(pressProblem(off!)).toBe('[🔒] is disabled: the client does not let it be used');
    expect(pressProblem(pressables([{ type: 2, style: 6, sku_id: '1' }])[0]!)).toMatch(/premium button/);
  });
});

describe('select values', () => {
  const [, , , , pick, where, anyone] = pressables(message);

  it.each<[string, string[], string | undefined]>([
    ['two of its options', ['red', 'blue'], undefined],
    ['none', [], 'the select pick takes 1 to 2 values, not 0'],
    ['one it does not offer', ['green'], 'the select pick offers no "green": its options are red, blue'],
    ['one twice', ['red', 'red'], 'the select pick takes each value once'],
  ])('a string select given %s', (_label, values, problem) => {
    expect(selectValuesProblem(pick!, values, lookup)).toBe(problem);
  });

  it('a channel select takes only channels of its channel_types', () => {
    expect(selectValuesProblem(where!, ['c1'], lookup)).toBeUndefined();
    expect(selectValuesProblem(where!, ['c2'], lookup)).toBe('the channel select where offers no "c2"');
  });

  it('a mentionable select resolves users and roles apart', () => {
    expect(selectValuesProblem(anyone!, ['u1'], lookup)).toBeUndefined();
    expect(selectedEntities(anyone!, ['r1'], lookup)).toEqual({ users: [], roles: ['r1'], channels: [], attachments: [] });
  });
});

describe('withComponentIds', () => {
  it('numbers components as Discord stores them, a container before its children, and gives selects their default value counts', () => {
    expect(withComponentIds([{ type: 1, components: [{ type: 2, id: 2, custom_id: 'a' }, { type: 5, custom_id: 'who' }] }])).toEqual([
      { type: 1, id: 1, components: [{ type: 2, id: 2, custom_id: 'a' }, { type: 5, id: 3, custom_id: 'who', min_values: 1, max_values: 1 }] },
    ]);
  });
});
