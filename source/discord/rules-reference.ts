/**
 * The rules table and the limits as a reference to read before writing a command (the agents' door
 * serves it as a resource): generated from rules.ts and model.ts's LIMITS, never restated. A rule's text
 * is its own message with each detail it quotes shown as a placeholder (`name has ‹length› characters:
 * use 1–32`). Pure.
 */
import { COMMAND_TYPE_NAMES, LIMITS } from './model.js';
import { allRules, type Rule } from './rules.js';

export interface RuleReference {
  /** The `rule` of a problem the validator reports. */
  id: string;
  severity: Rule['severity'];
  /** The message, with `‹detail›` where a problem quotes what it found. */
  text: string;
  /** Discord's own code for it: a field error's `code`, or the JSON code it answers with instead of 50035. */
  discordCode: string | number;
}

/**
 * Stands in for any detail a message quotes: reads as `‹name›` in a template, and as an empty list
 * where a message searches one (the near-miss suggestion of an unknown field).
 */
function placeholder(key: string): string {
  return Object.assign([], { toString: () => `‹${key}›` }) as unknown as string;
}

const PLACEHOLDERS = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? placeholder(key) : undefined) });

export function rulesReference(): RuleReference[] {
  return allRules().map((rule) => ({ id: rule.id, severity: rule.severity, text: (rule.message as (details: unknown) => string)(PLACEHOLDERS), discordCode: rule.jsonCode ?? rule.code }));
}

/** `nameLength` → `name length`. */
function words(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

function limitValue(key: string, value: unknown): string {
  if (key === 'perScope') return Object.entries(value as Record<string, number>).map(([type, cap]) => `${COMMAND_TYPE_NAMES[Number(type)] ?? type} ${cap}`).join(', ');
  if (typeof value === 'object' && value !== null && 'min' in value && 'max' in value) return `${String(value.min)}–${String(value.max)}`;
  return String(value);
}

/** Each limit as `name length: 1–32`, `per scope: CHAT_INPUT 100, USER 15, …`. */
export function limitsReference(): { limit: string; value: string }[] {
  return Object.entries(LIMITS).map(([key, value]) => ({ limit: words(key), value: limitValue(key, value) }));
}

/** Both as Markdown. */
export function rulesReferenceText(): string {
  const limits = limitsReference().map(({ limit, value }) => `- ${limit}: ${value}`);
  const rules = rulesReference().map((rule) => `- \`${rule.id}\` (${rule.severity}; Discord: ${rule.discordCode}): ${rule.text}`);
  return [
    "# What Discord accepts in an application command, as cmd-tui checks it",
    '',
    'Every rule below is checked offline, before anything is sent. An error stops a change; a warning is told.',
    'Each problem a check reports names its `rule` (the id below) and the field path (`options[0].choices[2].value`; `[3]…` in a list).',
    '',
    '## Limits',
    ...limits,
    '',
    '## Rules (‹…› stands for what a problem quotes)',
    ...rules,
    '',
  ].join('\n');
}
