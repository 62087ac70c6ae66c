/**
 * Option-tree rules: nesting (command > group > subcommand > option), per-level rules (count,
 * required-before-optional, unique and non-colliding names, no mixing), and each option's own
 * fields (type-specific fields, choices, bounds, channel and file types).
 */
import { LIMITS, OPTION_TYPE_NAMES, CHANNEL_TYPE_NAMES, OptionType, type Problem } from './model.js';
import { codePointLength, describeType, isAbsent, isRecord, own, showValue, type JsonRecord } from './json-value.js';
import { fieldPath, indexPath, keyPath } from './problem-path.js';
import { problem } from './rules.js';
import { checkLocalizations, checkName, checkTextLength, type UnconfirmedLocales } from './text-fields.js';
import { checkBoolean, checkEnumList, checkKnownFields, notAList, requiredString } from './field-checks.js';

export interface OptionRules {
  choiceStringMaxLength: number;
  unconfirmedLocales: UnconfirmedLocales;
}

/** What holds an options array; decides which option types may appear in it. */
type Level = 'command' | 'group' | 'subcommand';

const OPTION_FIELDS: ReadonlySet<string> = new Set([
  'type', 'name', 'name_localizations', 'description', 'description_localizations', 'required', 'choices', 'options',
  'channel_types', 'min_value', 'max_value', 'min_length', 'max_length', 'autocomplete', 'file_types',
  // Returned by the API, accepted so stored commands can be audited.
  'name_localized', 'description_localized',
]);
const CHOICE_FIELDS: ReadonlySet<string> = new Set(['name', 'name_localizations', 'value', 'name_localized']);

const { Subcommand, SubcommandGroup, String: StringType, Integer, Number: NumberType, Channel, Attachment } = OptionType;
const WITH_CHOICES: readonly number[] = [StringType, Integer, NumberType];

/** Fields that only some option types may carry (`required` and `autocomplete` are handled on their own). */
const TYPES_BY_FIELD: ReadonlyMap<string, readonly number[]> = new Map([
  ['choices', WITH_CHOICES],
  ['min_value', [Integer, NumberType]],
  ['max_value', [Integer, NumberType]],
  ['min_length', [StringType]],
  ['max_length', [StringType]],
  ['channel_types', [Channel]],
  ['file_types', [Attachment]],
  ['options', [Subcommand, SubcommandGroup]],
]);

const FILE_TYPE = /^(?:image|video|audio|\.[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*)$/;
const FILE_TYPE_MAX_LENGTH = 64;

/** The parts of an option its siblings' rules need. */
interface OptionSummary {
  index: number;
  path: string;
  name: string | undefined;
  type: number | undefined;
  required: boolean;
  localizedNames: [locale: string, text: string][];
}

export function checkOptionList(options: unknown, path: string, level: Level, rules: OptionRules, out: Problem[]): void {
  if (!Array.isArray(options)) {
    out.push(notAList(options, path, 'options'));
    return;
  }
  if (options.length > LIMITS.optionsPerLevel) out.push(problem('optionsCount', path, { count: options.length }));
  const summaries: OptionSummary[] = [];
  for (let index = 0; index < options.length; index += 1) {
    const summary = checkOption(options[index], indexPath(path, index), index, level, rules, out);
    if (summary) summaries.push(summary);
  }
  checkSiblings(summaries, level, out);
}

function checkOption(option: unknown, path: string, index: number, level: Level, rules: OptionRules, out: Problem[]): OptionSummary | undefined {
  if (!isRecord(option)) {
    out.push(problem('objectType', path, { what: 'an option' }));
    return undefined;
  }
  checkKnownFields(option, OPTION_FIELDS, path, out);
  const type = checkOptionType(option, path, level, out);
  const typeName = type === undefined ? 'this' : OPTION_TYPE_NAMES[type]!;

  const name = requiredString(option, 'name', path, out);
  if (name !== undefined) checkName(name, 'slash', fieldPath(path, 'name'), out);
  const localizedNames = checkLocalizations(own(option, 'name_localizations'), fieldPath(path, 'name_localizations'), out,
    (text, localePath) => checkName(text, 'slash', localePath, out), rules.unconfirmedLocales);

  checkDescription(option, path, rules, out);

  const isContainer = type === Subcommand || type === SubcommandGroup;
  const required = own(option, 'required');
  checkBoolean(option, 'required', path, out);
  if (isContainer && required === true) out.push(problem('requiredOnContainer', fieldPath(path, 'required'), { type: typeName }));

  // Walk the keys present rather than probing every type-specific field: most options carry few.
  if (type !== undefined) {
    for (const field of Object.keys(option)) {
      const types = TYPES_BY_FIELD.get(field);
      if (types && !types.includes(type) && !isAbsent(option[field])) {
        out.push(problem('fieldForType', fieldPath(path, field), { field, type: typeName, allowed: typeNames(types) }));
      }
    }
  }
  checkBoolean(option, 'autocomplete', path, out);
  if (type !== undefined && own(option, 'autocomplete') === true && !WITH_CHOICES.includes(type)) {
    out.push(problem('fieldForType', fieldPath(path, 'autocomplete'), { field: 'autocomplete', type: typeName, allowed: typeNames(WITH_CHOICES) }));
  }

  if (type === StringType || type === Integer || type === NumberType) checkChoices(option, type, path, rules, out);
  if (type === StringType) checkLengthBounds(option, path, out);
  if (type === Integer || type === NumberType) checkValueBounds(option, type, path, out);
  if (type === Channel) checkEnumList(option, 'channel_types', path, out, (value) => typeof value === 'number' && Object.hasOwn(CHANNEL_TYPE_NAMES, value), 'channelType');
  if (type === Attachment) checkFileTypes(option, path, out);
  if (type === Subcommand) checkChildren(option, path, 'subcommand', rules, out);
  if (type === SubcommandGroup) checkChildren(option, path, 'group', rules, out);

  return { index, path, name, type, required: required === true, localizedNames };
}

/** Returns the type when it is known and legal at this level; nested options of a misplaced container are not visited. */
function checkOptionType(option: JsonRecord, path: string, level: Level, out: Problem[]): number | undefined {
  const type = own(option, 'type');
  const typePath = fieldPath(path, 'type');
  if (type === undefined) {
    out.push(problem('required', typePath, { field: 'type' }));
    return undefined;
  }
  if (typeof type !== 'number' || !Object.hasOwn(OPTION_TYPE_NAMES, type)) {
    out.push(problem('optionType', typePath, { value: showValue(type) }));
    return undefined;
  }
  const misplaced =
    (type === SubcommandGroup && level !== 'command') ||
    (type === Subcommand && level === 'subcommand') ||
    (level === 'group' && type !== Subcommand);
  if (misplaced) {
    out.push(problem('nesting', typePath, { type: OPTION_TYPE_NAMES[type]!, parent: levelName(level) }));
    return undefined;
  }
  return type;
}

function levelName(level: Level): string {
  if (level === 'group') return 'a SUB_COMMAND_GROUP';
  if (level === 'subcommand') return 'a SUB_COMMAND';
  return 'the command';
}

function typeNames(types: readonly number[]): string {
  return types.map((type) => OPTION_TYPE_NAMES[type]).join(', ');
}

function checkDescription(option: JsonRecord, path: string, rules: OptionRules, out: Problem[]): void {
  const description = requiredString(option, 'description', path, out);
  if (description !== undefined) checkTextLength(description, LIMITS.descriptionLength, 'descriptionLength', fieldPath(path, 'description'), out);
  checkLocalizations(own(option, 'description_localizations'), fieldPath(path, 'description_localizations'), out,
    (text, localePath) => checkTextLength(text, LIMITS.descriptionLength, 'descriptionLength', localePath, out), rules.unconfirmedLocales);
}

function checkChildren(option: JsonRecord, path: string, level: 'group' | 'subcommand', rules: OptionRules, out: Problem[]): void {
  const children = own(option, 'options');
  const childrenPath = fieldPath(path, 'options');
  if (isAbsent(children) || (Array.isArray(children) && children.length === 0)) {
    if (level === 'group') out.push(problem('emptyGroup', childrenPath));
    return;
  }
  checkOptionList(children, childrenPath, level, rules, out);
}

/** Rules between siblings: mixing, required order, unique names, localized-name collisions. */
function checkSiblings(options: OptionSummary[], level: Level, out: Problem[]): void {
  const isContainer = (option: OptionSummary) => option.type === Subcommand || option.type === SubcommandGroup;
  if (level === 'command' && options.some(isContainer)) {
    for (const option of options) {
      if (!isContainer(option) && option.type !== undefined) out.push(problem('mixedLevel', option.path, { option: option.name ?? `option ${option.index}` }));
    }
  }

  let firstOptional: OptionSummary | undefined;
  for (const option of options) {
    if (isContainer(option)) continue;
    if (!option.required) firstOptional ??= option;
    else if (firstOptional) {
      out.push(problem('requiredOrder', option.path, { required: option.name ?? `option ${option.index}`, optional: firstOptional.name ?? `option ${firstOptional.index}` }));
    }
  }

  const byName = new Map<string, OptionSummary>();
  for (const option of options) {
    if (option.name === undefined) continue;
    const first = byName.get(option.name);
    if (first) out.push(problem('duplicateOptionName', fieldPath(option.path, 'name'), { name: option.name, first: first.path }));
    else byName.set(option.name, option);
  }

  // Localized names must not collide with a sibling's default name or its name in the same locale.
  const byLocale = new Map<string, Map<string, OptionSummary>>();
  for (const option of options) {
    for (const [locale, text] of option.localizedNames) {
      if (text === option.name) continue;
      let names = byLocale.get(locale);
      if (!names) byLocale.set(locale, (names = new Map()));
      const owner = byName.get(text);
      const earlier = names.get(text);
      if (owner && owner !== option) {
        out.push(problem('localizedNameConflict', localizedNamePath(option, locale), { locale, name: text, other: `the name of ${owner.path}` }));
      } else if (earlier) {
        out.push(problem('localizedNameConflict', localizedNamePath(option, locale), { locale, name: text, other: `the ${locale} name of ${earlier.path}` }));
      } else names.set(text, option);
    }
  }
}

function localizedNamePath(option: OptionSummary, locale: string): string {
  return keyPath(fieldPath(option.path, 'name_localizations'), locale);
}

function checkChoices(option: JsonRecord, type: number, path: string, rules: OptionRules, out: Problem[]): void {
  const choices = own(option, 'choices');
  if (isAbsent(choices)) return;
  const choicesPath = fieldPath(path, 'choices');
  if (!Array.isArray(choices)) {
    out.push(notAList(choices, choicesPath, 'choices'));
    return;
  }
  if (choices.length > LIMITS.choicesPerOption) out.push(problem('choicesCount', choicesPath, { count: choices.length }));
  if (choices.length > 0 && own(option, 'autocomplete') === true) out.push(problem('autocompleteWithChoices', choicesPath));
  for (let index = 0; index < choices.length; index += 1) checkChoice(choices[index], type, indexPath(choicesPath, index), rules, out);
}

function checkChoice(choice: unknown, type: number, path: string, rules: OptionRules, out: Problem[]): void {
  if (!isRecord(choice)) {
    out.push(problem('objectType', path, { what: 'a choice' }));
    return;
  }
  checkKnownFields(choice, CHOICE_FIELDS, path, out);
  const name = requiredString(choice, 'name', path, out);
  if (name !== undefined) checkTextLength(name, LIMITS.choiceNameLength, 'choiceNameLength', fieldPath(path, 'name'), out);
  checkLocalizations(own(choice, 'name_localizations'), fieldPath(path, 'name_localizations'), out,
    (text, localePath) => checkTextLength(text, LIMITS.choiceNameLength, 'choiceNameLength', localePath, out), rules.unconfirmedLocales);
  checkChoiceValue(own(choice, 'value'), type, fieldPath(path, 'value'), rules, out);
}

function checkChoiceValue(value: unknown, type: number, path: string, rules: OptionRules, out: Problem[]): void {
  const optionType = OPTION_TYPE_NAMES[type]!;
  if (value === undefined) {
    out.push(problem('required', path, { field: 'value' }));
    return;
  }
  if (type === StringType) {
    if (typeof value !== 'string') out.push(problem('choiceValueType', path, { optionType, expected: 'string', actual: describeType(value) }));
    else {
      const length = codePointLength(value);
      if (length > rules.choiceStringMaxLength) out.push(problem('choiceValueLength', path, { length, max: rules.choiceStringMaxLength }));
    }
    return;
  }
  if (typeof value !== 'number' || (type === Integer && !Number.isInteger(value) && Number.isFinite(value))) {
    const expected = type === Integer ? 'integer' : 'number';
    out.push(problem('choiceValueType', path, { optionType, expected, actual: describeType(value) }));
    return;
  }
  const range = numericRange(type);
  if (!range.accepts(value)) out.push(problem('choiceValueRange', path, { value: String(value), range: range.text }));
}

/** INTEGER: a safe integer (±(2^53−1)); NUMBER: a finite double within ±2^53. */
function numericRange(type: number): { accepts: (value: number) => boolean; text: string } {
  return type === Integer
    ? { accepts: Number.isSafeInteger, text: `a whole number from -${LIMITS.integerMagnitude} to ${LIMITS.integerMagnitude}` }
    : { accepts: (value) => Number.isFinite(value) && Math.abs(value) <= LIMITS.numberMagnitude, text: `a number from -2^53 to 2^53` };
}

function checkLengthBounds(option: JsonRecord, path: string, out: Problem[]): void {
  const bound = (field: 'min_length' | 'max_length', limits: { min: number; max: number }): number | undefined => {
    const value = own(option, field);
    if (isAbsent(value)) return undefined;
    if (typeof value === 'number' && Number.isInteger(value) && value >= limits.min && value <= limits.max) return value;
    out.push(problem('lengthBound', fieldPath(path, field), { field, value: showValue(value), ...limits }));
    return undefined;
  };
  const min = bound('min_length', LIMITS.minLength);
  const max = bound('max_length', LIMITS.maxLength);
  if (min !== undefined && max !== undefined && min > max) out.push(problem('lengthOrder', fieldPath(path, 'min_length'), { min, max }));
}

function checkValueBounds(option: JsonRecord, type: number, path: string, out: Problem[]): void {
  const range = numericRange(type);
  const bound = (field: 'min_value' | 'max_value'): number | undefined => {
    const value = own(option, field);
    if (isAbsent(value)) return undefined;
    if (typeof value === 'number' && range.accepts(value)) return value;
    out.push(problem('valueBound', fieldPath(path, field), { field, value: showValue(value), range: range.text }));
    return undefined;
  };
  const min = bound('min_value');
  const max = bound('max_value');
  if (min !== undefined && max !== undefined && min > max) out.push(problem('valueOrder', fieldPath(path, 'min_value'), { min, max }));
}

function checkFileTypes(option: JsonRecord, path: string, out: Problem[]): void {
  const fileTypes = own(option, 'file_types');
  if (isAbsent(fileTypes)) return;
  const fileTypesPath = fieldPath(path, 'file_types');
  if (!Array.isArray(fileTypes)) {
    out.push(problem('arrayType', fileTypesPath, { field: 'file_types' }));
    return;
  }
  if (fileTypes.length > LIMITS.fileTypes) out.push(problem('fileTypesCount', fileTypesPath, { count: fileTypes.length }));
  fileTypes.forEach((fileType: unknown, index) => {
    const valid = typeof fileType === 'string' && fileType.length <= FILE_TYPE_MAX_LENGTH && FILE_TYPE.test(fileType);
    if (!valid) out.push(problem('fileTypeValue', indexPath(fileTypesPath, index), { value: typeof fileType === 'string' ? fileType : showValue(fileType) }));
  });
}
