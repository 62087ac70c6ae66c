/**
 * fast-check arbitraries for commands that satisfy every rule: slash names from a mixed-script
 * alphabet, options in a legal tree with required ones first, type-correct choices and bounds,
 * and localized option names that cannot collide (they use a letter no default name contains).
 */
import fc from 'fast-check';
import { CHANNEL_TYPE_NAMES, LOCALES } from '../../source/discord/model.js';
import type { CommandDraft, CommandOption } from '../../source/discord/model.js';
import { commandSize } from '../../source/discord/validate.js';

const NAME_CHARACTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789-_', 'é', 'ʼ', 'न', 'ि', 'ก', 'ั', '日', 'ß'];
/** Not in NAME_CHARACTERS: a localized name starting with it never equals a default name. */
const LOCALIZED_MARK = 'ł';

export const slashName = fc.string({ unit: fc.constantFrom(...NAME_CHARACTERS), minLength: 1, maxLength: 32 });
const menuName = fc.string({ unit: 'binary', minLength: 1, maxLength: 32 });
const description = fc.oneof(
  fc.string({ minLength: 1, maxLength: 100 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }),
);
const locales = fc.uniqueArray(fc.constantFrom(...LOCALES), { maxLength: 4 });

function localizedNames(name: string, chosen: readonly string[]): Record<string, string> {
  return Object.fromEntries(chosen.map((locale) => [locale, `${LOCALIZED_MARK}${[...name].slice(0, 31).join('')}`]));
}

const descriptionLocalizations = fc.dictionary(fc.constantFrom(...LOCALES), description, { maxKeys: 3 });
const safeInteger = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const number = fc.double({ min: -(2 ** 53), max: 2 ** 53, noNaN: true, noDefaultInfinity: true });

function ordered<T>(pair: [T, T]): [T, T] {
  return pair[0] <= pair[1] ? pair : [pair[1], pair[0]];
}

/** The type-specific part of a plain option. */
const plainOptionFields: fc.Arbitrary<Partial<CommandOption> & { type: number }> = fc.oneof(
  fc.record({
    type: fc.constant(3),
    choices: fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 100 }), value: fc.string({ maxLength: 100 }) }), { maxLength: 5 }),
  }),
  fc.tuple(fc.integer({ min: 0, max: 6000 }), fc.integer({ min: 1, max: 6000 }), fc.boolean()).map(([a, b, autocomplete]) => {
    const [min, max] = ordered([a, b]);
    return { type: 3, min_length: min, max_length: Math.max(max, 1), autocomplete };
  }),
  fc.record({ type: fc.constant(4), choices: fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 100 }), value: safeInteger }), { maxLength: 5 }) }),
  fc.tuple(safeInteger, safeInteger).map((pair) => {
    const [min, max] = ordered(pair);
    return { type: 4, min_value: min, max_value: max };
  }),
  fc.record({ type: fc.constant(10), choices: fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 100 }), value: number }), { maxLength: 5 }) }),
  fc.tuple(number, number).map((pair) => {
    const [min, max] = ordered(pair);
    return { type: 10, min_value: min, max_value: max, autocomplete: true };
  }),
  fc.constantFrom(5, 6, 8, 9).map((type) => ({ type })),
  fc.uniqueArray(fc.constantFrom(...Object.keys(CHANNEL_TYPE_NAMES).map(Number))).map((channelTypes) => ({ type: 7, channel_types: channelTypes })),
  fc.uniqueArray(fc.constantFrom('image', 'video', 'audio', '.pdf', '.png', '.tar.gz'), { maxLength: 6 }).map((fileTypes) => ({ type: 11, file_types: fileTypes })),
);

/** Named parts whose names are unique among siblings. */
function named<T extends object>(fields: fc.Arbitrary<T>, maxLength: number, minLength = 0) {
  return fc.uniqueArray(
    fc.record({ name: slashName, description, locales, descriptionLocalizations, fields }),
    { minLength, maxLength, selector: (entry) => entry.name },
  ).map((entries) => entries.map(({ name, description: text, locales: chosen, descriptionLocalizations: descriptions, fields: rest }) => ({
    name,
    description: text,
    name_localizations: localizedNames(name, chosen),
    description_localizations: descriptions,
    ...rest,
  })));
}

/** Plain options with the required ones first. */
const plainOptions = (maxLength: number) =>
  named(fc.tuple(plainOptionFields, fc.boolean()).map(([fields, required]) => ({ ...fields, required })), maxLength)
    .map((options) => [...options].sort((a, b) => Number(b.required) - Number(a.required)) as CommandOption[]);

const subcommandFields = plainOptions(3).map((options) => ({ type: 1, options }));
const groupFields = named(subcommandFields, 3, 1).map((options) => ({ type: 2, options }));

/** Either plain options, or subcommands and groups (names unique across both). */
const optionTree: fc.Arbitrary<CommandOption[]> = fc.oneof(
  plainOptions(8),
  named(fc.oneof(subcommandFields, groupFields), 4) as fc.Arbitrary<CommandOption[]>,
);

const installation = fc.record(
  {
    contexts: fc.uniqueArray(fc.constantFrom(0, 1, 2), { minLength: 1 }),
    integration_types: fc.uniqueArray(fc.constantFrom(0, 1), { minLength: 1 }),
    default_member_permissions: fc.option(fc.bigInt(0n, (1n << 54n) - 1n).map(String)),
    nsfw: fc.boolean(),
  },
  { requiredKeys: [] },
);

const slashCommand: fc.Arbitrary<CommandDraft> = fc.tuple(slashName, description, locales, descriptionLocalizations, optionTree, installation)
  .map(([name, text, chosen, descriptions, options, extra]) => ({
    type: 1,
    name,
    name_localizations: Object.fromEntries(chosen.map((locale) => [locale, `${LOCALIZED_MARK}${[...name].slice(0, 31).join('')}`])),
    description: text,
    description_localizations: descriptions,
    options,
    ...extra,
  }));

const menuCommand: fc.Arbitrary<CommandDraft> = fc.tuple(fc.constantFrom(2, 3), menuName, fc.dictionary(fc.constantFrom(...LOCALES), menuName, { maxKeys: 3 }), installation)
  .map(([type, name, names, extra]) => ({ type, name, name_localizations: names, ...extra }));

const entryPointCommand: fc.Arbitrary<CommandDraft> = fc.record({ type: fc.constant(4), name: slashName, description }, { requiredKeys: ['type', 'name'] });

const withinSize = (command: CommandDraft) => commandSize(command).total <= 8000;

/** CHAT_INPUT commands valid in global scope for an app with default flags (both installation types). */
export const validSlashCommand: fc.Arbitrary<CommandDraft> = slashCommand.filter(withinSize);

/** Commands of every type valid in global scope for an app with default flags. */
export const validCommand: fc.Arbitrary<CommandDraft> = fc.oneof(
  { arbitrary: validSlashCommand, weight: 6 },
  { arbitrary: menuCommand, weight: 2 },
  { arbitrary: entryPointCommand, weight: 1 },
)
  .filter(withinSize);
