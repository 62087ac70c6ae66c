/** What of a scope another API answered Discord could hold (discord/storable-commands.ts), taken in order. */
import { describe, expect, it } from 'vitest';
import { ApplicationFlags } from '../../source/discord/model.js';
import { storableCommands } from '../../source/discord/storable-commands.js';

/** An app with Activities (EMBEDDED), which may have an entry point. */
const GLOBAL = { scope: 'global' as const, appFlags: ApplicationFlags.Embedded };
const snowflake = (base: bigint, id: number) => String(base + BigInt(id));
const slash = (id: number, name: string, extra: Record<string, unknown> = {}) => ({ id: snowflake(900000000000000000n, id), type: 1, name, description: 'd', ...extra });

describe('storableCommands', () => {
  it.each<[string, unknown[], string[], string[]]>([
    ['valid commands, all kept', [slash(1, 'a'), slash(2, 'b')], ['a', 'b'], []],
    ['a second id, left out', [slash(1, 'a'), slash(1, 'b')], ['a'], ["its id 900000000000000001 is another command's"]],
    ['a second name of one type, left out', [slash(1, 'a'), slash(2, 'a')], ['a'], ['CHAT_INPUT command `a` is already defined at the command with id 900000000000000001: names are unique per type in a scope']],
    ['one name in two types, both kept', [slash(1, 'a'), { id: snowflake(900000000000000000n, 2), type: 2, name: 'a' }], ['a', 'a'], []],
    ['a second entry point, left out', [slash(1, 'go', { type: 4, handler: 2 }), slash(2, 'again', { type: 4, handler: 2 })], ['go'], ['the scope already holds its one PRIMARY_ENTRY_POINT command, the only one Discord keeps']],
    ['no id', [{ type: 1, name: 'a', description: 'd' }], [], ['it has no id']],
    ['an id that is no snowflake', [slash(1, 'a', { id: 'abc' })], [], [expect.stringContaining('abc') as unknown as string]],
    ['not an object', [null, 'x'], [], ['it is not a command object', 'it is not a command object']],
  ])('%s', (_name, commands, kept, why) => {
    const result = storableCommands(commands, GLOBAL, new Set());
    expect(result.kept.map((command) => command.name)).toEqual(kept);
    expect(result.leftOut.map((item) => item.why)).toEqual(why);
  });

  it('leaves out an invalid command with the validator’s words, where it is wrong', () => {
    const { leftOut } = storableCommands([slash(1, 'ok', { options: [{ type: 3, name: 'Bad', description: 'x' }] })], GLOBAL, new Set());
    expect(leftOut).toEqual([{ name: 'ok', type: 'CHAT_INPUT', why: expect.stringMatching(/^options\[0\]\.name: /) }]);
  });

  it('counts ids across scopes: a guild command may not take a global one’s id', () => {
    const ids = new Set<string>();
    storableCommands([slash(1, 'a')], GLOBAL, ids);
    expect(storableCommands([slash(1, 'b')], { scope: 'guild' }, ids).leftOut.map((item) => item.why)).toEqual(["its id 900000000000000001 is another command's"]);
  });

  it('keeps a full scope of every type (131) and leaves out the rest of 60,000, naming a long name shortly', () => {
    const commands = [
      ...Array.from({ length: 60_000 }, (_, index) => slash(index, `c${index}`)),
      ...Array.from({ length: 16 }, (_, index) => ({ id: snowflake(910000000000000000n, index), type: 2, name: `User ${index}` })),
      ...Array.from({ length: 16 }, (_, index) => ({ id: snowflake(920000000000000000n, index), type: 3, name: `Message ${index}` })),
      slash(70_000, 'launch', { type: 4, handler: 2 }),
      slash(70_001, 'x'.repeat(200)),
    ];
    const { kept, leftOut } = storableCommands(commands, GLOBAL, new Set());
    expect(kept).toHaveLength(131);
    expect(leftOut).toHaveLength(commands.length - 131);
    expect(leftOut.at(-1)!.name).toBe(`${'x'.repeat(39)}…`);
  });
});
