/**
 * Checks for the text fields every command part shares: names (pattern, lowercase, length),
 * descriptions and other bounded texts, and the `*_localizations` maps that repeat them per locale.
 */
import { CHAT_INPUT_NAME_PATTERN, LIMITS, LOCALES, UNCONFIRMED_LOCALES, type Problem } from './model.js';
import { codePointLength, describeType, isAbsent, isRecord } from './json-value.js';
import { keyPath } from './problem-path.js';
import { problem } from './rules.js';

const NAME_CHARACTER = /^[-_\u02BC\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]$/u;
const KNOWN_LOCALES: ReadonlySet<string> = new Set(LOCALES);
const UNCONFIRMED: ReadonlySet<string> = new Set(UNCONFIRMED_LOCALES);

/** `slash` names (CHAT_INPUT commands and all options) follow the pattern and lowercase rules. */
export type NameStyle = 'slash' | 'free';

export function checkName(name: string, style: NameStyle, path: string, out: Problem[]): void {
  // Length first: never run the pattern over a huge string.
  const length = codePointLength(name);
  if (length < LIMITS.nameLength.min || length > LIMITS.nameLength.max) {
    out.push(problem('nameLength', path, { length }));
    return;
  }
  if (style === 'free') return;
  const lower = name.toLowerCase();
  if (!CHAT_INPUT_NAME_PATTERN.test(name)) {
    // One problem, not two: the suggested spelling is already lowercase.
    out.push(problem('namePattern', path, { name, bad: describeBadCharacters(name), suggestion: suggestName(name), lowercase: lower !== name }));
  } else if (lower !== name) out.push(problem('nameLowercase', path, { name, lower }));
}

function describeBadCharacters(name: string): string {
  const bad = [...new Set([...name].filter((character) => !NAME_CHARACTER.test(character)))];
  return bad.map((character) => (character === "'" ? "`'` (use `ʼ` U+02BC instead)" : characterLabel(character))).join(', ');
}

function characterLabel(character: string): string {
  if (character === ' ') return 'a space';
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return /\p{L}|\p{N}|\p{P}|\p{S}/u.test(character) ? `\`${character}\` (${code})` : code;
}

/** A legal spelling close to what was typed, or undefined when none is obvious. */
function suggestName(name: string): string | undefined {
  const candidate = [...name.toLowerCase().trim()]
    .map((character) => (character === "'" ? '\u02BC' : /\s/u.test(character) ? '-' : character))
    .filter((character) => NAME_CHARACTER.test(character))
    .join('');
  return CHAT_INPUT_NAME_PATTERN.test(candidate) ? candidate : undefined;
}

/** A text with a code-point length range: descriptions (1–100) and choice names (1–100). */
export function checkTextLength(
  text: string,
  limits: { min: number; max: number },
  rule: 'descriptionLength' | 'choiceNameLength',
  path: string,
  out: Problem[],
): void {
  const length = codePointLength(text);
  if (length < limits.min || length > limits.max) out.push(problem(rule, path, { length }));
}

/**
 * How the locales only the OpenAPI spec lists (`ar`, `he`) are taken: `warn` (cmd-tui's default: the
 * API may reject them) or `refuse` (the docs' reading: not a locale; the emulator's `--locales docs`).
 */
export type UnconfirmedLocales = 'warn' | 'refuse';

/**
 * A `*_localizations` map: keys must be Discord locales, values strings (null clears one), each
 * checked by `checkValue` like the default it localizes. Returns the valid string entries.
 */
export function checkLocalizations(
  map: unknown,
  path: string,
  out: Problem[],
  checkValue: (text: string, path: string) => void,
  unconfirmed: UnconfirmedLocales,
): [locale: string, text: string][] {
  if (isAbsent(map)) return [];
  if (!isRecord(map)) {
    out.push(problem('fieldType', path, { field: lastSegment(path), expected: 'an object of locale → text', actual: describeType(map) }));
    return [];
  }
  const entries: [string, string][] = [];
  for (const locale of Object.keys(map)) {
    const localePath = keyPath(path, locale);
    if (UNCONFIRMED.has(locale) && unconfirmed === 'warn') out.push(problem('localeUnconfirmed', localePath, { locale }));
    else if (!KNOWN_LOCALES.has(locale)) out.push(problem('localeUnknown', localePath, { locale }));
    const text = map[locale];
    if (text === null) continue;
    if (typeof text !== 'string') {
      out.push(problem('fieldType', localePath, { field: `${lastSegment(path)}.${locale}`, expected: 'a string', actual: describeType(text) }));
      continue;
    }
    checkValue(text, localePath);
    entries.push([locale, text]);
  }
  return entries;
}

export function lastSegment(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot === -1 ? path.replace(/^\[\d+\]/, '') : path.slice(dot + 1);
}
