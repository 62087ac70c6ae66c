/**
 * Properties of the validator as a whole: total (never throws), pure (never mutates), accepts
 * every generated valid command, rejects one mutant per limit at the right path, and survives
 * hostile input (`__proto__` keys, 100,000-deep nesting, 10 MB strings).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandSize, validateCommand, validateCommandSet } from '../../source/discord/validate.js';
import type { CommandDraft } from '../../source/discord/model.js';
import { maximalCommand, realisticCommandSet } from '../fixtures/commands.js';
import { validCommand, validSlashCommand } from './arbitraries.js';
import { brief, option, slash } from './helpers.js';

const GLOBAL = { scope: 'global' } as const;
const errorsOf = (command: unknown) => brief(validateCommand(command, GLOBAL).filter((found) => found.severity === 'error'));

const COMMAND_KEYS = ['type', 'name', 'description', 'options', 'choices', 'value', 'required', 'name_localizations', 'contexts',
  'integration_types', 'default_member_permissions', 'handler', 'min_value', 'max_length', 'channel_types', 'file_types', '__proto__', 'constructor'];
/** JSON shaped roughly like commands, so random values reach the deep rules too. */
const commandLike = fc.letrec((tie) => ({
  value: fc.oneof({ maxDepth: 5, depthIdentifier: 'command' }, fc.jsonValue({ maxDepth: 1 }), tie('record'),
    fc.array(tie('record'), { maxLength: 3, depthIdentifier: 'command' })),
  record: fc.dictionary(fc.constantFrom(...COMMAND_KEYS), tie('value'), { maxKeys: 5, depthIdentifier: 'command' }),
})).value;

describe('validator properties', () => {
  it('never throws and never changes its input, for 10,000 random JSON values', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), commandLike), (value) => {
        const before = JSON.stringify(value);
        const problems = [...validateCommand(value, GLOBAL), ...validateCommandSet(value, { scope: 'guild' })];
        commandSize(value);
        // Plain booleans, not expect(): ten thousand runs of matcher overhead would dominate the test.
        return JSON.stringify(value) === before && problems.every((found) => typeof found.message === 'string' && typeof found.path === 'string');
      }),
      { numRuns: 10_000 },
    );
  });

  it('finds no error in 1,000 generated valid commands', () => {
    fc.assert(fc.property(validCommand, (command) => {
      expect(errorsOf(command)).toEqual([]);
    }), { numRuns: 1_000 });
  });

  const MUTANT_OPTION = 'mutant-ω';
  const mutantOption = (overrides: object) => option({ name: MUTANT_OPTION, required: true, ...overrides });
  const MUTANTS: [limit: string, mutate: (command: CommandDraft) => void, expected: string][] = [
    ['name 32', (c) => { c.name = 'a'.repeat(33); }, 'error name name.length'],
    ['description 100', (c) => { c.description = 'd'.repeat(101); }, 'error description description.length'],
    ['options 25', (c) => { c.options = Array.from({ length: 26 }, (_, i) => option({ name: `o${i}` })); }, 'error options options.count'],
    ['choices 25', (c) => { c.options = [mutantOption({ choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })]; }, 'error options[0].choices choices.count'],
    ['choice name 100', (c) => { c.options = [mutantOption({ choices: [{ name: 'n'.repeat(101), value: 'v' }] })]; }, 'error options[0].choices[0].name choices.name.length'],
    ['choice value 100', (c) => { c.options = [mutantOption({ choices: [{ name: 'n', value: 'v'.repeat(101) }] })]; }, 'error options[0].choices[0].value choices.value.length'],
    ['min_length 6000', (c) => { c.options = [mutantOption({ min_length: 6001 })]; }, 'error options[0].min_length bounds.length'],
    ['max_length 6000', (c) => { c.options = [mutantOption({ max_length: 6001 })]; }, 'error options[0].max_length bounds.length'],
    ['integer 2^53−1', (c) => { c.options = [mutantOption({ type: 4, max_value: 2 ** 53 })]; }, 'error options[0].max_value bounds.value'],
    ['file types 10', (c) => { c.options = [mutantOption({ type: 11, file_types: Array.from({ length: 11 }, (_, i) => `.t${i}`) })]; }, 'error options[0].file_types file-types.count'],
  ];

  it.each(MUTANTS)('rejects a generated command pushed past the %s limit, at the right path', (_limit, mutate, expected) => {
    fc.assert(fc.property(validSlashCommand, (command) => {
      const mutant = structuredClone(command);
      mutate(mutant);
      expect(errorsOf(mutant)).toEqual([expected]);
    }), { numRuns: 50 });
  });

  it('rejects the maximal command plus one character, and a set past each cap', () => {
    const command = maximalCommand();
    // The one 84-character choice name gets an 85-character localization: only the longest variant counts.
    const shortChoice = command.options!.flatMap((entry) => entry.choices ?? []).find((choice) => choice.name.length === 84)!;
    shortChoice.name_localizations = { ko: 'k'.repeat(85) };
    expect(errorsOf(command)).toEqual(['error  size.total']);
    const set = realisticCommandSet();
    set.push(...Array.from({ length: 21 }, (_, i) => slash({ name: `extra${i}` })));
    expect(brief(validateCommandSet(set, GLOBAL))).toEqual(['error  scope.count.chat-input']);
  });
});

describe('hostile input', () => {
  it('treats __proto__ and constructor keys as plain unknown fields', () => {
    const command = JSON.parse(`{"name":"ban","description":"d","__proto__":{"options":[1],"name":5},"constructor":{"prototype":{"polluted":true}},
      "options":[{"type":3,"name":"a","description":"d","__proto__":{"required":true},"choices":[{"name":"c","value":"v","constructor":1}]}]}`) as unknown;
    const before = JSON.stringify(command);
    expect(brief(validateCommand(command, GLOBAL))).toEqual([
      'warning __proto__ shape.unknown-field',
      'warning constructor shape.unknown-field',
      'warning options[0].__proto__ shape.unknown-field',
      'warning options[0].choices[0].constructor shape.unknown-field',
    ]);
    expect(JSON.stringify(command)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never reads inherited fields: a bare object has no name or description', () => {
    expect(brief(validateCommand({}, GLOBAL))).toEqual(['error name shape.required', 'error description shape.required']);
    expect(brief(validateCommand(JSON.parse('{"constructor":"x","toString":"y","name":"ban","description":"d"}'), GLOBAL)))
      .toEqual(['warning constructor shape.unknown-field', 'warning toString shape.unknown-field']);
  });

  it('answers 100,000-deep nesting with a problem, not a stack overflow', () => {
    let options: unknown = [option()];
    let arrays: unknown = [];
    for (let depth = 0; depth < 100_000; depth += 1) {
      options = [{ type: 2, name: 'g', description: 'd', options }];
      arrays = [arrays];
    }
    expect(errorsOf({ name: 'deep', description: 'd', options })).toEqual(['error options[0].options[0].type options.nesting']);
    expect(errorsOf({ name: 'deep', description: 'd', options: arrays })).toEqual(['error options[0] shape.object']);
    expect(commandSize({ name: 'deep', description: 'd', options }).total).toBeGreaterThan(0);
  });

  it('answers 10 MB strings with a length problem', () => {
    const huge = 'A '.repeat(5 * 1024 * 1024);
    expect(errorsOf({ name: huge, description: huge, options: [option({ name: huge, choices: [{ name: 'c', value: huge }] })] })).toEqual([
      'error name name.length',
      'error description description.length',
      'error options[0].name name.length',
      'error options[0].choices[0].value choices.value.length',
      'error  size.total',
    ]);
    expect(errorsOf(slash({ name_localizations: { [huge]: 'x' } }))).toHaveLength(1);
  });
});
