import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, type ScopeBackup } from '../../source/discord/backup-format.js';
import type { Command, GuildCommandPermissions, PermissionOverwrite } from '../../source/discord/model.js';
import { overwritesToRestore } from '../../source/discord/overwrite-restore.js';

const GUILD = '5000';
const allowMods: PermissionOverwrite[] = [{ id: '7', type: 1, permission: true }];
const denyEveryone: PermissionOverwrite[] = [{ id: GUILD, type: 1, permission: false }];

function command(id: string, name: string): Command {
  return { id, application_id: '100', version: '1', type: 1, name, description: 'd', default_member_permissions: null };
}
function entry(id: string, permissions: PermissionOverwrite[], guildId = GUILD): GuildCommandPermissions {
  return { id, application_id: '100', guild_id: guildId, permissions };
}
function backup(scope: ScopeBackup['scope'], commands: Command[], permissions: GuildCommandPermissions[]): ScopeBackup {
  return { format: BACKUP_FORMAT, version: 1, createdAt: '2026-11-22T05:00:00.000Z', reason: 't', applicationId: '100', scope, commands, permissions };
}

describe('overwritesToRestore', () => {
  const guildBackup = backup({ kind: 'guild', guildId: GUILD }, [command('1', 'ban'), command('2', 'kick')], [entry('1', allowMods), entry('100', denyEveryone)]);

  it('needs nothing when the guild holds the same overwrites, in any order', () => {
    const now = [entry('1', [...allowMods].reverse()), entry('100', denyEveryone)];
    expect(overwritesToRestore(guildBackup, [command('1', 'ban'), command('2', 'kick')], now)).toEqual([]);
  });

  it('maps a recreated command to its new id by type and name', () => {
    expect(overwritesToRestore(guildBackup, [command('9', 'ban'), command('2', 'kick')], [entry('100', denyEveryone)])).toEqual([
      { guildId: GUILD, commandId: '9', target: '/ban', overwrites: allowMods },
    ]);
  });

  it('puts back changed app-level overwrites and clears ones added after the backup', () => {
    const now = [entry('1', allowMods), entry('100', allowMods), entry('2', denyEveryone)];
    expect(overwritesToRestore(guildBackup, [command('1', 'ban'), command('2', 'kick')], now)).toEqual([
      { guildId: GUILD, commandId: '100', target: 'app-level overwrites', overwrites: denyEveryone },
      { guildId: GUILD, commandId: '2', target: '/kick', overwrites: [] },
    ]);
  });

  it('for the global scope, looks at the global commands\' entries in every guild and nothing else', () => {
    const globalBackup = backup({ kind: 'global' }, [command('1', 'ban')], [entry('1', allowMods, '6000')]);
    const now = [entry('100', allowMods, '6000'), entry('55', allowMods, '6000')];
    expect(overwritesToRestore(globalBackup, [command('3', 'ban')], now)).toEqual([
      { guildId: '6000', commandId: '3', target: '/ban', overwrites: allowMods },
    ]);
  });

  it('names a list of a command outside the scope from the other commands it is given, else by id', () => {
    const now = [entry('1', allowMods), entry('100', denyEveryone), entry('77', allowMods), entry('78', allowMods)];
    expect(overwritesToRestore(guildBackup, [command('1', 'ban'), command('2', 'kick')], now, [command('77', 'global-ban')])).toEqual([
      { guildId: GUILD, commandId: '77', target: '/global-ban', overwrites: [] },
      { guildId: GUILD, commandId: '78', target: 'command 78', overwrites: [] },
    ]);
  });
});
