/**
 * Discord's rules for the choices a bot suggests (DOCS/RR "Autocomplete"; DOCS/AC "Application Command
 * Option Choice Structure"): at most 25, each a name of 1–100 characters and a value of the focused
 * option's type — a string of at most 100 characters for STRING, a whole number for INTEGER, a number
 * for NUMBER. Broken rules are listed as 50035 form-body errors under `data.choices`, as Discord answers.
 */
import type { FieldErrorItem } from '../api-errors.js';
import { LIMITS, OptionType } from '../../discord/model.js';

/** Beyond ±2^53 Discord's INTEGER options take no value (DOCS/AC "Application Command Option Type"). */
const INTEGER_LIMIT = 2 ** 53;

function valueProblem(value: unknown, optionType: number | undefined, path: string): FieldErrorItem | undefined {
  if (optionType === OptionType.String) {
    if (typeof value !== 'string') return { path, code: 'BASE_TYPE_STRING', message: 'Must be a valid string.' };
    if (value.length > LIMITS.choiceStringValueLength) return { path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${LIMITS.choiceStringValueLength} or fewer in length.` };
    return undefined;
  }
  if (optionType === OptionType.Integer) {
    if (!Number.isInteger(value) || Math.abs(value as number) > INTEGER_LIMIT) return { path, code: 'NUMBER_TYPE_COERCE', message: `Value "${String(value)}" is not int.` };
    return undefined;
  }
  if (optionType === OptionType.Number && (typeof value !== 'number' || !Number.isFinite(value))) return { path, code: 'NUMBER_TYPE_COERCE', message: `Value "${String(value)}" is not a valid number.` };
  return undefined;
}

/** What breaks Discord's rules in a type 8 answer's `choices`, for an option of `optionType`. */
export function choiceProblems(choices: unknown, optionType: number | undefined): FieldErrorItem[] {
  if (choices === undefined || choices === null) return [];
  if (!Array.isArray(choices)) return [{ path: 'data.choices', code: 'BASE_TYPE_LIST', message: 'Must be a list.' }];
  // The text is Discord's for a list over its limit.
  if (choices.length > LIMITS.choicesPerOption) return [{ path: 'data.choices', code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${LIMITS.choicesPerOption} or fewer in length.` }];
  const problems: FieldErrorItem[] = [];
  choices.forEach((choice: unknown, index) => {
    const { name, value } = (typeof choice === 'object' && choice !== null && !Array.isArray(choice) ? choice : {}) as Record<string, unknown>;
    const { min, max } = LIMITS.choiceNameLength;
    const length = typeof name === 'string' ? [...name].length : -1;
    if (length < min || length > max) problems.push({ path: `data.choices[${index}].name`, code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between ${min} and ${max} in length.` });
    const wrong = valueProblem(value, optionType, `data.choices[${index}].value`);
    if (wrong) problems.push(wrong);
  });
  return problems;
}
