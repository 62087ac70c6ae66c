import { describe, expect, it } from 'vitest';
import { PermissionType } from '../../source/discord/model.js';
import {
  describeTarget,
  newTargetProblem,
  filterTargets,
  parseTargetSpec,
  pickerTargets,
  type GuildDirectory,
} from '../../source/discord/overwrite-targets.js';

// A guild id above 2^53: the constants must be computed with BigInt.
const GUILD = '1234567890123456789';
const directory: GuildDirectory = {
  guildId: GUILD,
  roles: [
    { id: GUILD, name: '@everyone', position: 0, permissions: '0' },
    { id: '11', name: 'Helpers', position: 1, permissions: '0' },
    { id: '12', name: 'Moderators', position: 2, permissions: '4' },
  ],
  channels: [
    { id: '21', type: 0, name: 'reports', position: 1 },
    { id: '22', type: 0, name: 'general', position: 0 },
  ],
  members: [
    { user: { id: '31', username: 'alice', global_name: 'Alice A' }, roles: [] },
    { user: { id: '32', username: 'bob' }, nick: 'Bobby', roles: [] },
  ],
};

describe('describeTarget', () => {
  it.each([
    { ref: { id: GUILD, type: PermissionType.Role }, kind: 'everyone', label: '@everyone', status: 'known' },
    { ref: { id: '1234567890123456788', type: PermissionType.Channel }, kind: 'all-channels', label: 'All channels', status: 'known' },
    { ref: { id: '12', type: PermissionType.Role }, kind: 'role', label: '@Moderators', status: 'known' },
    { ref: { id: '99', type: PermissionType.Role }, kind: 'role', label: 'deleted role 99', status: 'deleted-role' },
    { ref: { id: '21', type: PermissionType.Channel }, kind: 'channel', label: '#reports', status: 'known' },
    { ref: { id: '77', type: PermissionType.Channel }, kind: 'channel', label: 'hidden channel 77', status: 'hidden-channel' },
    { ref: { id: '31', type: PermissionType.User }, kind: 'user', label: '@Alice A', status: 'known' },
    { ref: { id: '32', type: PermissionType.User }, kind: 'user', label: '@Bobby', status: 'known' },
    { ref: { id: '33', type: PermissionType.User }, kind: 'user', label: 'user 33', status: 'unknown-user' },
  ])('$label', ({ ref, kind, label, status }) => {
    expect(describeTarget(ref, directory)).toEqual({ ...ref, kind, label, status });
  });
  it('shows targets by id, not as deleted or hidden, when the list could not be read', () => {
    const unread: GuildDirectory = { guildId: GUILD, roles: [], channels: [], unread: ['roles', 'channels'] };
    expect(describeTarget({ id: '12', type: PermissionType.Role }, unread)).toMatchObject({ label: 'role 12', status: 'unresolved' });
    expect(describeTarget({ id: '21', type: PermissionType.Channel }, unread)).toMatchObject({ label: 'channel 21', status: 'unresolved' });
    expect(describeTarget({ id: GUILD, type: PermissionType.Role }, unread)).toMatchObject({ label: '@everyone', status: 'known' });
  });
});

describe('pickerTargets and filterTargets', () => {
  const targets = pickerTargets(directory);

  it('offers the two constants first, then roles by position, channels by position, known users', () => {
    expect(targets.map((t) => t.label)).toEqual(['@everyone', 'All channels', '@Moderators', '@Helpers', '#general', '#reports', '@Alice A', '@Bobby']);
  });

  it.each([
    { query: 'mod', labels: ['@Moderators'] },
    { query: '#REP', labels: ['#reports'] },
    { query: 'channel', labels: ['All channels', '#general', '#reports'] },
    { query: 'user', labels: ['@Alice A', '@Bobby'] },
    { query: '3', labels: ['@Alice A', '@Bobby'] },
    { query: '', labels: targets.map((t) => t.label) },
    { query: '987654321098765432', labels: ['user 987654321098765432'] },
    { query: 'nothing', labels: [] },
  ])('"$query"', ({ query, labels }) => {
    expect(filterTargets(targets, query).map((t) => t.label)).toEqual(labels);
  });
});

describe('parseTargetSpec', () => {
  it.each([
    { spec: 'everyone', target: { id: GUILD, type: PermissionType.Role } },
    { spec: '@everyone', target: { id: GUILD, type: PermissionType.Role } },
    { spec: 'all-channels', target: { id: '1234567890123456788', type: PermissionType.Channel } },
    { spec: 'role:12', target: { id: '12', type: PermissionType.Role } },
    { spec: 'USER:31', target: { id: '31', type: PermissionType.User } },
    { spec: 'channel:21', target: { id: '21', type: PermissionType.Channel } },
  ])('$spec', ({ spec, target }) => {
    expect(parseTargetSpec(spec, GUILD)).toEqual({ ok: true, target });
  });

  it.each(['role', 'role:abc', 'member:1', '12', 'channel:'])('rejects "%s" with the accepted spellings', (spec) => {
    const parsed = parseTargetSpec(spec, GUILD);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain('role:ID, user:ID, channel:ID, everyone or all-channels');
  });
});

describe('newTargetProblem', () => {
  it.each([
    { ref: { id: '99', type: PermissionType.Role }, problem: '99 is not a role of this guild' },
    { ref: { id: '12', type: PermissionType.Role }, problem: undefined },
    { ref: { id: GUILD, type: PermissionType.Role }, problem: undefined },
    { ref: { id: '77', type: PermissionType.Channel }, problem: undefined },
    { ref: { id: '33', type: PermissionType.User }, problem: undefined },
  ])('$ref.id (type $ref.type)', ({ ref, problem }) => {
    const found = newTargetProblem(ref, directory);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });

  it('does not guess when the roles could not be read', () => {
    expect(newTargetProblem({ id: '99', type: PermissionType.Role }, { guildId: GUILD, roles: [], channels: [], unread: ['roles'] })).toBeUndefined();
  });
});
