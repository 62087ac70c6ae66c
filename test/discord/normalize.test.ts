import { describe, expect, it } from 'vitest';
import { scopeDefaults, toBodyForm, toComparableForm } from '../../source/discord/normalize.js';

const GLOBAL = scopeDefaults('global', [0, 1]);
const GUILD = scopeDefaults('guild', [0, 1]);

describe('toBodyForm', () => {
  it('removes server-only fields everywhere and orders keys canonically', () => {
    const fetched = {
      version: '9',
      options: [{ description_localized: 'x', description: 'who', name: 'user', type: 6, required: false }],
      description: 'Ping',
      name: 'ping',
      id: '1',
      application_id: '2',
      guild_id: '3',
      name_localized: 'ping',
      type: 1,
    };
    expect(JSON.stringify(toBodyForm(fetched))).toBe(
      JSON.stringify({ type: 1, name: 'ping', description: 'Ping', options: [{ type: 6, name: 'user', description: 'who' }] }),
    );
  });

  it.each([
    ['empty description on a USER command', { type: 2, name: 'Info', description: '' }, { type: 2, name: 'Info' }],
    ['null localizations', { name: 'a', description: 'b', name_localizations: null }, { type: 1, name: 'a', description: 'b' }],
    ['nsfw false and default_permission true', { name: 'a', description: 'b', nsfw: false, default_permission: true }, { type: 1, name: 'a', description: 'b' }],
    ['dm_permission next to contexts', { name: 'a', description: 'b', dm_permission: true, contexts: [0, 1] }, { type: 1, name: 'a', description: 'b', contexts: [0, 1] }],
    ['dm_permission alone is kept', { name: 'a', description: 'b', dm_permission: false }, { type: 1, name: 'a', description: 'b', dm_permission: false }],
    ['missing type becomes CHAT_INPUT', { name: 'a', description: 'b' }, { type: 1, name: 'a', description: 'b' }],
  ])('folds %s', (_label, input, expected) => {
    expect(toBodyForm(input)).toEqual(expected);
  });

  it('keeps unknown keys (after the known ones, sorted) so nothing is lost', () => {
    expect(Object.keys(toBodyForm({ zeta: 1, alpha: 2, name: 'a', description: 'b' }))).toEqual(['type', 'name', 'description', 'alpha', 'zeta']);
  });
});

describe('toComparableForm: the server materialized defaults compare equal to a file that omits them', () => {
  const file = { name: 'ping', description: 'Ping' };
  const cases: Array<[string, Record<string, unknown>, typeof GLOBAL]> = [
    ['contexts', { contexts: [2, 0, 1] }, GLOBAL],
    ['integration_types', { integration_types: [1, 0] }, GLOBAL],
    ['nsfw', { nsfw: false }, GLOBAL],
    ['dm_permission', { dm_permission: true }, GLOBAL],
    ['default_member_permissions', { default_member_permissions: null }, GLOBAL],
    ['default_permission', { default_permission: true }, GLOBAL],
    ['empty localizations', { name_localizations: {}, description_localizations: null }, GLOBAL],
    ['guild contexts', { contexts: [0, 2] }, GUILD],
    ['server-only fields', { id: '1', application_id: '2', version: '3', guild_id: '4', name_localized: 'ping' }, GUILD],
  ];
  it.each(cases)('%s', (_label, materialized, defaults) => {
    const server = { ...file, ...materialized };
    expect(toComparableForm(server, defaults)).toEqual(toComparableForm(file, defaults));
  });

  it('description "" on USER and MESSAGE commands equals no description', () => {
    for (const type of [2, 3]) {
      expect(toComparableForm({ type, name: 'Info', description: '' }, GLOBAL)).toEqual(toComparableForm({ type, name: 'Info' }, GLOBAL));
    }
  });

  it('key order does not matter', () => {
    const a = { name: 'a', description: 'b', options: [{ type: 3, name: 'x', description: 'y', required: true }] };
    const b = { options: [{ required: true, description: 'y', name: 'x', type: 3 }], description: 'b', name: 'a' };
    expect(JSON.stringify(toComparableForm(a, GLOBAL))).toBe(JSON.stringify(toComparableForm(b, GLOBAL)));
  });

  it('a numeric default_member_permissions equals its string form', () => {
    expect(toComparableForm({ ...file, default_member_permissions: 8 }, GLOBAL)).toEqual(toComparableForm({ ...file, default_member_permissions: '8' }, GLOBAL));
  });

  it('dm_permission: false without contexts means guilds only', () => {
    expect(toComparableForm({ ...file, dm_permission: false }, GLOBAL)).toEqual(toComparableForm({ ...file, contexts: [0] }, GLOBAL));
  });

  it.each([
    ['a changed description', { description: 'Pong' }],
    ['explicit contexts narrower than the default', { contexts: [0] }],
    ['nsfw true', { nsfw: true }],
    ['a localization', { name_localizations: { de: 'ping-de' } }],
    ['default_member_permissions "0"', { default_member_permissions: '0' }],
  ])('still sees %s', (_label, change) => {
    expect(toComparableForm({ ...file, ...change }, GLOBAL)).not.toEqual(toComparableForm(file, GLOBAL));
  });
});

describe('scopeDefaults', () => {
  it('falls back to GUILD_INSTALL when the app declares no installation types', () => {
    expect(scopeDefaults('global', []).integrationTypes).toEqual([0]);
  });
  it('leaves BOT_DM out of guild commands', () => {
    expect(scopeDefaults('guild', [0]).contexts).toEqual([0, 2]);
  });
});

describe('a `__proto__` key from JSON.parse (a server answer) never becomes the copy\'s prototype', () => {
  const smuggled = JSON.parse('{"name":"x","description":"d","type":1,"__proto__":{"nsfw":true,"default_member_permissions":"8"},"options":[{"type":3,"name":"o","description":"d","__proto__":{"required":true},"choices":[{"name":"a","value":"a","__proto__":{"name_localizations":{"fr":"b"}}}]}]}') as unknown;
  it.each([
    ['toBodyForm', toBodyForm(smuggled)],
    ['toComparableForm', toComparableForm(smuggled, scopeDefaults('global', [0, 1]))],
  ])('%s', (_, form) => {
    const options = form.options as Record<string, unknown>[];
    const choices = options[0]!.choices as Record<string, unknown>[];
    for (const copy of [form, options[0]!, choices[0]!]) expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(form.default_member_permissions ?? null).toBeNull();
    expect(form.nsfw === true).toBe(false);
    expect(options[0]!.required).toBeUndefined();
    expect(choices[0]!.name_localizations).toBeUndefined();
  });
});
