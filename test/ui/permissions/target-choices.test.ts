import { describe, expect, it } from 'vitest';
import { allChannelsId, everyoneId, PermissionType } from '../../../source/discord/model.js';
import type { GuildDirectory } from '../../../source/discord/overwrite-targets.js';
import { targetChoices } from '../../../source/ui/screens/permissions/target-choices.js';
import { editorReducer, initialEditorState } from '../../../source/ui/screens/permissions/use-overwrite-editor-state.js';

const GUILD = '200000000000000002';
const directory: GuildDirectory = {
  guildId: GUILD,
  roles: [
    { id: GUILD, name: '@everyone', position: 0, permissions: '0' },
    { id: '500000000000000001', name: 'Moderator', position: 1, permissions: '0' },
  ],
  channels: [{ id: '600000000000000001', type: 0, name: 'reports', position: 1 }],
};
const labels = (query: string, list = [] as { id: string; type: number; permission: boolean }[]) =>
  targetChoices(directory, query, list).map((c) => `${c.target.label}${c.inList ? ' (in list)' : ''}`);

describe('the add-overwrite picker offers', () => {
  it.each([
    ['', ['@everyone', 'All channels', '@Moderator', '#reports']],
    ['mod', ['@Moderator']],
    ['channel', ['All channels', '#reports']],
    ['channel:600000000000000001', ['#reports']],
    ['channel:600000000000000009', ['hidden channel 600000000000000009']],
    ['user:700000000000000001', ['user 700000000000000001']],
    ['700000000000000001', ['user 700000000000000001']],
    ['everyone', ['@everyone']],
    ['all-channels', ['All channels']],
  ])('for %j: %j', (query, expected) => {
    expect(labels(query)).toEqual(expected);
  });

  it('marks targets already in the list', () => {
    expect(labels('', [{ id: everyoneId(GUILD), type: PermissionType.Role, permission: false }, { id: allChannelsId(GUILD), type: PermissionType.Channel, permission: true }]).slice(0, 2)).toEqual([
      '@everyone (in list)',
      'All channels (in list)',
    ]);
  });
});

describe('the editor state', () => {
  it('keeps the selection inside the list and clears a refusal on the next edit', () => {
    const list = [{ id: '1', type: 1, permission: true }, { id: '2', type: 1, permission: true }];
    let state = editorReducer(initialEditorState, { type: 'draft', overwrites: list, select: 5 });
    expect(state.selected).toBe(1);
    state = editorReducer(state, { type: 'move', delta: 3, count: 2 });
    expect(state.selected).toBe(1);
    state = editorReducer(state, { type: 'problem', problem: { message: 'limit' } });
    expect(state.problem).toEqual({ message: 'limit' });
    state = editorReducer(state, { type: 'draft', overwrites: list.slice(0, 1) });
    expect(state).toMatchObject({ selected: 0, problem: null, mode: { kind: 'list' } });
    expect(editorReducer(state, { type: 'saved' }).draft).toBeNull();
  });

  it('moves the matrix cell within its bounds', () => {
    const state = editorReducer(initialEditorState, { type: 'move-cell', rows: 3, columns: 2, delta: { row: 5, column: -1 } });
    expect(state.cell).toEqual({ row: 2, column: 0 });
  });
});

describe('members found by the search', () => {
  const milo = { user: { id: '700000000000000002', username: 'milo', global_name: 'Milo' }, nick: 'Mod Milo', roles: [] };
  const ada = { user: { id: '700000000000000003', username: 'ada', global_name: 'Ada (admin)' }, roles: [] };

  it('are offered by name with their member, even when the label does not show what matched', () => {
    const choices = targetChoices(directory, 'mil', [], [milo]);
    expect(choices.map((c) => c.target.label)).toEqual(['@Mod Milo']);
    expect(choices[0]?.member).toBe(milo);
  });

  it('name a typed user id they cover, once', () => {
    const choices = targetChoices(directory, `user:${ada.user.id}`, [], [ada]);
    expect(choices.map((c) => c.target.label)).toEqual(['@Ada (admin)']);
  });

  it('follow roles and channels on an empty filter', () => {
    expect(targetChoices(directory, '', [], [ada, milo]).map((c) => c.target.label)).toEqual(['@everyone', 'All channels', '@Moderator', '#reports', '@Ada (admin)', '@Mod Milo']);
  });
});
