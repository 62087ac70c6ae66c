import { describe, expect, it } from 'vitest';
import { changedFields, diffFields } from '../../source/discord/diff.js';

describe('diffFields', () => {
  it.each([
    ['identical', { a: 1, b: [1, 2] }, { a: 1, b: [1, 2] }, []],
    ['a changed leaf', { a: 1 }, { a: 2 }, [{ path: 'a', field: 'a', before: 1, after: 2 }]],
    ['an added field', {}, { nsfw: true }, [{ path: 'nsfw', field: 'nsfw', before: undefined, after: true }]],
    ['a removed field', { nsfw: true }, {}, [{ path: 'nsfw', field: 'nsfw', before: true, after: undefined }]],
    [
      'a nested option description',
      { options: [{ name: 'x', description: 'old' }] },
      { options: [{ name: 'x', description: 'new' }] },
      [{ path: 'options[0].description', field: 'options', before: 'old', after: 'new' }],
    ],
    [
      'an appended choice',
      { options: [{ choices: [{ name: 'a', value: 'a' }] }] },
      { options: [{ choices: [{ name: 'a', value: 'a' }, { name: 'b', value: 'b' }] }] },
      [{ path: 'options[0].choices[1]', field: 'options', before: undefined, after: { name: 'b', value: 'b' } }],
    ],
    ['a localization entry', { name_localizations: { de: 'a' } }, { name_localizations: { de: 'b', fr: 'c' } }, [
      { path: 'name_localizations.de', field: 'name_localizations', before: 'a', after: 'b' },
      { path: 'name_localizations.fr', field: 'name_localizations', before: undefined, after: 'c' },
    ]],
    ['an array replaced by a scalar', { contexts: [0] }, { contexts: null }, [{ path: 'contexts', field: 'contexts', before: [0], after: null }]],
  ])('%s', (_label, before, after, expected) => {
    expect(diffFields(before as Record<string, unknown>, after as Record<string, unknown>)).toEqual(expected);
  });

  it('changedFields lists each top-level field once', () => {
    const changes = diffFields({ options: [{ a: 1, b: 1 }], name: 'x' }, { options: [{ a: 2, b: 2 }], name: 'y' });
    expect(changedFields(changes)).toEqual(['options', 'name']);
  });
});
