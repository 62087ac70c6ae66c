import { describe, expect, it } from 'vitest';
import { PermissionType, type PermissionOverwrite } from '../../source/discord/model.js';
import { changesUndone, describeChange, diffOverwrites, summarizeChanges } from '../../source/discord/overwrite-diff.js';
import type { GuildDirectory } from '../../source/discord/overwrite-targets.js';

const GUILD = '100';
const directory: GuildDirectory = {
  guildId: GUILD,
  roles: [{ id: '11', name: 'Moderators', position: 1, permissions: '0' }],
  channels: [{ id: '21', type: 0, name: 'reports' }],
};
const role = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: PermissionType.Role, permission });
const channel = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: PermissionType.Channel, permission });

describe('diffOverwrites', () => {
  it.each([
    { name: 'nothing changed', before: [role('11', true)], after: [role('11', true)], lines: [], summary: 'no change' },
    { name: 'reordering is no change', before: [role('11', true), channel('21', false)], after: [channel('21', false), role('11', true)], lines: [], summary: 'no change' },
    { name: 'added', before: [], after: [role('11', true)], lines: ['+ allow role @Moderators'], summary: '1 added' },
    { name: 'removed', before: [channel('21', false)], after: [], lines: ['- deny channel #reports'], summary: '1 removed' },
    { name: 'All channels reads as such', before: [], after: [channel('99', false)], lines: ['+ deny All channels'], summary: '1 added' },
    { name: 'flipped', before: [role(GUILD, true)], after: [role(GUILD, false)], lines: ['~ @everyone: allow → deny'], summary: '1 flipped' },
    {
      name: 'all three at once, hidden channels named as such',
      before: [role('11', true), channel('77', false)],
      after: [role('11', false), channel('88', true), channel('21', true)],
      lines: ['~ role @Moderators: allow → deny', '- deny hidden channel 77', '+ allow hidden channel 88', '+ allow channel #reports'],
      summary: '2 added, 1 removed, 1 flipped',
    },
  ])('$name', ({ before, after, lines, summary }) => {
    const changes = diffOverwrites(before, after, directory);
    expect(changes.map(describeChange)).toEqual(lines);
    expect(summarizeChanges(changes)).toBe(summary);
  });
});

describe('changesUndone: what a save meant to do that the list read back no longer shows', () => {
  const before = [role('11', true), channel('21', false)];
  const saved = [role('11', false), channel('88', true)];
  const changes = diffOverwrites(before, saved, directory);
  it.each([
    { name: 'all there', now: saved, undone: [] },
    { name: 'another writer added beside ours: no loss', now: [...saved, role(GUILD, false)], undone: [] },
    { name: 'a flip undone', now: [role('11', true), channel('88', true)], undone: ['~ role @Moderators: allow → deny'] },
    { name: 'a removal undone', now: [...saved, channel('21', false)], undone: ['- deny channel #reports'] },
    { name: 'an addition undone, or saved the other way', now: [role('11', false), channel('88', false)], undone: ['+ allow hidden channel 88'] },
    { name: 'everything undone', now: before, undone: ['~ role @Moderators: allow → deny', '- deny channel #reports', '+ allow hidden channel 88'] },
  ])('$name', ({ now, undone }) => {
    expect(changesUndone(changes, now).map(describeChange)).toEqual(undone);
  });
});
