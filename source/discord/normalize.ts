/**
 * Canonical forms of a command, shared by export, plan, apply, restore and the TUI's diff:
 * - `toBodyForm`: the bulk-overwrite body item (what `export` writes): server-only fields removed,
 *   noise-free defaults dropped, keys in one stable order, so files diff well in git.
 * - `toComparableForm`: what two commands are compared on: the server's materialized defaults
 *   filled in on both sides, sets sorted, empty values folded, so a scope that was just applied
 *   compares equal to its file (peers.md §2 complaint 2: false changes).
 * Pure; no I/O.
 */
import { COMMAND_REQUEST_FIELDS, COMMAND_SERVER_FIELDS, CommandType, InteractionContext } from './model.js';
import { copyableEntries } from './json-value.js';

type Json = Record<string, unknown>;

/** What the server fills in when a field is absent; depends on the scope and the app (see `scopeDefaults`). */
export interface ScopeDefaults {
  /** `integration_types` the server materializes when none is sent: the app's supported installation contexts. */
  integrationTypes: number[];
  /** `contexts` the server materializes when none is sent. */
  contexts: number[];
  /** False for guild commands: Discord drops `integration_types` and `contexts` there (discord-answers.ts). */
  installationFields: boolean;
}

/**
 * Discord's defaults for commands created without `integration_types` / `contexts`: integration types
 * default to the app's configured ones, falling back to GUILD_INSTALL (facts §4.1; discord-api-docs#7396).
 * Contexts: the API answers `null`, which works in guilds and the bot's DMs but not in private channels
 * (observed, discord-api-docs#6744 and a maintainer in PR #7583, 2025-05), not "every context" as the docs
 * say; so a file asking for PRIVATE_CHANNEL differs from a command holding null. Guild commands drop both
 * fields (discord-answers.ts), so their defaults are never compared.
 */
export function scopeDefaults(scope: 'global' | 'guild', appIntegrationTypes: number[] = []): ScopeDefaults {
  const integrationTypes = appIntegrationTypes.length > 0 ? sortedUnique(appIntegrationTypes) : [0];
  const contexts = scope === 'global' ? [InteractionContext.Guild, InteractionContext.BotDm] : [InteractionContext.Guild, InteractionContext.PrivateChannel];
  return { integrationTypes, contexts, installationFields: scope === 'global' };
}

/** Fields only the server sets; never sent, never compared. */
const SERVER_ONLY_FIELDS: ReadonlySet<string> = new Set(COMMAND_SERVER_FIELDS);

const OPTION_KEY_ORDER = [
  'type',
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'required',
  'choices',
  'options',
  'channel_types',
  'min_value',
  'max_value',
  'min_length',
  'max_length',
  'autocomplete',
  'file_types',
];
const CHOICE_KEY_ORDER = ['name', 'name_localizations', 'value'];

/** The bulk-overwrite body item for a command (as fetched or as written in a file). */
export function toBodyForm(command: unknown): Json {
  const source = asRecord(command);
  const type = typeof source.type === 'number' ? source.type : CommandType.ChatInput;
  const body = meaningfulFields(source);
  body.type = type;
  // USER and MESSAGE commands must be created without a description; the server returns "".
  if (hasNoDescription(type) && body.description === '') delete body.description;
  // Deprecated fields add nothing once `contexts` says the same thing.
  // …and `dm_permission: true` is what the API echoes on every global command sent without it.
  if (Array.isArray(body.contexts) || body.dm_permission === true) delete body.dm_permission;
  if (body.default_permission === true) delete body.default_permission;
  if (body.nsfw === false) delete body.nsfw;
  if (Array.isArray(body.options)) body.options = body.options.map(bodyOption);
  return ordered(body, COMMAND_REQUEST_FIELDS);
}

function bodyOption(option: unknown): Json {
  const out = foldOption(option);
  if (Array.isArray(out.options)) out.options = out.options.map(bodyOption);
  return ordered(out, OPTION_KEY_ORDER);
}

/**
 * The form two commands are compared on. Absent fields take the server's default, so
 * "not in the file" and "materialized by the server" compare equal.
 */
export function toComparableForm(command: unknown, defaults: ScopeDefaults): Json {
  const source = asRecord(command);
  const type = typeof source.type === 'number' ? source.type : CommandType.ChatInput;
  const out = meaningfulFields(source);
  out.type = type;
  if (hasNoDescription(type)) out.description ??= '';
  out.default_member_permissions = permissionsString(source.default_member_permissions);
  out.nsfw = source.nsfw === true;
  out.default_permission = source.default_permission !== false;
  out.integration_types = Array.isArray(source.integration_types)
    ? sortedUnique(source.integration_types as number[])
    : defaults.integrationTypes;
  out.contexts = contextsOf(source, defaults);
  if (!defaults.installationFields) {
    // What a guild command's file says here never reaches Discord, so it can never differ.
    delete out.integration_types;
    delete out.contexts;
  }
  // dm_permission is derived from contexts (BOT_DM) by the server; comparing contexts covers it.
  delete out.dm_permission;
  if (Array.isArray(out.options)) out.options = out.options.map(comparableOption);
  return ordered(out, COMMAND_REQUEST_FIELDS);
}

function comparableOption(option: unknown): Json {
  const out = foldOption(option);
  if (Array.isArray(out.channel_types)) out.channel_types = sortedUnique(out.channel_types as number[]);
  if (Array.isArray(out.options)) out.options = out.options.map(comparableOption);
  return ordered(out, OPTION_KEY_ORDER);
}

/** Option fields that mean "nothing" (false, null, empty) are dropped, server-only ones too. */
function foldOption(option: unknown): Json {
  const out = meaningfulFields(asRecord(option), (key, value) => (key === 'required' || key === 'autocomplete') && value === false);
  if (Array.isArray(out.choices)) out.choices = out.choices.map(foldChoice);
  return out;
}

function foldChoice(choice: unknown): Json {
  return ordered(meaningfulFields(asRecord(choice)), CHOICE_KEY_ORDER);
}

function contextsOf(source: Json, defaults: ScopeDefaults): number[] {
  if (Array.isArray(source.contexts)) return sortedUnique(source.contexts as number[]);
  // A command sent with only the deprecated dm_permission: false is a guild-only command.
  if (source.dm_permission === false) return [InteractionContext.Guild];
  return defaults.contexts;
}

/** Requests may carry the bit set as a number; responses always carry a string (facts §10). */
function permissionsString(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return typeof value === 'string' ? value : null;
}

function hasNoDescription(type: number): boolean {
  return type === CommandType.User || type === CommandType.Message;
}

/** The fields that say something: not server-only, not empty, not `also` (own ones only, see copyableEntries). */
function meaningfulFields(source: Json, also?: (key: string, value: unknown) => boolean): Json {
  const out: Json = {};
  for (const [key, value] of copyableEntries(source)) {
    if (SERVER_ONLY_FIELDS.has(key) || isEmptyValue(value) || also?.(key, value)) continue;
    out[key] = value;
  }
  return out;
}

/** null, undefined, {} and [] all mean "not set" to the API. */
function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** Known keys in their canonical order, then any unknown keys alphabetically, so nothing is lost. */
function ordered(source: Json, order: readonly string[]): Json {
  const out: Json = {};
  for (const key of order) if (key in source) out[key] = sortLocalizations(key, source[key]);
  for (const [key, value] of copyableEntries(source).filter(([k]) => !order.includes(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = value;
  return out;
}

function sortLocalizations(key: string, value: unknown): unknown {
  if (!key.endsWith('_localizations') || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function sortedUnique(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

function asRecord(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}
