/**
 * Discord's limits on a message an app sends in answer to an interaction (DOCS/MSG "Create Message",
 * "Embed Limits"; the spec's IncomingWebhookInteractionRequest and RichEmbed): content ≤ 2000 characters,
 * ≤ 10 embeds whose text totals ≤ 6000 characters with each part within its own limit, ≤ 5 action rows
 * (40 top-level components with IS_COMPONENTS_V2). Broken limits are listed as Discord's 50035 form-body
 * errors, under `prefix` (`data.` for a callback's message).
 */
import type { FieldErrorItem } from '../api-errors.js';

const CONTENT_MAX = 2000;
const EMBEDS_MAX = 10;
const EMBED_TOTAL_MAX = 6000;
const EMBED_FIELDS_MAX = 25;
const ACTION_ROWS_MAX = 5;
const COMPONENTS_V2_MAX = 40;
/** MessageFlags.IS_COMPONENTS_V2 (DOCS/MSG "Message Flags"). */
const IS_COMPONENTS_V2 = 1 << 15;

/** Each embed text field and its limit (DOCS/MSG "Embed Limits"), as a path inside the embed. */
const EMBED_TEXT: readonly [path: readonly string[], max: number][] = [
  [['title'], 256],
  [['description'], 4096],
  [['footer', 'text'], 2048],
  [['author', 'name'], 256],
];
const FIELD_TEXT: readonly [name: string, max: number][] = [['name', 256], ['value', 1024]];

function object(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const tooLong = (path: string, max: number): FieldErrorItem => ({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });

/** A string field's length counted towards the embed's total, or the problem with it. */
function textLength(value: unknown, path: string, max: number, problems: FieldErrorItem[]): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'string') {
    problems.push({ path, code: 'BASE_TYPE_STRING', message: 'Must be a valid string.' });
    return 0;
  }
  if (value.length > max) problems.push(tooLong(path, max));
  return value.length;
}

function embedProblems(embed: unknown, path: string, problems: FieldErrorItem[]): number {
  const body = object(embed);
  let total = 0;
  for (const [keys, max] of EMBED_TEXT) {
    let value: unknown = body;
    for (const key of keys) value = object(value)[key];
    total += textLength(value, `${path}.${keys.join('.')}`, max, problems);
  }
  const { fields } = body;
  if (Array.isArray(fields)) {
    if (fields.length > EMBED_FIELDS_MAX) problems.push(tooLong(`${path}.fields`, EMBED_FIELDS_MAX));
    fields.forEach((field, index) => {
      for (const [key, max] of FIELD_TEXT) total += textLength(object(field)[key], `${path}.fields[${index}].${key}`, max, problems);
    });
  }
  return total;
}

/** What breaks Discord's message limits in `body` (only the fields it has: an edit sends some). */
export function messageProblems(body: Record<string, unknown>, prefix = ''): FieldErrorItem[] {
  const problems: FieldErrorItem[] = [];
  textLength(body.content, `${prefix}content`, CONTENT_MAX, problems);
  const { embeds, components, flags } = body;
  if (Array.isArray(embeds)) {
    if (embeds.length > EMBEDS_MAX) problems.push(tooLong(`${prefix}embeds`, EMBEDS_MAX));
    const total = embeds.reduce<number>((sum, embed, index) => sum + embedProblems(embed, `${prefix}embeds[${index}]`, problems), 0);
    if (total > EMBED_TOTAL_MAX) problems.push({ path: `${prefix}embeds`, code: 'MAX_EMBED_SIZE_EXCEEDED', message: `Embed size exceeds maximum size of ${EMBED_TOTAL_MAX}` });
  } else if (embeds !== undefined && embeds !== null) {
    problems.push({ path: `${prefix}embeds`, code: 'BASE_TYPE_LIST', message: 'Must be a list.' });
  }
  if (Array.isArray(components)) {
    const max = typeof flags === 'number' && (flags & IS_COMPONENTS_V2) !== 0 ? COMPONENTS_V2_MAX : ACTION_ROWS_MAX;
    if (components.length > max) problems.push(tooLong(`${prefix}components`, max));
  } else if (components !== undefined && components !== null) {
    problems.push({ path: `${prefix}components`, code: 'BASE_TYPE_LIST', message: 'Must be a list.' });
  }
  return problems;
}
