/**
 * Command semantics of one scope, as Discord applies them (facts §3, §4; service-interface
 * "States and transitions"): server-side defaults, POST upsert by (name, type), PATCH replacing the
 * fields it names, delete and rename dropping overwrites, bulk overwrite keeping ids, the entry-point
 * guard, count caps and the daily create budget. Operates on EmulatorState; no HTTP here.
 */
import { COMMAND_REQUEST_FIELDS, CommandType, LIMITS, scopeKey, type Command, type Scope } from '../discord/model.js';
import { scopeDefaults } from '../discord/normalize.js';
import type { ValidationContext } from '../discord/validate.js';
import { apiError } from './api-errors.js';
import { assertFitsScope, assertValidCommand, assertValidCommandSet } from './command-validation.js';
import type { World } from './request-context.js';
import type { SnowflakeGenerator } from './snowflake.js';
import { dropOverwrites, scopeCommands, type ApplicationRecord, type EmulatorState } from './state.js';

type Draft = Record<string, unknown>;

function asDraft(value: unknown): Draft {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Draft) : {};
}

export function validationContext(world: World, scope: { kind: Scope['kind'] }): ValidationContext {
  const app = world.state.application;
  return {
    scope: scope.kind,
    appFlags: app.flags,
    supportedIntegrationTypes: app.integrationTypes,
    choiceStringMaxLength: world.choiceStringMaxLength,
    unconfirmedLocales: world.locales === 'docs' ? 'refuse' : 'warn',
  };
}

/**
 * What the server stores (and answers with) for a draft, in the shape recorded from the real API
 * (test/fixtures/discord/command-created.json, 2024): Discord's defaults filled in (type 1; description ""
 * for USER/MESSAGE; default_member_permissions null; nsfw false), unset localizations as explicit nulls on
 * the command, its options and their choices, `required: false` dropped, no deprecated
 * `default_permission`. Global commands carry `dm_permission` (true unless sent false), `contexts` (null
 * when not sent: discord-api-docs#6744) and `integration_types` (the app's installation types when not
 * sent: discord-api-docs#7396); guild commands carry none of these three, and drop them when sent
 * (discord-answers.ts). Entry points default to APP_HANDLER.
 */
export function materialize(draftInput: unknown, app: ApplicationRecord, ids: SnowflakeGenerator, scope: Scope, id: string): Command {
  const draft = asDraft(draftInput);
  const type = typeof draft.type === 'number' ? draft.type : CommandType.ChatInput;
  const permissions = draft.default_member_permissions;
  const contexts = Array.isArray(draft.contexts) ? (draft.contexts as number[]) : null;
  const command: Command = {
    id,
    application_id: app.id,
    version: ids.next(),
    default_member_permissions: permissions === null || permissions === undefined ? null : String(permissions),
    type,
    name: String(draft.name ?? ''),
    name_localizations: localizations(draft.name_localizations),
    description: type === CommandType.User || type === CommandType.Message ? '' : String(draft.description ?? ''),
    description_localizations: localizations(draft.description_localizations),
    ...(scope.kind === 'guild'
      ? { guild_id: scope.guildId }
      : {
          dm_permission: typeof draft.dm_permission === 'boolean' ? draft.dm_permission : contexts ? contexts.includes(1) : true,
          contexts,
          integration_types: Array.isArray(draft.integration_types)
            ? (draft.integration_types as number[])
            : scopeDefaults('global', app.integrationTypes).integrationTypes,
        }),
  };
  if (type === CommandType.ChatInput && Array.isArray(draft.options) && draft.options.length > 0) {
    command.options = draft.options.map(storedOption) as Command['options'];
  }
  command.nsfw = draft.nsfw === true;
  if (type === CommandType.PrimaryEntryPoint) command.handler = typeof draft.handler === 'number' ? draft.handler : 1;
  return command;
}

function localizations(value: unknown): Record<string, string> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? structuredClone(value as Record<string, string>) : null;
}

/** An option as the API answers with it: localizations as explicit nulls, `required` only when true. */
function storedOption(input: unknown): Draft {
  const { type, name, name_localizations, description, description_localizations, required, choices, options, ...rest } = asDraft(input);
  return {
    type,
    name,
    name_localizations: localizations(name_localizations),
    description,
    description_localizations: localizations(description_localizations),
    ...(required === true ? { required } : {}),
    ...(Array.isArray(choices) ? { choices: choices.map(storedChoice) } : {}),
    ...(Array.isArray(options) ? { options: options.map(storedOption) } : {}),
    ...structuredClone(rest),
  };
}

function storedChoice(input: unknown): Draft {
  const { name, name_localizations, value, ...rest } = asDraft(input);
  return { name, name_localizations: localizations(name_localizations), value, ...structuredClone(rest) };
}

/** The draft a stored command came from, so PATCH can merge into it and re-validate the result. */
export function toDraft(command: Command): Draft {
  const draft: Draft = {};
  for (const field of COMMAND_REQUEST_FIELDS) {
    if (command[field] === undefined || command[field] === null) continue;
    if (field === 'description' && (command.type === CommandType.User || command.type === CommandType.Message)) continue;
    draft[field] = structuredClone(command[field]);
  }
  return draft;
}

function pickSettable(body: Draft): Draft {
  const draft: Draft = {};
  for (const field of COMMAND_REQUEST_FIELDS) if (field in body) draft[field] = body[field];
  return draft;
}

/** Same command content, ignoring id and version: decides whether an edit bumps `version`. */
function sameContent(a: Command, b: Command): boolean {
  const strip = ({ id: _id, version: _version, ...rest }: Command) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

function typeOf(draft: Draft): number {
  return typeof draft.type === 'number' ? draft.type : CommandType.ChatInput;
}

function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Spends `count` creates of the scope's daily budget, or fails with 30034 and spends nothing. */
function spendCreates(state: EmulatorState, key: string, count: number, now: number): void {
  if (count === 0) return;
  const day = utcDay(now);
  const entry = state.creates[key]?.day === day ? state.creates[key]! : { day, count: 0 };
  if (entry.count + count > LIMITS.dailyCreates) throw apiError('maxDailyCreates');
  entry.count += count;
  state.creates[key] = entry;
}

export function findCommand(state: EmulatorState, scope: Scope, commandId: string): Command {
  const found = scopeCommands(state, scopeKey(scope)).find((command) => command.id === commandId);
  if (!found) throw apiError('unknownCommand');
  return found;
}

/** POST: 201 with a new command, or 200 when a command of that name and type existed (overwritten in place). */
export function upsertCommand(world: World, scope: Scope, body: unknown): { command: Command; created: boolean } {
  const context = validationContext(world, scope);
  assertValidCommand(body, context);
  const draft = pickSettable(asDraft(body));
  const key = scopeKey(scope);
  const list = scopeCommands(world.state, key);
  const index = list.findIndex((command) => command.name === draft.name && command.type === typeOf(draft));
  const others = list.filter((_, i) => i !== index).map(toDraft);
  assertFitsScope([...others, draft], others.length, context);
  if (index >= 0) {
    const existing = list[index]!;
    const next = materialize(draft, world.state.application, world.ids, scope, existing.id);
    list[index] = sameContent(existing, next) ? existing : next;
    world.changed();
    return { command: list[index]!, created: false };
  }
  spendCreates(world.state, key, 1, world.clock());
  const command = materialize(draft, world.state.application, world.ids, scope, world.ids.next());
  list.push(command);
  world.changed();
  return { command, created: true };
}

/** PATCH: provided fields replace the stored ones entirely; a rename drops the command's overwrites. */
export function editCommand(world: World, scope: Scope, commandId: string, body: unknown): Command {
  const existing = findCommand(world.state, scope, commandId);
  const context = validationContext(world, scope);
  const patch = pickSettable(asDraft(body));
  // The type is fixed at creation; a PATCH cannot turn a slash command into a context-menu one.
  delete patch.type;
  const merged = { ...toDraft(existing), ...patch };
  for (const [field, value] of Object.entries(merged)) if (value === null) delete merged[field];
  assertValidCommand(merged, context);
  const list = scopeCommands(world.state, scopeKey(scope));
  const others = list.filter((command) => command.id !== commandId).map(toDraft);
  assertFitsScope([...others, merged], others.length, context);
  const next = materialize(merged, world.state.application, world.ids, scope, existing.id);
  if (sameContent(existing, next)) return existing;
  if (next.name !== existing.name) dropOverwrites(world.state, existing.id);
  list[list.indexOf(existing)] = next;
  world.changed();
  return next;
}

/** DELETE: the command and, permanently, all its overwrites. */
export function deleteCommand(world: World, scope: Scope, commandId: string): void {
  const existing = findCommand(world.state, scope, commandId);
  const list = scopeCommands(world.state, scopeKey(scope));
  list.splice(list.indexOf(existing), 1);
  dropOverwrites(world.state, commandId);
  world.changed();
}

/**
 * PUT (bulk overwrite): the body becomes the scope's whole list, all types at once. Items keep the id of
 * the command they match (by `id` when given, else by name and type); unmatched commands are deleted with
 * their overwrites; new names spend the daily budget; the entry point cannot be dropped here (50240).
 */
export function bulkOverwrite(world: World, scope: Scope, body: unknown): Command[] {
  const context = validationContext(world, scope);
  assertValidCommandSet(body, context);
  const drafts = (Array.isArray(body) ? body : []).map((item) => ({ id: asDraft(item).id, draft: pickSettable(asDraft(item)) }));
  const key = scopeKey(scope);
  const list = scopeCommands(world.state, key);

  const unmatched = new Set(list);
  const matches = drafts.map(({ id, draft }) => {
    const match =
      [...unmatched].find((command) => typeof id === 'string' && command.id === id) ??
      [...unmatched].find((command) => command.name === draft.name && command.type === typeOf(draft));
    if (match) unmatched.delete(match);
    return match;
  });
  const dropsEntryPoint = [...unmatched].some((command) => command.type === CommandType.PrimaryEntryPoint) &&
    !drafts.some(({ draft }) => typeOf(draft) === CommandType.PrimaryEntryPoint);
  if (dropsEntryPoint) throw apiError('entryPointRemoval');
  spendCreates(world.state, key, matches.filter((match) => match === undefined).length, world.clock());

  // Bulk overwrite always bumps versions, even when nothing changed (facts §3, ISSUE #3652).
  const next = drafts.map(({ draft }, index) => materialize(draft, world.state.application, world.ids, scope, matches[index]?.id ?? world.ids.next()));
  next.forEach((command, index) => {
    const previous = matches[index];
    if (previous && previous.name !== command.name) dropOverwrites(world.state, previous.id);
  });
  for (const removed of unmatched) dropOverwrites(world.state, removed.id);
  world.state.commands[key] = next;
  world.changed();
  return next;
}
