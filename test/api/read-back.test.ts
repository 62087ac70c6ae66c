import { describe, expect, it } from 'vitest';
import type { Command } from '../../source/discord/model.js';
import { appliedOnServer, findUpsertTarget } from '../../source/api/read-back.js';

const stored = (extra: Partial<Command> = {}): Command => ({
  id: '1',
  application_id: '2',
  version: '3',
  type: 1,
  name: 'ping',
  description: 'Replies',
  default_member_permissions: null,
  options: [{ type: 3, name: 'text', description: 'What', required: false }],
  name_localizations: { fr: 'pong' },
  ...extra,
});

describe('did a lost write take effect?', () => {
  it.each([
    ['same fields, server-added defaults ignored', { name: 'ping', description: 'Replies', options: [{ type: 3, name: 'text', description: 'What' }] }, true],
    ['localizations equal', { name: 'ping', name_localizations: { fr: 'pong' } }, true],
    ['description differs', { name: 'ping', description: 'Old' }, false],
    ['an option missing on the server', { name: 'ping', options: [{ type: 3, name: 'text', description: 'What' }, { type: 4, name: 'n', description: 'N' }] }, false],
    ['null sent, absent stored', { name: 'ping', contexts: null }, true],
    ['permissions differ', { name: 'ping', default_member_permissions: '8' }, false],
  ])('%s → %s', (_name, draft, expected) => {
    expect(appliedOnServer(draft, stored())).toBe(expected);
  });

  it('finds the upsert target by name and type (CHAT_INPUT when type is omitted)', () => {
    const user = stored({ id: '9', type: 2, name: 'ping' });
    expect(findUpsertTarget({ name: 'ping' }, [user, stored()])?.id).toBe('1');
    expect(findUpsertTarget({ name: 'ping', type: 2 }, [user, stored()])?.id).toBe('9');
    expect(findUpsertTarget({ name: 'pong' }, [user, stored()])).toBeUndefined();
  });
});
