/** How every door tells a carried-out plan: the changes made, grouped; what a restore put back. */
import { describe, expect, it } from 'vitest';
import type { Command } from '../../source/discord/model.js';
import { madeSummary, restoredSummary, stepLine } from '../../source/operations/plan-outcome.js';
import type { ExecutedStep } from '../../source/operations/send-plan.js';

const command = (name: string) => ({ id: '1', application_id: '2', name, description: 'd', type: 1, version: '1' }) as Command;
const created = (name: string): ExecutedStep => ({ kind: 'create', command: command(name), created: true });

describe('madeSummary', () => {
  it.each([
    [[], ''],
    [[created('a')], 'created /a'],
    [[created('a'), { kind: 'update', command: command('b') } as ExecutedStep, created('c')], 'created /a, /c; updated /b'],
    [['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(created), 'created /a, /b, /c, /d, /e and 2 more'],
  ])('%#', (steps, expected) => {
    expect(madeSummary(steps)).toBe(expected);
  });

  it('says an existing command overwritten as such', () => {
    expect(stepLine({ kind: 'create', command: command('a'), created: false })).toBe('  overwrote /a');
  });
});

describe('a restore told', () => {
  it('counts in plurals', () => {
    expect(restoredSummary({ steps: [created('a')], restored: [] })).toBe('Restored 1 command change and 0 overwrite lists');
  });
});
