import { describe, expect, it } from 'vitest';
import type { Command } from '../../source/discord/model.js';
import { scopeDefaults } from '../../source/discord/normalize.js';
import { countsAfter, hasChanges, planScope, refusalsFor, standingRefusals } from '../../source/discord/plan.js';

const DEFAULTS = scopeDefaults('global', [0, 1]);

function live(id: string, fields: Partial<Command> & { name: string }): Command {
  return {
    id,
    application_id: '100',
    version: '1',
    type: 1,
    description: 'd',
    default_member_permissions: null,
    nsfw: false,
    // What the API answers for a command sent without contexts (discord-api-docs#6744).
    contexts: null,
    integration_types: [0, 1],
    ...fields,
  };
}

describe('planScope pairing renames', () => {
  const options = { description: 'Ban a member', default_member_permissions: '4' };

  it('renames in place a command that differs only in its name (and name localizations), when asked', () => {
    const current = [live('1', { name: 'ban', ...options }), live('2', { name: 'kick', description: 'Kick' })];
    const desired = [{ name: 'ban-member', name_localizations: { fr: 'bannir' }, ...options }, { name: 'kick', description: 'Kick' }];
    const plan = planScope(desired, current, DEFAULTS, { pairRenames: true });
    expect(plan.create).toEqual([]);
    expect(plan.delete).toEqual([]);
    expect(plan.createsUsed).toBe(0);
    expect(plan.update).toHaveLength(1);
    expect(plan.update[0]).toMatchObject({ id: '1', name: 'ban-member', renamedFrom: 'ban', patch: { name: 'ban-member', name_localizations: { fr: 'bannir' } } });
    // Without the option it stays a create and a delete, as apply without --prune carries it out.
    const literal = planScope(desired, current, DEFAULTS);
    expect(literal.create.map((c) => c.name)).toEqual(['ban-member']);
    expect(literal.delete.map((c) => c.id)).toEqual(['1']);
  });

  it('keeps create + delete when anything else changed, the type differs, or the match is ambiguous', () => {
    const current = [live('1', { name: 'ban', ...options }), live('2', { name: 'warn', description: 'Warn' }), live('3', { name: 'note', description: 'Warn' })];
    const desired = [{ name: 'ban-member', ...options, description: 'Ban someone' }, { name: 'caution', description: 'Warn' }, { type: 2, name: 'Ban' }];
    const plan = planScope(desired, current, DEFAULTS, { pairRenames: true });
    expect(plan.update).toEqual([]);
    expect(plan.create.map((c) => c.name).sort()).toEqual(['Ban', 'ban-member', 'caution']);
    expect(plan.delete.map((c) => c.id).sort()).toEqual(['1', '2', '3']);
  });

  it('does not let two new commands claim the same old one', () => {
    const current = [live('1', { name: 'warn', description: 'Warn' })];
    const plan = planScope([{ name: 'caution', description: 'Warn' }, { name: 'alert', description: 'Warn' }], current, DEFAULTS, { pairRenames: true });
    expect(plan.update).toEqual([]);
    expect(plan.create).toHaveLength(2);
  });
});

describe('planScope', () => {
  it('sorts commands into create, update, delete and unchanged, matching by type and name', () => {
    const current = [live('1', { name: 'same' }), live('2', { name: 'edit' }), live('3', { name: 'gone' }), live('4', { name: 'same', type: 2, description: '' })];
    const plan = planScope(
      [
        { name: 'same', description: 'd' },
        { name: 'edit', description: 'new' },
        { name: 'fresh', description: 'd' },
        { type: 2, name: 'same' },
      ],
      current,
      DEFAULTS,
    );
    expect(plan.unchanged.map((c) => c.id)).toEqual(['1', '4']);
    expect(plan.update).toEqual([
      { id: '2', name: 'edit', type: 1, changes: [{ path: 'description', field: 'description', before: 'd', after: 'new' }], patch: { description: 'new' } },
    ]);
    expect(plan.delete).toEqual([{ id: '3', name: 'gone', type: 1 }]);
    expect(plan.create).toEqual([{ name: 'fresh', type: 1, body: { type: 1, name: 'fresh', description: 'd' } }]);
    expect(plan.createsUsed).toBe(1);
  });

  it('patches only the changed top-level fields, whole', () => {
    const current = [live('1', { name: 'opt', options: [{ type: 3, name: 'a', description: 'x' }, { type: 3, name: 'b', description: 'y' }] })];
    const plan = planScope([{ name: 'opt', description: 'd', options: [{ type: 3, name: 'a', description: 'x' }, { type: 3, name: 'b', description: 'z' }] }], current, DEFAULTS);
    expect(Object.keys(plan.update[0]?.patch ?? {})).toEqual(['options']);
    expect(plan.update[0]?.patch.options).toHaveLength(2);
  });

  it('sends a field dropped from the file as its default, so the server forgets it', () => {
    const current = [live('1', { name: 'a', nsfw: true, default_member_permissions: '8', name_localizations: { de: 'x' }, contexts: [0] })];
    const plan = planScope([{ name: 'a', description: 'd' }], current, DEFAULTS);
    // contexts back to what null means on Discord: guilds and the bot's DMs (normalize.ts scopeDefaults).
    expect(plan.update[0]?.patch).toEqual({ name_localizations: null, default_member_permissions: null, nsfw: false, contexts: [0, 1] });
  });

  it('shows zero changes for the server-materialized form of the file', () => {
    const current = [
      live('1', { name: 'a', dm_permission: true, name_localizations: {}, description_localizations: null }),
      live('2', { type: 3, name: 'Quote', description: '' }),
    ];
    const plan = planScope([{ name: 'a', description: 'd' }, { type: 3, name: 'Quote' }], current, DEFAULTS);
    expect(hasChanges(plan, true)).toBe(false);
    expect(plan.unchanged).toHaveLength(2);
  });
});

describe('refusalsFor', () => {
  const current = [live('1', { name: 'a' }), live('2', { name: 'b' }), live('3', { name: 'c' })];

  it('refuses more creates than the day has left', () => {
    const plan = planScope([{ name: 'x', description: 'd' }, { name: 'y', description: 'd' }], [], DEFAULTS);
    const refusals = refusalsFor(plan, [], { prune: false, createsRemaining: 1, liveCount: 0, source: 'file' });
    expect(refusals.map((r) => r.rule)).toEqual(['daily-creates']);
    expect(refusals[0]?.message).toContain('only 1 of today');
  });

  it('says one command as one, in every refusal', () => {
    const one = planScope([{ name: 'x', description: 'd' }], [live('1', { name: 'a' })], DEFAULTS);
    const refusals = refusalsFor(one, [live('1', { name: 'a' })], { prune: true, createsRemaining: 0, liveCount: 1, source: 'file' });
    expect(refusals.map((r) => r.message)).toEqual([
      "The plan creates 1 command but only 0 of today's 200 creates are left for this scope. Split the change or wait until 00:00 UTC.",
      "The plan deletes 1 of the scope's 1 command (more than half).",
    ]);
  });

  it('refuses going over a per-type cap, counting what stays without --prune', () => {
    const many = Array.from({ length: 15 }, (_, i) => live(String(i), { type: 2, name: `U${i}`, description: '' }));
    const plan = planScope([{ type: 2, name: 'New one' }], many, DEFAULTS);
    const refused = refusalsFor(plan, many, { prune: false, createsRemaining: 200, liveCount: 15, source: 'file' });
    expect(refused.map((r) => r.rule)).toEqual(['type-cap']);
    // How to fit it is the door's to say (its file or list, its --prune or prune: true): the rule names the remedy.
    expect(refused[0]).toEqual({ rule: 'type-cap', message: 'The scope would hold 16 USER commands; the cap is 15.', remedy: { kind: 'fewer-commands', prune: true } });
    // No override: a cap holds whatever the user says.
    expect(standingRefusals(refused, ['delete-many', 'accept-skipped'])).toEqual(refused);
    // With --prune the 15 go (which is a mass delete, overridable), and the cap holds.
    expect(refusalsFor(plan, many, { prune: true, createsRemaining: 200, liveCount: 15, source: 'file' }).map((r) => r.rule)).toEqual(['mass-delete']);
  });

  it('says how to fit the cap in the words of where the commands come from', () => {
    const many = Array.from({ length: 15 }, (_, i) => live(String(i), { type: 2, name: `U${i}`, description: '' }));
    const plan = planScope([{ type: 2, name: 'New one' }], many, DEFAULTS);
    expect(refusalsFor(plan, many, { prune: false, createsRemaining: 200, liveCount: 15, source: 'copy' })[0]?.message).toBe('The scope would hold 16 USER commands; the cap is 15. Copy fewer commands, or delete some from the target first.');
  });

  it('refuses deleting more than half of the scope unless the delete-many override is given', () => {
    const plan = planScope([{ name: 'a', description: 'd' }], current, DEFAULTS);
    const refused = refusalsFor(plan, current, { prune: true, createsRemaining: 200, liveCount: 3, source: 'backup' });
    expect(refused).toEqual([{ rule: 'mass-delete', message: "The plan deletes 2 of the scope's 3 commands (more than half).", override: 'delete-many' }]);
    expect(standingRefusals(refused, [])).toEqual(refused);
    expect(standingRefusals(refused, ['accept-skipped'])).toEqual(refused);
    expect(standingRefusals(refused, ['delete-many'])).toEqual([]);
    expect(refusalsFor(plan, current, { prune: false, createsRemaining: 200, liveCount: 3, source: 'file' })).toEqual([]);
  });

  it('countsAfter adds creates and subtracts prunes', () => {
    const plan = planScope([{ name: 'a', description: 'd' }, { name: 'z', description: 'd' }], current, DEFAULTS);
    expect(countsAfter(plan, current, false).get(1)).toBe(4);
    expect(countsAfter(plan, current, true).get(1)).toBe(2);
  });
});
