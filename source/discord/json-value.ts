/**
 * Safe reading of untrusted JSON values: own properties only (so `__proto__` / `constructor`
 * keys are plain data), type descriptions for messages, and lengths counted in code points.
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of an own property; inherited ones (`constructor`, `toString` …) never count. */
export function own(record: JsonRecord, key: string): unknown {
  const value = record[key];
  return value !== undefined && Object.hasOwn(record, key) ? value : undefined;
}

/**
 * The own entries a copy may take. `JSON.parse` makes a `__proto__` key an own property; assigning
 * it to a copy (`copy[key] = value`) would set the copy's prototype and smuggle fields in, so it is left out.
 */
export function copyableEntries(record: JsonRecord): [string, unknown][] {
  return Object.entries(record).filter(([key]) => key !== '__proto__');
}

/** Optional fields may be absent or null (the API returns null for several of them). */
export function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/** Discord counts characters as code points: an emoji outside the BMP is one character, not two. */
export function codePointLength(text: string): number {
  // The regex scan is native and fast; most texts have no surrogates at all.
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let count = text.length;
  for (let i = 0; i < text.length - 1; i += 1) {
    const high = text.charCodeAt(i);
    if (high >= 0xd800 && high <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        count -= 1;
        i += 1;
      }
    }
  }
  return count;
}

/** Keeps messages readable when the offending text is huge. */
export function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** A short, printable rendering of any value for messages. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(truncate(value));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return describeType(value);
}
