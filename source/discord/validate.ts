/**
 * The command validator: checks one command, or one scope's complete set, against every platform
 * rule in rules.ts. Pure and total: never throws on any JSON value and never mutates its input.
 * Command-level fields live here; the option tree is checked by validate-options.ts.
 */
import { ApplicationFlags, COMMAND_REQUEST_FIELDS, COMMAND_SERVER_FIELDS, COMMAND_TYPE_NAMES, CommandType, InteractionContext, IntegrationType, isSnowflake, LIMITS, type Problem } from './model.js';
import { commandSize, commandSizeTotal, largestParts } from './command-size.js';
import { PERMISSION_FLAGS, permissionNames } from './permission-flags.js';
import { checkBoolean, checkEnumList, checkKnownFields, notAList, requiredString } from './field-checks.js';
import { describeType, isAbsent, isRecord, own, showValue, type JsonRecord } from './json-value.js';
import { fieldPath, indexPath } from './problem-path.js';
import { problem, type RuleKey } from './rules.js';
import { checkLocalizations, checkName, checkTextLength, type UnconfirmedLocales } from './text-fields.js';
import { checkOptionList, type OptionRules } from './validate-options.js';

export { commandSize, commandSizeTotal, largestParts } from './command-size.js';
export type { CommandSize, SizeField } from './command-size.js';

export interface ValidationContext {
  scope: 'global' | 'guild';
  /** The app's flags; default 0. EMBEDDED = 1 << 17 allows `handler`. `unknown` (offline, not stated): what needs them is a warning. */
  appFlags?: number | 'unknown';
  /** The app's supported installation types; default [0, 1]. */
  supportedIntegrationTypes?: number[];
  /** Longest string choice value; default LIMITS.choiceStringValueLength (100). The emulator may pass 6000. */
  choiceStringMaxLength?: number;
  /** `ar` and `he` (spec only): a warning (default) or refused as the docs read it (the emulator's `--locales docs`). */
  unconfirmedLocales?: UnconfirmedLocales;
  /** How a problem names the set's command at `index` (a folder's file name); default its path `[index]`. */
  commandLabel?: (index: number) => string;
}

interface ResolvedContext extends OptionRules {
  scope: 'global' | 'guild';
  embedded: boolean | 'unknown';
  supportedIntegrationTypes: readonly number[];
}

// Server-only fields of stored commands are accepted, so that what the API returns can be audited.
const COMMAND_FIELDS: ReadonlySet<string> = new Set([...COMMAND_REQUEST_FIELDS, ...COMMAND_SERVER_FIELDS]);

const CONTEXT_VALUES: ReadonlySet<unknown> = new Set(Object.values(InteractionContext));
const INTEGRATION_VALUES: ReadonlySet<unknown> = new Set(Object.values(IntegrationType));
const HANDLER_VALUES: ReadonlySet<unknown> = new Set([1, 2]);
const PERMISSION_BITS = /^\d{1,20}$/;
const KNOWN_PERMISSIONS = Object.values(PERMISSION_FLAGS).reduce((all, bit) => all | bit, 0n);

/** The rule a scope breaks with too many commands of each type (the editor checks one command's share of it). */
export const COUNT_RULES: Record<number, RuleKey> = {
  [CommandType.ChatInput]: 'countChatInput',
  [CommandType.User]: 'countUser',
  [CommandType.Message]: 'countMessage',
  [CommandType.PrimaryEntryPoint]: 'countEntryPoint',
};

export function validateCommand(command: unknown, context: ValidationContext): Problem[] {
  const out: Problem[] = [];
  checkCommand(command, '', resolve(context), out);
  return out;
}

/** A scope's complete list (what a bulk overwrite sends): each command, then counts and unique names. */
export function validateCommandSet(commands: unknown, context: ValidationContext): Problem[] {
  return checkSet(commands, context, true);
}

/**
 * Only what the list as a whole must keep (its size, ids, counts per type, unique names), for a list whose
 * commands are checked one by one elsewhere: the editor, on every keystroke, over a scope of stored ones.
 */
export function validateSetRules(commands: unknown, context: ValidationContext): Problem[] {
  return checkSet(commands, context, false);
}

function checkSet(commands: unknown, context: ValidationContext, eachCommand: boolean): Problem[] {
  if (!Array.isArray(commands)) return [notAList(commands, '', 'commands')];
  const resolved = resolve(context);
  const out: Problem[] = [];
  if (commands.length > LIMITS.bulkOverwriteItems) out.push(problem('setItems', '', { count: commands.length }));
  const counts = new Map<number, number>();
  const firstByName = new Map<string, string>();
  for (let index = 0; index < commands.length; index += 1) {
    const command: unknown = commands[index];
    const base = indexPath('', index);
    if (eachCommand) checkCommand(command, base, resolved, out);
    if (!isRecord(command)) continue;
    // "" is taken as no id: public bots send it as a placeholder and Discord takes their commands
    // (discord-wiki-bot posts interactions/commands/inline.json with "id": "" as it is).
    const id = own(command, 'id');
    if (id !== undefined && id !== '' && !(typeof id === 'string' && isSnowflake(id))) out.push(problem('setItemId', fieldPath(base, 'id'), { value: showValue(id) }));
    const type = commandType(command);
    if (type === undefined) continue;
    counts.set(type, (counts.get(type) ?? 0) + 1);
    const name = own(command, 'name');
    if (typeof name !== 'string') continue;
    const key = `${type}\u0000${name}`;
    const first = firstByName.get(key);
    if (first === undefined) firstByName.set(key, context.commandLabel?.(index) ?? base);
    else out.push(problem('duplicateCommandName', fieldPath(base, 'name'), { name, type: COMMAND_TYPE_NAMES[type]!, first }));
  }
  for (const [type, count] of counts) {
    // Guild entry points are already refused one by one (entry-point.guild).
    if (resolved.scope === 'guild' && type === CommandType.PrimaryEntryPoint) continue;
    if (count > LIMITS.perScope[type]!) out.push(problem(COUNT_RULES[type]!, '', { count }));
  }
  return out;
}

function resolve(context: ValidationContext): ResolvedContext {
  return {
    scope: context.scope,
    embedded: context.appFlags === 'unknown' ? 'unknown' : ((context.appFlags ?? 0) & ApplicationFlags.Embedded) !== 0,
    supportedIntegrationTypes: context.supportedIntegrationTypes ?? [IntegrationType.GuildInstall, IntegrationType.UserInstall],
    choiceStringMaxLength: context.choiceStringMaxLength ?? LIMITS.choiceStringValueLength,
    unconfirmedLocales: context.unconfirmedLocales ?? 'warn',
  };
}

/** The command's type, defaulting to CHAT_INPUT; undefined when it is not one Discord knows. */
function commandType(command: JsonRecord): number | undefined {
  const type = own(command, 'type');
  if (type === undefined) return CommandType.ChatInput;
  return typeof type === 'number' && Object.hasOwn(COMMAND_TYPE_NAMES, type) ? type : undefined;
}

/** One command under check: what every command-level rule needs. */
interface CommandCheck {
  command: JsonRecord;
  /** `""` alone, `[3]` in a set. */
  base: string;
  /** Undefined when the type is not one Discord knows; type-specific rules then stay silent. */
  type: number | undefined;
  typeName: string;
  /**
   * Returned by the API (has `id` and `version`). The API fills in dm_permission, default_permission,
   * contexts and integration_types on every command it returns, so warnings about sending them stay quiet.
   */
  stored: boolean;
  context: ResolvedContext;
  out: Problem[];
}

const at = (check: CommandCheck, field: string) => fieldPath(check.base, field);

function checkCommand(command: unknown, base: string, context: ResolvedContext, out: Problem[]): void {
  if (!isRecord(command)) {
    out.push(problem('objectType', base, { what: 'a command' }));
    return;
  }
  const type = commandType(command);
  const check: CommandCheck = {
    command,
    base,
    type,
    typeName: type === undefined ? 'this' : COMMAND_TYPE_NAMES[type]!,
    stored: own(command, 'id') !== undefined && own(command, 'version') !== undefined,
    context,
    out,
  };
  checkKnownFields(command, COMMAND_FIELDS, base, out);
  if (type === undefined) out.push(problem('commandType', at(check, 'type'), { value: showValue(own(command, 'type')) }));
  checkCommandName(check);
  checkCommandDescription(check);
  checkCommandOptions(check);
  checkPermissions(check);
  checkDeprecated(check);
  checkBoolean(command, 'nsfw', base, out);
  checkInstallation(check);
  checkEntryPoint(check);
  if (commandSizeTotal(command) > LIMITS.commandSize) {
    const size = commandSize(command);
    out.push(problem('sizeTotal', base, { total: size.total, largest: largestParts(size) }));
  }
}

/** CHAT_INPUT names follow the slash pattern and lowercase rule; the other types only the length. */
function checkCommandName(check: CommandCheck): void {
  const { command, base, out } = check;
  const style = check.type === CommandType.ChatInput ? 'slash' : 'free';
  const name = requiredString(command, 'name', base, out);
  if (name !== undefined) checkName(name, style, at(check, 'name'), out);
  checkLocalizations(own(command, 'name_localizations'), at(check, 'name_localizations'), out,
    (text, path) => checkName(text, style, path, out), check.context.unconfirmedLocales);
}

/**
 * CHAT_INPUT: required, 1–100. USER / MESSAGE: none (the API returns "" for them, so "" is fine).
 * PRIMARY_ENTRY_POINT: optional, up to 100.
 */
function checkCommandDescription(check: CommandCheck): void {
  const { command, type, typeName, out } = check;
  const description = own(command, 'description');
  const localizations = own(command, 'description_localizations');
  if (type === CommandType.User || type === CommandType.Message) {
    if (typeof description === 'string' ? description !== '' : !isAbsent(description)) {
      out.push(problem('descriptionNotAllowed', at(check, 'description'), { type: typeName }));
    }
    if (isRecord(localizations) ? Object.keys(localizations).length > 0 : !isAbsent(localizations)) {
      out.push(problem('descriptionNotAllowed', at(check, 'description_localizations'), { type: typeName }));
    }
    return;
  }
  const required = type === CommandType.ChatInput;
  if (typeof description === 'string') {
    if (required || description !== '') checkTextLength(description, LIMITS.descriptionLength, 'descriptionLength', at(check, 'description'), out);
  } else if (description === undefined) {
    if (required) out.push(problem('required', at(check, 'description'), { field: 'description' }));
  } else {
    out.push(problem('fieldType', at(check, 'description'), { field: 'description', expected: 'a string', actual: describeType(description) }));
  }
  checkLocalizations(localizations, at(check, 'description_localizations'), out,
    (text, path) => checkTextLength(text, LIMITS.descriptionLength, 'descriptionLength', path, out), check.context.unconfirmedLocales);
}

/**
 * Options belong to CHAT_INPUT commands only; an empty list elsewhere is harmless. Under a type Discord does
 * not know they are still checked, as Discord reports a bad type and bad options in one answer
 * (test/fixtures/discord/type-names-not-ints.json).
 */
function checkCommandOptions(check: CommandCheck): void {
  const options = own(check.command, 'options');
  if (isAbsent(options)) return;
  if (check.type === CommandType.ChatInput || check.type === undefined) checkOptionList(options, at(check, 'options'), 'command', check.context, check.out);
  else if (!(Array.isArray(options) && options.length === 0)) {
    check.out.push(problem('optionsNotAllowed', at(check, 'options'), { type: check.typeName }));
  }
}

/** A decimal bit-set string ("8"), or null. The API also takes a JSON integer, but bits above 2^53 get lost. */
function checkPermissions(check: CommandCheck): void {
  const value = own(check.command, 'default_member_permissions');
  if (isAbsent(value)) return;
  const path = at(check, 'default_member_permissions');
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value >= 0) check.out.push(problem('permissionsAsNumber', path));
    else check.out.push(problem('permissionsFormat', path, { value: String(value) }));
    return;
  }
  if (typeof value !== 'string' || !PERMISSION_BITS.test(value) || BigInt(value) > LIMITS.maxPermissionBits) {
    check.out.push(problem('permissionsFormat', path, { value: typeof value === 'string' ? value : describeType(value) }));
    return;
  }
  const unknown = BigInt(value) & ~KNOWN_PERMISSIONS;
  if (unknown !== 0n) check.out.push(problem('permissionsUnknownBits', path, { bits: permissionNames(unknown).join(', ') }));
}

/** Deprecated fields warn on what a user sends, not on what the API filled into a stored command. */
function checkDeprecated(check: CommandCheck): void {
  const { command, stored, out } = check;
  const dmPermission = own(command, 'dm_permission');
  if (dmPermission !== undefined) {
    const path = at(check, 'dm_permission');
    // Nullable in the docs' parameter tables and the spec (`?boolean`): null is accepted, and still deprecated.
    if (typeof dmPermission !== 'boolean' && dmPermission !== null) {
      out.push(problem('fieldType', path, { field: 'dm_permission', expected: 'true, false or null', actual: describeType(dmPermission) }));
    }
    if (!stored) out.push(problem('dmPermissionDeprecated', path));
    if (!stored && check.context.scope === 'guild') out.push(problem('globalOnlyField', path, { field: 'dm_permission' }));
  }
  const defaultPermission = own(command, 'default_permission');
  if (!isAbsent(defaultPermission)) {
    const path = at(check, 'default_permission');
    if (typeof defaultPermission !== 'boolean') {
      out.push(problem('fieldType', path, { field: 'default_permission', expected: 'true, false or null', actual: describeType(defaultPermission) }));
    }
    if (!stored) out.push(problem('defaultPermissionDeprecated', path));
  }
}

/** `integration_types` and `contexts`: known values, supported by the app, meaningful for the scope. */
function checkInstallation(check: CommandCheck): void {
  const { command, base, context, stored, out } = check;
  const integrationTypes = checkEnumList(command, 'integration_types', base, out, (value) => INTEGRATION_VALUES.has(value),
    'integrationTypeValue', { allowEmpty: false });
  const contexts = checkEnumList(command, 'contexts', base, out, (value) => CONTEXT_VALUES.has(value), 'contextValue',
    { allowEmpty: false });

  const supported = context.supportedIntegrationTypes;
  for (const { value, index } of integrationTypes ?? []) {
    if (!supported.includes(value)) {
      out.push(problem('integrationTypeUnsupported', indexPath(at(check, 'integration_types'), index), {
        value,
        supported: supported.length > 0 ? `[${supported.join(', ')}]` : 'none (the app has no installation types)',
      }));
    }
  }

  if (context.scope === 'guild') {
    if (stored) return;
    if (integrationTypes) out.push(problem('globalOnlyField', at(check, 'integration_types'), { field: 'integration_types' }));
    if (contexts) out.push(problem('globalOnlyField', at(check, 'contexts'), { field: 'contexts' }));
    return;
  }
  if (stored) return;
  const privateChannel = contexts?.find(({ value }) => value === InteractionContext.PrivateChannel);
  const installTypes = integrationTypes?.map(({ value }) => value) ?? supported;
  if (privateChannel && !installTypes.includes(IntegrationType.UserInstall)) {
    out.push(problem('privateChannelNeedsUserInstall', indexPath(at(check, 'contexts'), privateChannel.index)));
  }
}

/** `handler` only on PRIMARY_ENTRY_POINT commands of EMBEDDED apps; entry points only globally. */
function checkEntryPoint(check: CommandCheck): void {
  const { command, type, out } = check;
  const handler = own(command, 'handler');
  if (!isAbsent(handler)) {
    const path = at(check, 'handler');
    if (type !== CommandType.PrimaryEntryPoint) {
      if (type !== undefined) out.push(problem('handlerNotAllowed', path, { type: check.typeName }));
    } else {
      if (!HANDLER_VALUES.has(handler)) out.push(problem('handlerValue', path, { value: showValue(handler) }));
      if (check.context.embedded === 'unknown') out.push(problem('handlerEmbeddedUnknown', path));
      else if (!check.context.embedded) out.push(problem('handlerNeedsEmbedded', path));
    }
  }
  if (type === CommandType.PrimaryEntryPoint && check.context.scope === 'guild') out.push(problem('entryPointInGuild', check.base));
}
