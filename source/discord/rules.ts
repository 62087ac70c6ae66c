/**
 * The rules table: the one source of truth for every check the validator makes. Each rule has a
 * stable id (shown to users, used in `--json` output and tests), a severity, a message builder
 * (what happened and what to do), and the field-error code the emulator answers with inside
 * Discord's 400/50035 error tree.
 *
 * Codes marked "confirmed" appear in discord-api-facts.md §6.3. Discord has not published codes
 * for the others; those use a descriptive name in Discord's style and are marked "chosen".
 */
import { truncate as excerpt } from './json-value.js';
import type { Problem } from './model.js';

export type Severity = Problem['severity'];

export interface Rule<Details = void> {
  id: string;
  severity: Severity;
  /** Field-level `_errors[].code` string the emulator answers with. */
  code: string;
  /**
   * Set when Discord answers with a top-level JSON error code instead of 50035 (Invalid Form Body),
   * e.g. 30032 for "Maximum number of application commands reached".
   */
  jsonCode?: number;
  message: (details: Details) => string;
}

const quote = (text: string) => `\`${text}\``;

function rule<Details = void>(
  id: string,
  severity: Severity,
  code: string,
  message: (details: Details) => string,
  jsonCode?: number,
): Rule<Details> {
  return jsonCode === undefined ? { id, severity, code, message } : { id, severity, code, message, jsonCode };
}

export const RULES = {
  // ── Shapes ────────────────────────────────────────────────────────────────────────────────
  /** chosen: Discord's form parser rejects non-objects where a dictionary is expected. */
  objectType: rule<{ what: string }>('shape.object', 'error', 'DICT_TYPE_CONVERT', ({ what }) =>
    `${what} must be a JSON object`),
  /**
   * chosen. `objectKeys`: the value was an object with that many keys, which Discord reads as a list of
   * its keys (discord-answers.ts).
   */
  arrayType: rule<{ field: string; objectKeys?: number }>('shape.array', 'error', 'LIST_TYPE_CONVERT', ({ field }) =>
    `${quote(field)} must be an array`),
  /** chosen */
  fieldType: rule<{ field: string; expected: string; actual: string }>('shape.field-type', 'error', 'BASE_TYPE_BAD_TYPE',
    ({ field, expected, actual }) => `${quote(field)} must be ${expected}, not ${actual}`),
  /** chosen. A warning: Discord silently drops keys it does not know, so a typo loses the setting. */
  unknownField: rule<{ field: string; known: readonly string[] }>('shape.unknown-field', 'warning', 'BASE_TYPE_UNKNOWN_FIELD',
    ({ field, known }) => {
      const near = known.find((candidate) => isNearMiss(field, candidate));
      return `${quote(excerpt(field))} is not a field Discord knows and would be ignored` +
        (near ? `: did you mean ${quote(near)}?` : '; remove it');
    }),
  /** confirmed */
  required: rule<{ field: string }>('shape.required', 'error', 'BASE_TYPE_REQUIRED', ({ field }) =>
    `${quote(field)} is required`),

  // ── Command type ──────────────────────────────────────────────────────────────────────────
  /** confirmed (BASE_TYPE_CHOICES "Value must be one of …") */
  commandType: rule<{ value: string }>('type.value', 'error', 'BASE_TYPE_CHOICES', ({ value }) =>
    `command type ${excerpt(value)} is unknown: use 1 (CHAT_INPUT), 2 (USER), 3 (MESSAGE) or 4 (PRIMARY_ENTRY_POINT)`),
  /** confirmed */
  optionType: rule<{ value: string }>('option.type', 'error', 'BASE_TYPE_CHOICES', ({ value }) =>
    `option type ${excerpt(value)} is unknown: use 1–11 (SUB_COMMAND … ATTACHMENT)`),

  // ── Names ─────────────────────────────────────────────────────────────────────────────────
  /** confirmed */
  nameLength: rule<{ length: number }>('name.length', 'error', 'BASE_TYPE_BAD_LENGTH', ({ length }) =>
    `name has ${length} characters: use 1–32`),
  /** confirmed */
  namePattern: rule<{ name: string; bad: string; suggestion: string | undefined; lowercase: boolean }>('name.pattern', 'error',
    'APPLICATION_COMMAND_INVALID_NAME', ({ name, bad, suggestion, lowercase }) =>
      `${quote(excerpt(name))} contains ${bad}: use only ${lowercase ? 'lowercase ' : ''}letters, numbers, \`-\`, \`_\` and \`ʼ\` (U+02BC), no spaces` +
      (suggestion ? `, e.g. ${quote(excerpt(suggestion))}` : '')),
  /** confirmed */
  nameLowercase: rule<{ name: string; lower: string }>('name.lowercase', 'error', 'APPLICATION_COMMAND_INVALID_NAME',
    ({ name, lower }) => `use lowercase: ${quote(excerpt(lower))}, not ${quote(excerpt(name))}`),

  // ── Descriptions ──────────────────────────────────────────────────────────────────────────
  /** confirmed */
  descriptionLength: rule<{ length: number }>('description.length', 'error', 'BASE_TYPE_BAD_LENGTH', ({ length }) =>
    `description has ${length} characters: use 1–100`),
  /** chosen */
  descriptionNotAllowed: rule<{ type: string }>('description.not-allowed', 'error',
    'APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED', ({ type }) =>
      `${type} commands have no description: remove it (Discord shows an empty string)`),

  // ── Options ───────────────────────────────────────────────────────────────────────────────
  /** chosen */
  optionsNotAllowed: rule<{ type: string }>('options.not-allowed', 'error', 'APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED',
    ({ type }) => `${type} commands cannot have options: remove \`options\` or make it a CHAT_INPUT command`),
  /** confirmed ("Must be 25 or fewer in length.") */
  optionsCount: rule<{ count: number }>('options.count', 'error', 'BASE_TYPE_MAX_LENGTH', ({ count }) =>
    `${count} options at this level: use at most 25 (group related ones into subcommands)`),
  /** confirmed */
  requiredOrder: rule<{ required: string; optional: string }>('options.required-order', 'error',
    'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', ({ required, optional }) =>
      `move required option ${quote(excerpt(required))} before optional ${quote(excerpt(optional))}`),
  /** chosen (facts §11: code for duplicate option names unconfirmed) */
  duplicateOptionName: rule<{ name: string; first: string }>('options.duplicate-name', 'error',
    'APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME', ({ name, first }) =>
      `option name ${quote(excerpt(name))} is already used by ${first}: rename one of them`),
  /** chosen */
  localizedNameConflict: rule<{ locale: string; name: string; other: string }>('options.localized-name-conflict', 'error',
    'APPLICATION_COMMAND_OPTIONS_LOCALIZATION_CONFLICT', ({ locale, name, other }) =>
      `${locale} name ${quote(excerpt(name))} collides with ${other}: pick a different ${locale} name`),
  /** confirmed: Discord's answer to `required` on an option type that cannot carry it. */
  requiredOnContainer: rule<{ type: string }>('options.required-not-allowed', 'error', 'APPLICATION_COMMAND_REQUIRED_INVALID',
    ({ type }) => `${type} options cannot be required: remove \`required\``),
  /** chosen */
  nesting: rule<{ type: string; parent: string }>('options.nesting', 'error', 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
    ({ type, parent }) =>
      `a ${type} cannot sit inside ${parent}: nest as command > SUB_COMMAND_GROUP > SUB_COMMAND > options`),
  /** chosen */
  mixedLevel: rule<{ option: string }>('options.mixed', 'error', 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
    ({ option }) =>
      `${quote(excerpt(option))} is a plain option next to subcommands: move it into each subcommand that needs it`),
  /** confirmed ("Must be between 1 and 25 in length.") */
  emptyGroup: rule('options.empty-group', 'error', 'BASE_TYPE_BAD_LENGTH', () =>
    'a SUB_COMMAND_GROUP needs at least one SUB_COMMAND in `options`'),
  /** chosen */
  fieldForType: rule<{ field: string; type: string; allowed: string }>('option.field-not-allowed', 'error',
    'APPLICATION_COMMAND_OPTION_FIELD_INVALID', ({ field, type, allowed }) =>
      `\`${field}\` is not allowed on ${type} options (only on ${allowed}): remove it or change the option type`),

  // ── Choices and autocomplete ──────────────────────────────────────────────────────────────
  /** confirmed */
  choicesCount: rule<{ count: number }>('choices.count', 'error', 'BASE_TYPE_MAX_LENGTH', ({ count }) =>
    `${count} choices: use at most 25, or switch to autocomplete for longer lists`),
  /** chosen (facts §11: unconfirmed) */
  autocompleteWithChoices: rule('choices.autocomplete', 'error', 'APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES_CONFLICT', () =>
    'an option cannot have both `choices` and `autocomplete: true`: keep one'),
  /** confirmed */
  choiceNameLength: rule<{ length: number }>('choices.name.length', 'error', 'BASE_TYPE_BAD_LENGTH', ({ length }) =>
    `choice name has ${length} characters: use 1–100`),
  /** chosen */
  choiceValueType: rule<{ optionType: string; expected: string; actual: string }>('choices.value.type', 'error',
    'APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID', ({ optionType, expected, actual }) =>
      `choices of ${optionType} options need ${expected} values, not ${actual}`),
  /** chosen */
  choiceValueRange: rule<{ value: string; range: string }>('choices.value.range', 'error', 'NUMBER_TYPE_OUT_OF_RANGE',
    ({ value, range }) => `choice value ${excerpt(value)} is out of range: use ${range}`),
  /** confirmed */
  choiceValueLength: rule<{ length: number; max: number }>('choices.value.length', 'error', 'BASE_TYPE_MAX_LENGTH',
    ({ length, max }) => `choice value has ${length} characters: use at most ${max}`),

  // ── Bounds ────────────────────────────────────────────────────────────────────────────────
  /** chosen */
  lengthBound: rule<{ field: string; value: string; min: number; max: number }>('bounds.length', 'error',
    'NUMBER_TYPE_OUT_OF_RANGE', ({ field, value, min, max }) =>
      `\`${field}\` is ${excerpt(value)}: use a whole number from ${min} to ${max}`),
  /** chosen (facts §11: code for min > max unconfirmed) */
  lengthOrder: rule<{ min: number; max: number }>('bounds.length-order', 'error', 'APPLICATION_COMMAND_OPTION_BOUNDS_INVALID',
    ({ min, max }) => `min_length ${min} is above max_length ${max}: swap them or lower min_length`),
  /** chosen */
  valueBound: rule<{ field: string; value: string; range: string }>('bounds.value', 'error', 'NUMBER_TYPE_OUT_OF_RANGE',
    ({ field, value, range }) => `\`${field}\` is ${excerpt(value)}: use ${range}`),
  /** chosen */
  valueOrder: rule<{ min: number; max: number }>('bounds.value-order', 'error', 'APPLICATION_COMMAND_OPTION_BOUNDS_INVALID',
    ({ min, max }) => `min_value ${min} is above max_value ${max}: swap them or lower min_value`),

  // ── Channel and file types ────────────────────────────────────────────────────────────────
  /** confirmed */
  channelType: rule<{ value: string }>('channel-types.value', 'error', 'BASE_TYPE_CHOICES', ({ value }) =>
    `channel type ${excerpt(value)} is unknown: use the numbers of Discord's ChannelType (0 GUILD_TEXT, 2 GUILD_VOICE, 15 GUILD_FORUM …)`),
  /** confirmed */
  fileTypesCount: rule<{ count: number }>('file-types.count', 'error', 'BASE_TYPE_MAX_LENGTH', ({ count }) =>
    `${count} file types: use at most 10`),
  /** chosen */
  fileTypeValue: rule<{ value: string }>('file-types.value', 'error', 'APPLICATION_COMMAND_OPTION_FILE_TYPE_INVALID',
    ({ value }) => `file type ${quote(excerpt(value))} is not valid: use \`image\`, \`video\`, \`audio\` or an extension like \`.pdf\``),

  // ── Entry points ──────────────────────────────────────────────────────────────────────────
  /** chosen */
  handlerNotAllowed: rule<{ type: string }>('handler.not-allowed', 'error', 'APPLICATION_COMMAND_HANDLER_INVALID',
    ({ type }) => `\`handler\` is only for PRIMARY_ENTRY_POINT commands, not ${type}: remove it`),
  /** chosen */
  handlerNeedsEmbedded: rule('handler.embedded', 'error', 'APPLICATION_COMMAND_HANDLER_INVALID', () =>
    '`handler` needs an app with the EMBEDDED flag (an Activity): enable Activities for the app, or remove `handler`'),
  /** chosen: offline (`cmd-tui validate` without --app-flags) the app's flags are not known, so this is told, not refused */
  handlerEmbeddedUnknown: rule('handler.embedded-unchecked', 'warning', 'APPLICATION_COMMAND_HANDLER_INVALID', () =>
    `\`handler\` needs an app with the EMBEDDED flag (an Activity), and offline the app's flags are not known: pass --app-flags (EMBEDDED is ${1 << 17}) to check it here; \`cmd-tui plan\` and \`apply\` read them from Discord`),
  /** confirmed */
  handlerValue: rule<{ value: string }>('handler.value', 'error', 'BASE_TYPE_CHOICES', ({ value }) =>
    `handler ${excerpt(value)} is unknown: use 1 (APP_HANDLER) or 2 (DISCORD_LAUNCH_ACTIVITY)`),
  /** chosen */
  entryPointInGuild: rule('entry-point.guild', 'error', 'APPLICATION_COMMAND_ENTRY_POINT_GUILD', () =>
    'PRIMARY_ENTRY_POINT commands can only be global: register it globally'),

  // ── Contexts and installation ─────────────────────────────────────────────────────────────
  /** confirmed */
  contextValue: rule<{ value: string }>('contexts.value', 'error', 'BASE_TYPE_CHOICES', ({ value }) =>
    `context ${excerpt(value)} is unknown: use 0 (GUILD), 1 (BOT_DM) or 2 (PRIVATE_CHANNEL)`),
  privateChannelNeedsUserInstall: rule('contexts.private-channel', 'warning', 'APPLICATION_COMMAND_CONTEXT_INVALID', () =>
    '2 (PRIVATE_CHANNEL) only works for user-installed commands: add 1 (USER_INSTALL) to `integration_types`'),
  /** A warning: Discord accepts these on guild commands and drops them (see discord-answers.ts). */
  globalOnlyField: rule<{ field: string }>('scope.global-only-field', 'warning', 'APPLICATION_COMMAND_GLOBAL_ONLY_FIELD',
    ({ field }) => `\`${field}\` has no effect on guild commands: remove it, or make the command global`),
  /** confirmed */
  integrationTypeValue: rule<{ value: string }>('integration-types.value', 'error', 'BASE_TYPE_CHOICES', ({ value }) =>
    `integration type ${excerpt(value)} is unknown: use 0 (GUILD_INSTALL) or 1 (USER_INSTALL)`),
  /** chosen */
  integrationTypeUnsupported: rule<{ value: number; supported: string }>('integration-types.unsupported', 'error',
    'APPLICATION_COMMAND_INTEGRATION_TYPE_UNSUPPORTED', ({ value, supported }) =>
      `the app does not support installation type ${value}: enable it in the app's Installation settings, or use ${supported}`),
  /** confirmed (SPEC: minItems 1) */
  emptyList: rule<{ field: string }>('list.empty', 'error', 'BASE_TYPE_BAD_LENGTH', ({ field }) =>
    `\`${field}\` is empty: list at least one value, or omit it for the default`),
  listDuplicate: rule<{ field: string; value: string }>('list.duplicate', 'warning', 'BASE_TYPE_DUPLICATE', ({ field, value }) =>
    `${excerpt(value)} appears more than once in \`${field}\`: remove the repeat`),

  // ── Permissions and deprecated fields ─────────────────────────────────────────────────────
  /** chosen */
  permissionsFormat: rule<{ value: string }>('default-member-permissions.format', 'error', 'NUMBER_TYPE_COERCE',
    ({ value }) => `default_member_permissions ${quote(excerpt(value))} is not a permission bit set: use a decimal string like "8" (or "0" for admins only), or null for everyone`),
  permissionsUnknownBits: rule<{ bits: string }>('default-member-permissions.unknown-bits', 'warning', 'NUMBER_TYPE_COERCE',
    ({ bits }) => `default_member_permissions sets ${bits}, which no Discord permission uses: remove ${bits.includes(',') ? 'them' : 'it'}`),
  permissionsAsNumber: rule('default-member-permissions.number', 'warning', 'NUMBER_TYPE_COERCE', () =>
    'default_member_permissions is a number: send it as a decimal string, since numbers above 2^53 lose bits'),
  dmPermissionDeprecated: rule('dm-permission.deprecated', 'warning', 'DEPRECATED_FIELD', () =>
    '`dm_permission` is deprecated: use `contexts` (include 1 for bot DMs) and remove it'),
  defaultPermissionDeprecated: rule('default-permission.deprecated', 'warning', 'DEPRECATED_FIELD', () =>
    '`default_permission` is deprecated: use `default_member_permissions` ("0" hides it from non-admins) and remove it'),

  // ── Localizations ─────────────────────────────────────────────────────────────────────────
  /** chosen (facts §11: code for a bad locale key unconfirmed) */
  localeUnknown: rule<{ locale: string }>('locale.unknown', 'error', 'BASE_TYPE_CHOICES', ({ locale }) =>
    `${quote(excerpt(locale))} is not a Discord locale: use one like \`fr\`, \`de\`, \`en-US\`, \`pt-BR\``),
  localeUnconfirmed: rule<{ locale: string }>('locale.unconfirmed', 'warning', 'BASE_TYPE_CHOICES', ({ locale }) =>
    `locale \`${locale}\` is only in Discord's OpenAPI spec, not its docs: the API may reject it`),

  // ── Size ──────────────────────────────────────────────────────────────────────────────────
  /** confirmed */
  sizeTotal: rule<{ total: number; largest: string }>('size.total', 'error', 'APPLICATION_COMMAND_TOO_LARGE',
    ({ total, largest }) =>
      `${total} of 8000 characters: the largest parts are ${largest}; shorten descriptions or choices`),

  // ── Sets (one scope's complete list) ──────────────────────────────────────────────────────
  /** The code Discord answers for an id that is not a snowflake (NUMBER_TYPE_COERCE, discord.js#6711). */
  setItemId: rule<{ value: string }>('set.item-id', 'error', 'NUMBER_TYPE_COERCE', ({ value }) =>
    `\`id\` is ${value}: give the command's id as a string of digits (as \`list\` and \`export\` show it), or leave \`id\` out to match by name`),
  /** confirmed ("Must be 130 or fewer in length.") */
  setItems: rule<{ count: number }>('set.items', 'error', 'BASE_TYPE_MAX_LENGTH', ({ count }) =>
    `${count} commands in one bulk overwrite: send at most 130`),
  /** chosen; Discord answers with JSON code 30032 when a scope is full. */
  countChatInput: rule<{ count: number }>('scope.count.chat-input', 'error', 'APPLICATION_COMMANDS_LIMIT_REACHED',
    ({ count }) => `${count} CHAT_INPUT commands in this scope: the limit is 100; merge some into subcommands`, 30032),
  countUser: rule<{ count: number }>('scope.count.user', 'error', 'APPLICATION_COMMANDS_LIMIT_REACHED',
    ({ count }) => `${count} USER commands in this scope: the limit is 15; remove some`, 30032),
  countMessage: rule<{ count: number }>('scope.count.message', 'error', 'APPLICATION_COMMANDS_LIMIT_REACHED',
    ({ count }) => `${count} MESSAGE commands in this scope: the limit is 15; remove some`, 30032),
  countEntryPoint: rule<{ count: number }>('scope.count.entry-point', 'error', 'APPLICATION_COMMANDS_LIMIT_REACHED',
    ({ count }) => `${count} PRIMARY_ENTRY_POINT commands: an app has at most 1; keep one`, 30032),
  /** Counted by this machine's ledger, which misses creates made elsewhere: a warning, not a refusal. Discord answers 30034. */
  dailyCreates: rule<{ used: number }>('scope.daily-creates', 'warning', 'MAX_DAILY_APPLICATION_COMMAND_CREATES',
    ({ used }) => `${used} of the day's 200 creates in this scope are used (counted here): Discord refuses more until 00:00 UTC; edit an existing command instead`, 30034),
  /** confirmed */
  duplicateCommandName: rule<{ name: string; type: string; first: string }>('scope.duplicate-name', 'error',
    'APPLICATION_COMMANDS_DUPLICATE_NAME', ({ name, type, first }) =>
      `${type} command ${quote(excerpt(name))} is already defined at ${first}: names are unique per type in a scope`),
} as const;

export type RuleKey = keyof typeof RULES;
export type DetailsOf<K extends RuleKey> = Parameters<(typeof RULES)[K]['message']>[0];

const RULES_BY_ID: ReadonlyMap<string, Rule<never>> = new Map(
  Object.values(RULES).map((entry) => [entry.id, entry as Rule<never>]),
);

/** Every rule, for documentation screens and the emulator. */
export function allRules(): readonly Rule<never>[] {
  return [...RULES_BY_ID.values()];
}

/** The rule behind a problem's `rule` id (the emulator reads `code` / `jsonCode` from it). */
export function ruleById(id: string): Rule<never> | undefined {
  return RULES_BY_ID.get(id);
}

/**
 * Which rule made a problem and with what details, kept beside the problem rather than in it, so that
 * cmd-tui's output stays `{path, rule, message, severity}` while the emulator can still word its answer
 * as Discord does (discord-answers.ts). A copy of a problem has no origin.
 */
const ORIGINS = new WeakMap<Problem, { key: RuleKey; details: unknown }>();

export function originOf(found: Problem): { key: RuleKey; details: unknown } | undefined {
  return ORIGINS.get(found);
}

/** Builds a problem from a rule; the only place problems are made. */
export function problem<K extends RuleKey>(key: K, path: string, ...details: DetailsOf<K> extends void ? [] : [DetailsOf<K>]): Problem {
  const entry = RULES[key] as Rule<unknown>;
  const made: Problem = { path, rule: entry.id, message: entry.message(details[0]), severity: entry.severity };
  ORIGINS.set(made, { key, details: details[0] });
  return made;
}

/** One edit away (typo, swapped letters aside): enough to suggest `description` for `descripton`. */
function isNearMiss(typed: string, candidate: string): boolean {
  if (typed === candidate || Math.abs(typed.length - candidate.length) > 1 || typed.length > 40) return false;
  let i = 0;
  while (i < typed.length && i < candidate.length && typed[i] === candidate[i]) i += 1;
  const rest = (a: number, b: number) => typed.slice(a) === candidate.slice(b);
  return rest(i + 1, i + 1) || rest(i + 1, i) || rest(i, i + 1) ||
    (typed[i] === candidate[i + 1] && typed[i + 1] === candidate[i] && rest(i + 2, i + 2));
}
