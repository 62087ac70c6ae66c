/**
 * How Discord itself words each rule's failure: the terse, fixed `_errors[].message` (or top-level
 * `message` for rules with a JSON code) the API answers with, where in the errors tree it lands, and the
 * source of each text, one line per rule. The emulator answers in these words (issue 22); cmd-tui's own
 * output keeps the rules table's advice. Where no recorded text was found the line says so (NONE) and the
 * text states the docs' rule in the terse style of Discord's recorded texts.
 *
 * Decisions beside the texts:
 * - A name that fails the naming regex is STRING_TYPE_REGEX (recorded, WOKCommands#100); a name that only
 *   breaks the lowercase rule is APPLICATION_COMMAND_INVALID_NAME "Command name is invalid" (recorded,
 *   gcommands#295, whose trigger is not shown: inferred).
 * - A duplicate command name sits on the bulk body's array index, not on the item's `name` (deploy
 *   scripts read `errors[index]._errors`, see test/fixtures/discord/duplicate-command-name.json).
 * - `contexts` and `integration_types` on guild commands are accepted and dropped, not refused: guild
 *   command objects have neither (observed, discord-api-types PR #1777, 2026-08-26), the docs call them
 *   "only for globally-scoped commands", and no refusal is recorded while discord.py's copy_global_to
 *   flow sends them to guilds every day.
 * - Every error of a body is answered at once, each in the code for its kind (issue 31): a value that is no
 *   integer where an enumerated one goes is NUMBER_TYPE_COERCE, BASE_TYPE_CHOICES only an integer outside
 *   the choices (test/fixtures/discord/type-names-not-ints.json); a non-object where a model goes is
 *   MODEL_TYPE_CONVERT, and an object where a list of models goes is one MODEL_TYPE_CONVERT per key, as
 *   Discord iterates its keys (options-not-a-list.json, staff answer in discord-api-docs#3784).
 */
import { CHANNEL_TYPE_NAMES, OPTION_TYPE_NAMES } from './model.js';
import { indexPath } from './problem-path.js';
import { originOf, ruleById, type DetailsOf, type RuleKey } from './rules.js';
import type { Problem } from './model.js';

interface Answer<Details> {
  /** Discord's text for the failure. */
  text: (details: Details) => string;
  /** Overrides the rule's code where Discord's depends on the failure (e.g. the regex, or what was sent). */
  code?: string | ((details: Details) => string);
  /** The error sits on the parent of the validator's path (the array index of a bulk item). */
  onParent?: true;
  source: string;
}

const REF = 'DOCS/REF "Error Messages" (https://discord.com/developers/docs/reference#error-messages)';
const LENGTH = 'recorded form "Must be N or fewer in length." (discord-api-docs PR #3033; discord.py CommandSyncFailure "choices: Must be 25 or fewer in length.")';
const NONE = 'no recorded text found: the docs\' rule in the terse style of Discord\'s recorded texts';

const oneOf = (values: readonly (number | string)[]) => `Value must be one of (${values.join(', ')}).`;
const between = (min: number, max: number) => `Must be between ${min} and ${max} in length.`;
const atMost = (max: number) => `Must be ${max} or fewer in length.`;
const keys = (names: Record<number, string>) => Object.keys(names).map(Number);

/** Discord's words for a model (command, option, choice, overwrite) that is not an object. */
export const NOT_A_MODEL = { code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' } as const;
/** Discord's words for a value that is not a list (and not an object, read as the list of its keys) where a list goes. */
export const NOT_A_LIST = { code: 'LIST_TYPE_CONVERT', message: 'Only iterables may be used in a ListType' } as const;
const MODEL_SOURCE = 'https://github.com/discord/discord-api-docs/issues/3784 (staff answer) and #4494';

/** A value that is not an integer where one goes: `Value "CHAT_INPUT" is not int.` */
export function notIntText(value: string): string {
  return `Value "${value}" is not int.`;
}

/** The validator shows a value as `showValue` does: a JSON string for a string, else its text. */
function shownText(value: string): string {
  if (!value.startsWith('"')) return value;
  try {
    return String(JSON.parse(value));
  } catch {
    return value;
  }
}

const isIntText = (value: string) => /^-?\d+$/.test(value);

/**
 * An enumerated integer: one outside the choices is BASE_TYPE_CHOICES, anything that is not an integer
 * (a type's name, `"STRING"`) fails before, as NUMBER_TYPE_COERCE (test/fixtures/discord/type-names-not-ints.json).
 */
function intChoice(values: readonly number[], source: string): Answer<{ value: string }> {
  return {
    code: ({ value }) => (isIntText(value) ? 'BASE_TYPE_CHOICES' : 'NUMBER_TYPE_COERCE'),
    text: ({ value }) => (isIntText(value) ? oneOf(values) : notIntText(shownText(value))),
    source: `${source}; not an int: https://github.com/gonzyui/Discord-Template-V13/issues/8`,
  };
}

/** Only rules that are errors: warnings never reach the API's answer. */
const ANSWERS: { [K in RuleKey]?: Answer<DetailsOf<K>> } = {
  objectType: { code: NOT_A_MODEL.code, text: () => NOT_A_MODEL.message, source: MODEL_SOURCE },
  // An object where a list of models goes is read as the list of its keys: see discordAnswers.
  arrayType: { code: NOT_A_LIST.code, text: () => NOT_A_LIST.message, source: NONE },
  fieldType: { text: ({ expected }) => `Could not interpret the value as ${expected}.`, source: NONE },
  required: { text: () => 'This field is required', source: REF },
  commandType: intChoice([1, 2, 3, 4], `${REF}, form "Value must be one of (0, 1, 2, 3, 4, 5)."`),
  optionType: intChoice(keys(OPTION_TYPE_NAMES), REF),
  nameLength: { text: () => between(1, 32), source: 'recorded form "Must be between A and B in length." (facts §6.3)' },
  namePattern: { code: 'STRING_TYPE_REGEX', text: () => 'String value did not match validation regex.', source: 'https://github.com/AlexzanderFlores/WOKCommands/issues/100' },
  nameLowercase: { text: () => 'Command name is invalid', source: 'https://github.com/Garlic-Team/gcommands/issues/295' },
  descriptionLength: { text: () => between(1, 100), source: 'recorded form, facts §6.3' },
  descriptionNotAllowed: { text: () => 'Description must be empty for USER and MESSAGE commands', source: NONE },
  optionsNotAllowed: { text: () => 'Options are only allowed on CHAT_INPUT commands', source: NONE },
  optionsCount: { text: () => atMost(25), source: LENGTH },
  requiredOrder: { text: () => 'Required options must be placed before non-required options', source: 'facts §6.3 (public code)' },
  duplicateOptionName: { text: () => 'Option names must be unique', source: NONE },
  localizedNameConflict: { text: () => 'Localized option names must be unique', source: NONE },
  requiredOnContainer: { text: () => 'Required cannot be configured for this type of option', source: 'https://github.com/discord/discord-api-docs/issues/4359' },
  nesting: { text: () => 'Invalid option type for this level of nesting', source: NONE },
  mixedLevel: { text: () => 'Subcommands cannot be mixed with other option types', source: NONE },
  emptyGroup: { text: () => between(1, 25), source: 'recorded form, facts §6.3' },
  fieldForType: { text: ({ field }) => `${field} is not allowed for this option type`, source: NONE },
  choicesCount: { text: () => atMost(25), source: LENGTH },
  autocompleteWithChoices: { text: () => 'Autocomplete cannot be set with choices', source: NONE },
  choiceNameLength: { text: () => between(1, 100), source: 'recorded form, facts §6.3' },
  choiceValueType: { text: ({ expected }) => `Could not interpret the value as ${expected}.`, source: NONE },
  choiceValueRange: { text: ({ range }) => `Value must be ${range}.`, source: NONE },
  choiceValueLength: { text: ({ max }) => atMost(max), source: LENGTH },
  lengthBound: { text: ({ min, max }) => `Must be between ${min} and ${max}.`, source: NONE },
  lengthOrder: { text: () => 'min_length must be less than or equal to max_length', source: NONE },
  valueBound: { text: ({ range }) => `Value must be ${range}.`, source: NONE },
  valueOrder: { text: () => 'min_value must be less than or equal to max_value', source: NONE },
  channelType: intChoice(keys(CHANNEL_TYPE_NAMES), REF),
  fileTypesCount: { text: () => atMost(10), source: LENGTH },
  fileTypeValue: { text: () => 'Invalid file type', source: NONE },
  handlerNotAllowed: { text: () => 'Handler is only allowed on PRIMARY_ENTRY_POINT commands', source: NONE },
  handlerNeedsEmbedded: { text: () => 'Application must be embedded to use this handler', source: NONE },
  handlerValue: intChoice([1, 2], REF),
  entryPointInGuild: { text: () => 'PRIMARY_ENTRY_POINT commands cannot be guild commands', source: NONE },
  contextValue: intChoice([0, 1, 2], REF),
  integrationTypeValue: intChoice([0, 1], REF),
  integrationTypeUnsupported: { text: () => 'Integration type is not supported by the application', source: NONE },
  emptyList: { text: () => 'Must be 1 or more in length.', source: `${NONE} (SPEC minItems 1)` },
  permissionsFormat: { text: ({ value }) => `Value "${value}" is not int.`, source: 'recorded form "Value \\"x\\" is not snowflake." (discord.js#6711), for an int' },
  localeUnknown: { text: () => 'Invalid locale', source: NONE },
  sizeTotal: { text: () => 'Command exceeds maximum size (8000)', source: REF },
  setItemId: { text: ({ value }) => `Value ${value} is not snowflake.`, source: 'https://github.com/discordjs/discord.js/issues/6711 (form "Value \"ping\" is not snowflake.")' },
  setItems: { text: () => atMost(130), source: `${LENGTH}; limit from SPEC maxItems` },
  countChatInput: { text: () => 'Maximum number of application commands reached (100)', source: 'test/fixtures/discord/max-commands-reached.json' },
  countUser: { text: () => 'Maximum number of application commands reached (15)', source: 'form of max-commands-reached.json with the docs\' limit' },
  countMessage: { text: () => 'Maximum number of application commands reached (15)', source: 'form of max-commands-reached.json with the docs\' limit' },
  countEntryPoint: { text: () => 'Maximum number of application commands reached (1)', source: 'form of max-commands-reached.json with the docs\' limit' },
  duplicateCommandName: { text: () => 'Application command names must be unique', onParent: true, source: 'https://github.com/albertgmz/BeatDock/issues/103' },
};

export interface DiscordAnswer {
  /** `_errors[].code`, or the rule's code when Discord answers with a top-level JSON code. */
  code: string;
  message: string;
  /** Where in the errors tree, in the validator's path syntax. */
  path: string;
  /** Set when Discord answers with a top-level JSON code instead of 50035. */
  jsonCode?: number;
}

/** Drops the last segment: `[2].name` → `[2]`, `options[1]` → `options`. */
function parentPath(path: string): string {
  return path.replace(/(?:\.[^.[\]]+|\[\d+\])$/, '');
}

/**
 * Discord's answers to a problem the validator found (an error made by `problem()` in rules.ts): one, or
 * for an object sent where a list of models goes, one per key at `path.N`, as Discord iterates the
 * object's keys and finds no model in them (test/fixtures/discord/options-not-a-list.json).
 */
export function discordAnswers(found: Problem): DiscordAnswer[] {
  const origin = originOf(found);
  if (origin?.key === 'arrayType') {
    const { objectKeys } = origin.details as DetailsOf<'arrayType'>;
    if (objectKeys !== undefined) {
      return Array.from({ length: objectKeys }, (_, index) => ({ ...NOT_A_MODEL, path: indexPath(found.path, index) }));
    }
  }
  const rule = ruleById(found.rule);
  const answer = (origin ? ANSWERS[origin.key] : undefined) as Answer<unknown> | undefined;
  const code = typeof answer?.code === 'function' ? answer.code(origin?.details) : answer?.code;
  return [{
    code: code ?? rule?.code ?? 'BASE_TYPE_INVALID',
    message: answer ? answer.text(origin?.details) : found.message,
    path: answer?.onParent ? parentPath(found.path) : found.path,
    ...(rule?.jsonCode !== undefined ? { jsonCode: rule.jsonCode } : {}),
  }];
}
