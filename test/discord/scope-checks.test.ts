/** The scope rules the editor checks inline are the ones save and `plan` apply: counts per type, unique names, the day's creates. */
import { describe, expect, it } from 'vitest';
import type { Command, CommandDraft } from '../../source/discord/model.js';
import { draftScopeProblems } from '../../source/discord/scope-checks.js';
import { brief, slash } from './helpers.js';

let nextId = 1000;
function stored(draft: CommandDraft): Command {
  nextId += 1;
  return { id: String(nextId), application_id: '1', version: '1', type: 1, ...draft } as Command;
}

const entryPoint = (name: string): CommandDraft => ({ type: 4, name, description: 'Launch', handler: 2 });
const global = { scope: 'global' as const, appFlags: 1 << 17 };

describe('scope rules for the command in the editor', () => {
  const launch = stored(entryPoint('launch'));
  const ping = stored(slash({ name: 'ping' }));
  const hundred = Array.from({ length: 100 }, (_, i) => stored(slash({ name: `c${i}` })));

  it.each([
    ['a second entry point', entryPoint('play'), [launch], undefined, undefined, ['error  scope.count.entry-point']],
    ['the 101st CHAT_INPUT command', slash({ name: 'extra' }), hundred, undefined, undefined, ['error  scope.count.chat-input']],
    ['a create that replaces one of 100 (an upsert)', slash({ name: 'c5' }), hundred, undefined, undefined, []],
    ['an edit in a full scope', slash({ name: 'c5', description: 'New' }), hundred, hundred[5]!.id, undefined, []],
    ['a create with the name of an existing command (an upsert)', slash({ name: 'ping' }), [ping, launch, stored(slash({ name: 'pong' }))], undefined, undefined, []],
    ['a create with the day’s creates used up', slash({ name: 'new' }), [ping], undefined, 200, ['warning  scope.daily-creates']],
    ['an edit with the day’s creates used up', slash({ name: 'ping', description: 'x' }), [ping], ping.id, 200, []],
  ] as const)('%s', (_, draft, existing, originalId, createsUsed, expected) => {
    expect(brief(draftScopeProblems(draft, { existing, originalId, createsUsed, context: global }))).toEqual(expected);
  });

  it('an edit renamed into the name of another command of its type is refused at the name, naming that command', () => {
    const pong = stored(slash({ name: 'pong' }));
    const problems = draftScopeProblems(slash({ name: 'ping' }), { existing: [ping, pong], originalId: pong.id, context: global });
    expect(brief(problems)).toEqual(['error name scope.duplicate-name']);
    expect(problems[0]?.message).toContain('already defined at /ping (CHAT_INPUT)');
  });

  it('a USER command may share a CHAT_INPUT command’s name', () => {
    const user = stored({ type: 2, name: 'Profile' } as CommandDraft);
    expect(draftScopeProblems({ type: 2, name: 'ping' } as CommandDraft, { existing: [ping], originalId: user.id, context: global })).toEqual([]);
  });
});
