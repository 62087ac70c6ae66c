import { describe, expect, it } from 'vitest';
import { formatCommandsFile, parseCommandsFile } from '../../source/discord/export-format.js';

describe('formatCommandsFile', () => {
  const fetched = [
    { id: '3', application_id: '1', version: '1', type: 3, name: 'Quote', description: '', default_member_permissions: null, nsfw: false },
    { id: '2', application_id: '1', version: '1', type: 1, name: 'zeta', description: 'z', default_member_permissions: null, contexts: [0], dm_permission: false },
    { id: '1', application_id: '1', version: '1', type: 1, name: 'alpha', description: 'a', default_member_permissions: '8' },
  ];

  it('writes the bulk-overwrite body sorted by type then name, without server-only fields', () => {
    expect(JSON.parse(formatCommandsFile(fetched, 'global'))).toEqual([
      { type: 1, name: 'alpha', description: 'a', default_member_permissions: '8' },
      { type: 1, name: 'zeta', description: 'z', contexts: [0] },
      { type: 3, name: 'Quote' },
    ]);
  });

  it('is byte-identical whatever order the API listed the commands in', () => {
    expect(formatCommandsFile([...fetched].reverse(), 'global')).toBe(formatCommandsFile(fetched, 'global'));
    expect(formatCommandsFile(fetched, 'global').endsWith(']\n')).toBe(true);
  });
});

it('leaves the global-only installation fields out of a guild file', () => {
  const guildCommand = { id: '1', application_id: '1', version: '1', guild_id: '5', type: 1, name: 'a', description: 'a', integration_types: [0, 1], contexts: [0, 2] };
  expect(JSON.parse(formatCommandsFile([guildCommand], 'guild'))).toEqual([{ type: 1, name: 'a', description: 'a' }]);
});

describe('parseCommandsFile', () => {
  it.each([
    ['[{"name":"a"}]', true],
    ['{"name":"a"}', true],
    ['"a"', false],
    ['null', false],
    ['[{"name":', false],
  ])('%s → ok %s', (text, ok) => {
    expect(parseCommandsFile(text).ok).toBe(ok);
  });
  it('takes one command (a POST body) as a set of one', () => {
    expect(parseCommandsFile('{"name":"a"}')).toEqual({ ok: true, commands: [{ name: 'a' }] });
  });
  it('says the file must be a command or an array of them', () => {
    const parsed = parseCommandsFile('42');
    expect(parsed.ok ? '' : parsed.message).toContain('must be a command or a JSON array');
  });
});
