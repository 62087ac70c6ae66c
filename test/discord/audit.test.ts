import { describe, expect, it } from 'vitest';
import { auditGlobal, auditGuild, buildReport, hasProblems, type GuildSnapshot } from '../../source/discord/audit.js';
import type { Command, GuildCommandPermissions } from '../../source/discord/model.js';

const APP = { applicationId: '100', supportedIntegrationTypes: [0, 1] };
const GUILD = '5000';

function command(id: string, fields: Partial<Command> & { name: string }): Command {
  return { id, application_id: '100', version: '1', type: 1, description: 'd', default_member_permissions: null, ...fields };
}

function perms(id: string, permissions: GuildCommandPermissions['permissions']): GuildCommandPermissions {
  return { id, application_id: '100', guild_id: GUILD, permissions };
}

function snapshot(fields: Partial<GuildSnapshot>): GuildSnapshot {
  return { guildId: GUILD, guildName: 'Test', commands: [], permissions: [], roles: [{ id: '7', name: 'Mods', position: 1, permissions: '0' }], channels: [{ id: '8', type: 0 }], ...fields };
}

const kinds = (findings: { kind: string }[]) => findings.map((finding) => finding.kind);

describe('auditGuild', () => {
  it('finds a ghost duplicate: a guild command with the name and type of a visible global one', () => {
    const audit = auditGuild(snapshot({ commands: [command('2', { name: 'ping', guild_id: GUILD }), command('3', { name: 'ping', type: 2, description: '' })] }), [command('1', { name: 'ping' })], APP);
    expect(kinds(audit.findings)).toEqual(['ghost-duplicate']);
    expect(audit.findings[0]).toMatchObject({ commandId: '2', guildId: GUILD });
  });

  it('ignores a global command that cannot show up in guilds', () => {
    const userOnly = command('1', { name: 'ping', integration_types: [1] });
    const audit = auditGuild(snapshot({ commands: [command('2', { name: 'ping' })] }), [userOnly], APP);
    expect(audit.findings).toEqual([]);
    expect(audit.globalVisible).toBe(0);
  });

  it.each([
    ['no overwrites at all', [], ['admin-only']],
    ['an overwrite on the command', [perms('2', [{ id: '7', type: 1, permission: true }])], []],
    ['app-level overwrites', [perms('100', [{ id: '7', type: 1, permission: true }])], []],
    ['an empty overwrite list', [perms('2', [])], ['admin-only']],
    ['only a channel overwrite', [perms('2', [{ id: '8', type: 3, permission: true }])], ['admin-only']],
    ['only a denying role overwrite', [perms('2', [{ id: '7', type: 1, permission: false }])], ['admin-only']],
    ['app-level channel overwrites only', [perms('100', [{ id: '8', type: 3, permission: true }])], ['admin-only']],
    ['own entry that denies, app-level that allows', [perms('2', [{ id: '7', type: 1, permission: false }]), perms('100', [{ id: '7', type: 1, permission: true }])], ['admin-only']],
  ] as const)('admin-only ("0") with %s', (_label, permissions, expected) => {
    const audit = auditGuild(snapshot({ commands: [command('2', { name: 'ban', default_member_permissions: '0' })], permissions: [...permissions] }), [], APP);
    expect(kinds(audit.findings)).toEqual(expected);
  });

  it('flags a global admin-only command per guild', () => {
    const audit = auditGuild(snapshot({}), [command('1', { name: 'purge', default_member_permissions: '0' })], APP);
    expect(audit.findings).toMatchObject([{ kind: 'admin-only', commandId: '1', guildId: GUILD }]);
  });

  it.each([
    ['a role that exists', { id: '7', type: 1 }, []],
    ['@everyone (the guild id)', { id: GUILD, type: 1 }, []],
    ['a deleted role', { id: '9', type: 1 }, ['deleted-role']],
    ['a listed channel', { id: '8', type: 3 }, []],
    ['all channels (guild id - 1)', { id: '4999', type: 3 }, []],
    ['a channel the API did not list', { id: '11', type: 3 }, ['hidden-or-deleted-channel']],
    ['a user', { id: '12', type: 2 }, []],
  ] as const)('overwrite targeting %s', (_label, target, expected) => {
    const audit = auditGuild(snapshot({ commands: [command('2', { name: 'x' })], permissions: [perms('2', [{ ...target, permission: true }])] }), [], APP);
    expect(kinds(audit.findings)).toEqual(expected);
  });

  it('words an unseen channel as hidden or deleted, never as certainly deleted', () => {
    const audit = auditGuild(snapshot({ permissions: [perms('100', [{ id: '11', type: 3, permission: false }])] }), [], APP);
    expect(audit.findings[0]?.message).toBe('An overwrite on the app-level entry targets hidden or deleted channel 11.');
    expect(audit.findings[0]?.severity).toBe('info');
  });

  it('reports overwrites left for a command that no longer exists', () => {
    const audit = auditGuild(snapshot({ permissions: [perms('77', [{ id: '7', type: 1, permission: true }])] }), [], APP);
    expect(kinds(audit.findings)).toEqual(['orphan-overwrite']);
  });

  it('counts guild commands per type against the caps, without an entry point row', () => {
    const users = Array.from({ length: 15 }, (_, i) => command(String(i + 10), { type: 2, name: `U${i}`, description: '' }));
    const audit = auditGuild(snapshot({ commands: users }), [], APP);
    expect(audit.counts).toEqual([
      { type: 'CHAT_INPUT', count: 0, cap: 100 },
      { type: 'USER', count: 15, cap: 15 },
      { type: 'MESSAGE', count: 0, cap: 15 },
    ]);
    expect(audit.findings).toMatchObject([{ kind: 'cap', severity: 'info' }]);
  });
});

describe('deprecated fields in use', () => {
  const cases: Array<[string, Partial<Command>, string[]]> = [
    ['default_permission: false', { default_permission: false }, ['deprecated-field']],
    ['dm_permission without contexts', { dm_permission: false, contexts: null }, ['deprecated-field']],
    ['dm_permission echoed next to contexts', { dm_permission: true, contexts: [0, 1, 2] }, []],
    ['dm_permission: true and contexts null, as the API answers a command sent with neither', { dm_permission: true, contexts: null }, []],
    ['default_permission: true as the API echoes it', { default_permission: true }, []],
  ];
  it.each(cases)('%s', (_label, fields, expected) => {
    const audit = auditGlobal([command('1', { name: 'old', ...fields })], APP);
    expect(kinds(audit.findings)).toEqual(expected);
  });
});

describe('auditGlobal and the report', () => {
  it('counts the global scope including the entry point', () => {
    const audit = auditGlobal([command('1', { name: 'Launch', type: 4, description: 'Launch' })], APP);
    expect(audit.counts.at(-1)).toEqual({ type: 'PRIMARY_ENTRY_POINT', count: 1, cap: 1 });
  });

  it('lists the guilds that hold guild commands and totals the findings by severity', () => {
    const withCommands = auditGuild(snapshot({ commands: [command('2', { name: 'ping' })] }), [command('1', { name: 'ping' })], APP);
    const empty = auditGuild({ ...snapshot({}), guildId: '6000' }, [], APP);
    const report = buildReport('100', auditGlobal([], APP), [withCommands, empty]);
    expect(report.guildsWithCommands).toEqual([GUILD]);
    expect(report.totals).toEqual({ error: 0, warning: 1, info: 0 });
    expect(hasProblems(report)).toBe(true);
  });
});
