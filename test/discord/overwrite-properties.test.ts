/** Invariants of overwrite editing, diffing and effective access, over random lists (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateAccess } from '../../source/discord/effective-access.js';
import { PermissionType, type PermissionOverwrite } from '../../source/discord/model.js';
import { diffOverwrites } from '../../source/discord/overwrite-diff.js';
import { applyOverwriteEdits, setOverwrite, type OverwriteEdit } from '../../source/discord/overwrite-edit.js';
import { sameTarget, type GuildDirectory } from '../../source/discord/overwrite-targets.js';
import { PERMISSION_FLAGS } from '../../source/discord/permission-flags.js';

const GUILD = '1000';
const directory: GuildDirectory = { guildId: GUILD, roles: [], channels: [] };
// A small id pool so that lists share targets often.
const overwrite = fc.record({
  id: fc.constantFrom('1000', '999', '11', '12', '13', '21', '22', '31', '32'),
  type: fc.constantFrom(PermissionType.Role, PermissionType.User, PermissionType.Channel),
  permission: fc.boolean(),
});
const overwriteList = fc.uniqueArray(overwrite, { selector: (o) => `${o.type}:${o.id}`, maxLength: 12 });
const asSet = (list: readonly PermissionOverwrite[]) => list.map((o) => `${o.type}:${o.id}:${o.permission}`).sort();

describe('overwrite editing and diffing', () => {
  it('the edits a diff describes turn the old list into the new one', () => {
    fc.assert(
      fc.property(overwriteList, overwriteList, (before, after) => {
        const edits: OverwriteEdit[] = diffOverwrites(before, after, directory).map((change) =>
          change.kind === 'removed'
            ? { action: 'remove', target: change.target }
            : { action: 'set', target: change.target, permission: change.kind === 'added' ? change.permission : change.to },
        );
        const outcome = applyOverwriteEdits(before, edits);
        expect(outcome.ok && asSet(outcome.overwrites)).toEqual(asSet(after));
      }),
    );
  });

  it('a list compared with itself, in any order, has no change', () => {
    fc.assert(
      fc.property(overwriteList, (list) => {
        expect(diffOverwrites(list, [...list].reverse(), directory)).toEqual([]);
      }),
    );
  });

  it('setting never duplicates a target and never goes past 100', () => {
    const big = fc.uniqueArray(fc.integer({ min: 1, max: 150 }), { maxLength: 100 }).map((ids) => ids.map((n) => ({ id: String(n), type: PermissionType.User, permission: true })));
    fc.assert(
      fc.property(big, fc.integer({ min: 1, max: 150 }), fc.boolean(), (list, id, permission) => {
        const outcome = setOverwrite(list, { id: String(id), type: PermissionType.User }, permission);
        if (!outcome.ok) {
          expect(list).toHaveLength(100);
          return;
        }
        expect(outcome.overwrites.length).toBeLessThanOrEqual(100);
        expect(outcome.overwrites.filter((o) => sameTarget(o, { id: String(id), type: PermissionType.User }))).toEqual([{ id: String(id), type: PermissionType.User, permission }]);
      }),
    );
  });
});

describe('effective access', () => {
  const input = (commandOverwrites: PermissionOverwrite[], appOverwrites: PermissionOverwrite[], dmp: string | null) => ({
    applicationId: '5',
    command: { id: '6', name: 'ban', default_member_permissions: dmp },
    commandOverwrites,
    appOverwrites,
    directory,
  });
  const dmp = fc.constantFrom(null, '0', String(PERMISSION_FLAGS.BAN_MEMBERS));
  const roles = fc.subarray(['11', '12', '13']);
  const channelAccess = PERMISSION_FLAGS.VIEW_CHANNEL | PERMISSION_FLAGS.USE_APPLICATION_COMMANDS;

  it('administrators can always use the command', () => {
    fc.assert(
      fc.property(overwriteList, overwriteList, dmp, roles, (command, app, defaults, roleIds) => {
        const decision = evaluateAccess(input(command, app, defaults), { userId: '31', roleIds, permissions: PERMISSION_FLAGS.ADMINISTRATOR }, { channelId: '21' });
        expect(decision.allowed).toBe(true);
      }),
    );
  });

  it("the command's own user overwrite decides whenever the channel step lets the member through", () => {
    fc.assert(
      fc.property(overwriteList, overwriteList, dmp, roles, fc.boolean(), (command, app, defaults, roleIds, permission) => {
        const withoutChannels = command.filter((o) => o.type !== PermissionType.Channel && !(o.type === PermissionType.User && o.id === '31'));
        const appWithoutChannels = app.filter((o) => o.type !== PermissionType.Channel);
        const decision = evaluateAccess(
          input([...withoutChannels, { id: '31', type: PermissionType.User, permission }], appWithoutChannels, defaults),
          { userId: '31', roleIds, permissions: channelAccess },
          { channelId: '21' },
        );
        expect([decision.allowed, decision.stage]).toEqual([permission, 'member']);
      }),
    );
  });

  it('a channel deny on the command blocks everyone but administrators, whatever else is set', () => {
    fc.assert(
      fc.property(overwriteList, overwriteList, dmp, roles, (command, app, defaults, roleIds) => {
        const others = command.filter((o) => !(o.type === PermissionType.Channel && o.id === '21'));
        const decision = evaluateAccess(
          input([...others, { id: '21', type: PermissionType.Channel, permission: false }], app, defaults),
          { userId: '31', roleIds, permissions: channelAccess | PERMISSION_FLAGS.BAN_MEMBERS },
          { channelId: '21' },
        );
        expect([decision.allowed, decision.stage]).toEqual([false, 'channel']);
      }),
    );
  });
});
