/** Small field checks shared by commands, options and choices: unknown keys, booleans, lists of enumerated numbers. */
import type { Problem } from './model.js';
import { describeType, isAbsent, isRecord, own, showValue, type JsonRecord } from './json-value.js';
import { fieldPath, indexPath, keyPath } from './problem-path.js';
import { problem } from './rules.js';

/** Keys Discord does not know: it drops them silently, so each one is a warning with a did-you-mean. */
export function checkKnownFields(record: JsonRecord, known: ReadonlySet<string>, path: string, out: Problem[]): void {
  for (const key of Object.keys(record)) {
    if (!known.has(key)) out.push(problem('unknownField', keyPath(path, key), { field: key, known: [...known] }));
  }
}

/** A required text field: reports it missing or not a string; returns it when it is one. */
export function requiredString(record: JsonRecord, field: string, path: string, out: Problem[]): string | undefined {
  const value = own(record, field);
  if (typeof value === 'string') return value;
  const fieldAt = fieldPath(path, field);
  if (value === undefined) out.push(problem('required', fieldAt, { field }));
  else out.push(problem('fieldType', fieldAt, { field, expected: 'a string', actual: describeType(value) }));
  return undefined;
}

/** A list of objects (commands, options, choices) that is not a list; an object's key count goes with it. */
export function notAList(value: unknown, path: string, field: string): Problem {
  return problem('arrayType', path, isRecord(value) ? { field, objectKeys: Object.keys(value).length } : { field });
}

export function checkBoolean(record: JsonRecord, field: string, path: string, out: Problem[]): void {
  const value = own(record, field);
  if (!isAbsent(value) && typeof value !== 'boolean') {
    out.push(problem('fieldType', fieldPath(path, field), { field, expected: 'true or false', actual: describeType(value) }));
  }
}

type EnumRule = 'channelType' | 'contextValue' | 'integrationTypeValue';

/**
 * A list of enumerated numbers (`contexts`, `integration_types`, `channel_types`). Reports unknown
 * values and repeats; returns the known values with their index, or undefined when the field is absent.
 */
export function checkEnumList(
  record: JsonRecord,
  field: string,
  path: string,
  out: Problem[],
  accepts: (value: unknown) => boolean,
  rule: EnumRule,
  options: { allowEmpty: boolean } = { allowEmpty: true },
): { value: number; index: number }[] | undefined {
  const list = own(record, field);
  if (isAbsent(list)) return undefined;
  const listPath = fieldPath(path, field);
  if (!Array.isArray(list)) {
    out.push(problem('arrayType', listPath, { field }));
    return undefined;
  }
  if (list.length === 0 && !options.allowEmpty) out.push(problem('emptyList', listPath, { field }));
  const seen = new Set<unknown>();
  const known: { value: number; index: number }[] = [];
  list.forEach((value: unknown, index) => {
    const itemPath = indexPath(listPath, index);
    if (!accepts(value)) out.push(problem(rule, itemPath, { value: showValue(value) }));
    else if (seen.has(value)) out.push(problem('listDuplicate', itemPath, { field, value: showValue(value) }));
    else known.push({ value: value as number, index });
    seen.add(value);
  });
  return known;
}
