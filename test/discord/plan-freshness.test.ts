/** Whether a plan still holds for the scope as read again under the lock (discord/plan-freshness.ts). */
import { describe, expect, it } from 'vitest';
import type { Command } from '../../source/discord/model.js';
import { scopeDefaults } from '../../source/discord/normalize.js';
import { planScope } from '../../source/discord/plan.js';
import { planStillHolds } from '../../source/discord/plan-freshness.js';

const command = (id: string, name: string, description = 'A command'): Command => ({ id, application_id: '1', version: '1', type: 1, name, description }) as Command;
const live = [command('10', 'ping'), command('11', 'ban')];
const desired = [{ name: 'ping', description: 'Changed', type: 1 }, { name: 'kick', description: 'New', type: 1 }];
const plan = planScope(desired, live, scopeDefaults('global', [0]));

describe('planStillHolds', () => {
  it.each([
    ['nothing changed', live, false, true],
    ['nothing changed (pruning)', live, true, true],
    ['an unrelated command appeared', [...live, command('12', 'other')], false, true],
    ['an unrelated command appeared, pruning (it would stay: a state no file describes)', [...live, command('12', 'other')], true, false],
    ['the command the plan updates was edited', [command('10', 'ping', 'Edited elsewhere'), live[1]!], false, false],
    ['the command the plan updates was deleted', [live[1]!], false, false],
    ['a command took the name the plan creates', [...live, command('13', 'kick')], false, false],
  ])('%s', (_, now, prune, holds) => {
    expect(planStillHolds(plan, live, now, prune)).toBe(holds);
  });
});
