import { describe, expect, it } from 'vitest';
import type { Command } from '../../source/discord/model.js';
import { commandLabel, findEntry, permissionEntries } from '../../source/discord/overwrite-entries.js';

const APP = '900';
const command = (id: string, name: string, type = 1, guild_id?: string): Command => ({
  id,
  application_id: APP,
  version: '1',
  type,
  name,
  description: type === 1 ? 'd' : '',
  default_member_permissions: null,
  ...(guild_id ? { guild_id } : {}),
});
const guildCommands = [command('11', 'kick', 1, '5'), command('12', 'ban', 1, '5')];
const globalCommands = [command('21', 'ban'), command('22', 'Report', 3)];
const permissions = [
  { id: APP, application_id: APP, guild_id: '5', permissions: [{ id: '5', type: 1, permission: false }] },
  { id: '12', application_id: APP, guild_id: '5', permissions: [{ id: '7', type: 1, permission: true }] },
  { id: '22', application_id: APP, guild_id: '5', permissions: [] },
];
const entries = permissionEntries(APP, guildCommands, globalCommands, permissions);

describe('permissionEntries', () => {
  it('puts the app-level entry first, then guild and global commands by name, with their own overwrites', () => {
    expect(entries.map((e) => [e.kind, e.id, e.label, e.overwrites.length, e.kind === 'command' && e.hasOwn])).toEqual([
      ['app', APP, 'all commands (app-level defaults)', 1, false],
      ['command', '12', '/ban', 1, true],
      ['command', '11', '/kick', 0, false],
      ['command', '21', '/ban', 0, false],
      ['command', '22', 'Report (MESSAGE)', 0, true],
    ]);
  });

  it('labels context-menu commands with their type', () => {
    expect(commandLabel({ name: 'Show profile', type: 2 })).toBe('Show profile (USER)');
  });
});

describe('findEntry', () => {
  it.each([
    { spec: 'app', id: APP },
    { spec: 'APP', id: APP },
    { spec: APP, id: APP },
    { spec: '21', id: '21' },
    { spec: 'kick', id: '11' },
    { spec: '/kick', id: '11' },
    { spec: 'report', id: '22' },
  ])('"$spec" → $id', ({ spec, id }) => {
    const found = findEntry(entries, spec);
    expect(found.ok && found.entry.id).toBe(id);
  });

  it('asks for an id when a name is ambiguous, listing the candidates', () => {
    expect(findEntry(entries, 'ban')).toEqual({
      ok: false,
      message: '"ban" names 2 commands: 12 (/ban, guild), 21 (/ban, global). Pass the id instead.',
    });
  });

  it('says where to look when nothing matches', () => {
    const found = findEntry(entries, 'nope');
    expect(found.ok).toBe(false);
    // Where to look is each door's to say (`cmd-tui perms list`, list_commands): the rule names the remedy.
    expect(found).toEqual({ ok: false, message: 'No command "nope" in this guild or globally.', remedy: { kind: 'list-commands', app: true } });
  });
});
