import { describe, expect, it } from 'vitest';
import { PermissionType, type PermissionOverwrite } from '../../source/discord/model.js';
import {
  applyOverwriteEdits,
  overwriteCount,
  removeOverwrite,
  setOverwrite,
  toggleOverwrite,
} from '../../source/discord/overwrite-edit.js';

const role = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: PermissionType.Role, permission });
const MODS = { id: '11', type: PermissionType.Role };
const REPORTS = { id: '21', type: PermissionType.Channel };
const full = Array.from({ length: 100 }, (_, i) => role(String(1000 + i), true));

describe('overwrite editing', () => {
  it.each([
    { name: 'adds a new target at the end', list: [role('9', true)], edit: () => setOverwrite([role('9', true)], MODS, false), expected: [role('9', true), role('11', false)] },
    { name: 'flips an existing target in place', list: [], edit: () => setOverwrite([role('11', true), role('9', true)], MODS, false), expected: [role('11', false), role('9', true)] },
    { name: 'setting the same value is no change', list: [], edit: () => setOverwrite([role('11', true)], MODS, true), expected: [role('11', true)] },
    { name: 'toggles allow to deny', list: [], edit: () => toggleOverwrite([role('11', true)], MODS), expected: [role('11', false)] },
    { name: 'removes a target', list: [], edit: () => removeOverwrite([role('11', true), role('9', false)], MODS), expected: [role('9', false)] },
    { name: 'a role and a channel with the same id are different targets', list: [], edit: () => setOverwrite([role('21', true)], REPORTS, false), expected: [role('21', true), { id: '21', type: PermissionType.Channel, permission: false }] },
  ])('$name', ({ edit, expected }) => {
    expect(edit()).toEqual({ ok: true, overwrites: expected });
  });

  it('refuses the 101st overwrite, naming the target and the limit', () => {
    const outcome = setOverwrite(full, { ...MODS, label: '@Moderators' }, true);
    expect(outcome).toMatchObject({ ok: false, reason: 'limit' });
    if (!outcome.ok) expect(outcome.message).toBe(
      'Cannot add @Moderators: the list already holds 100 overwrites and Discord allows 100 per command in a guild. ' +
        'Remove one first, or use a role that covers several users.',
    );
  });

  it('still flips an entry when the list is full', () => {
    const outcome = setOverwrite(full, { id: '1000', type: PermissionType.Role }, false);
    expect(outcome.ok && outcome.overwrites[0]).toEqual(role('1000', false));
  });

  it('reports removing or toggling an absent target', () => {
    expect(removeOverwrite([], MODS)).toMatchObject({ ok: false, reason: 'absent', message: 'Nothing to remove: 11 has no overwrite in this list.' });
    expect(toggleOverwrite([], { ...MODS, label: '@Moderators' })).toMatchObject({ ok: false, reason: 'absent', message: 'Nothing to toggle: @Moderators has no overwrite in this list.' });
  });

  it('applies a batch with removals first, so freeing room lets an addition through', () => {
    const outcome = applyOverwriteEdits(full, [
      { action: 'set', target: MODS, permission: true },
      { action: 'remove', target: { id: '1000', type: PermissionType.Role } },
    ]);
    expect(outcome.ok && outcome.overwrites.length).toBe(100);
    expect(outcome.ok && outcome.overwrites.at(-1)).toEqual(role('11', true));
  });

  it('stops a batch at the first refusal', () => {
    const outcome = applyOverwriteEdits(full.slice(0, 99), [
      { action: 'set', target: MODS, permission: true },
      { action: 'set', target: REPORTS, permission: false },
    ]);
    expect(outcome).toMatchObject({ ok: false, reason: 'limit', target: REPORTS });
  });

  it('counts against the limit', () => {
    expect(overwriteCount(full.slice(0, 7))).toBe('7/100');
  });
});
