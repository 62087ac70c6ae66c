/**
 * The Try screen's form, pure: the rows Discord's client shows for a slash command in the locale the
 * user picked — where and as whom (server, member, channel), the subcommand group and subcommand, then
 * the options in order with the required ones first — each value held to the client's rules as it is
 * typed (discord/option-values.ts, the rules the emulator applies), who-can-use's answer for that
 * member in that channel, and the request that goes to the emulator (operations/try-command.ts).
 */
import { hiddenCommandReason } from '../../../discord/member-access.js';
import type { CommandAccessInput } from '../../../discord/effective-access.js';
import { CHANNEL_TYPE_NAMES, COMMAND_CHANNEL_TYPES, LIMITS, localeName, OptionType, PermissionType, type Command, type CommandOption } from '../../../discord/model.js';
import { fillOptions, optionProblem, type EntityLookup } from '../../../discord/option-values.js';
import { describeTarget, type GuildDirectory } from '../../../discord/overwrite-targets.js';
import { defaultTryChannel, defaultTryMember } from '../../../discord/try-place.js';
import type { TryRequest } from '../../../operations/try-command.js';

export interface TryForm {
  locale: string;
  /** Set when the scope is global: the server to try it in. */
  guildId?: string;
  userId?: string;
  channelId?: string;
  /** The chosen subcommand group and subcommand, by name. */
  path: string[];
  /** Option name → the text typed, or the value picked (an id, a choice's value, true/false). */
  values: Record<string, string>;
}

/** What the guild offers the pickers, and who-can-use's input for this command there (undefined while unknown). */
export interface TryPlace {
  directory: GuildDirectory;
  access?: CommandAccessInput;
  /** The app's developer, whom the client runs as by default where they are a member (discord/try-place.ts). */
  appOwnerId?: string;
}

export type InputKind = 'text' | 'autocomplete' | 'choices' | 'boolean' | 'channel' | 'user' | 'role' | 'mentionable' | 'attachment';

export type TryRow =
  | { key: 'guild'; kind: 'guild' }
  | { key: 'locale'; kind: 'locale' }
  | { key: 'member'; kind: 'member' }
  /** `hidden`: why Discord's picker would not offer the command to that member there. */
  | { key: 'channel'; kind: 'channel'; hidden?: string }
  | { key: `level:${number}`; kind: 'subcommand'; depth: number; choices: CommandOption[]; chosen?: CommandOption }
  | { key: `option:${string}`; kind: 'option'; option: CommandOption; input: InputKind; text: string; problem?: string }
  /** `problems`: why the client would not send it yet. */
  | { key: 'send'; kind: 'send'; problems: string[] };

export type RowKey = TryRow['key'];

const CONTAINERS: readonly number[] = [OptionType.Subcommand, OptionType.SubcommandGroup];

/** A name or description as the client shows it in `locale`: its localization there, else the default. */
export function localized(value: string, localizations: Readonly<Record<string, string>> | null | undefined, locale: string): string {
  return localizations?.[locale] ?? value;
}

/** How the client takes a value: typed, picked from the command's choices, from the guild, or a file. */
export function inputKind(option: CommandOption): InputKind {
  if (option.choices && option.choices.length > 0) return 'choices';
  if (option.autocomplete) return 'autocomplete';
  switch (option.type) {
    case OptionType.Boolean:
      return 'boolean';
    case OptionType.Channel:
      return 'channel';
    case OptionType.User:
      return 'user';
    case OptionType.Role:
      return 'role';
    case OptionType.Mentionable:
      return 'mentionable';
    case OptionType.Attachment:
      return 'attachment';
    default:
      return 'text';
  }
}

/** Whether the row takes typed text (the rest open a picker with enter). */
export function isTyped(row: TryRow): boolean {
  return row.kind === 'option' && (row.input === 'text' || row.input === 'autocomplete' || row.input === 'attachment');
}

/** The client lists required options first, each group in the command's order. */
export function orderedOptions(options: readonly CommandOption[]): CommandOption[] {
  return [...options.filter((option) => option.required), ...options.filter((option) => !option.required)];
}

/** The subcommand levels down `path`, and the options of the subcommand reached (undefined while one is still to choose). */
export function commandLevels(command: Pick<Command, 'options'>, path: readonly string[]): { levels: Extract<TryRow, { kind: 'subcommand' }>[]; options?: CommandOption[] } {
  const levels: Extract<TryRow, { kind: 'subcommand' }>[] = [];
  let level = command.options ?? [];
  for (let depth = 0; ; depth++) {
    const choices = level.filter((option) => CONTAINERS.includes(option.type));
    if (choices.length === 0) return { levels, options: level };
    const chosen = choices.find((option) => option.name === path[depth]);
    levels.push({ key: `level:${depth}`, kind: 'subcommand', depth, choices, ...(chosen ? { chosen } : {}) });
    if (!chosen) return { levels };
    level = chosen.options ?? [];
  }
}

/** The guild's entities, as the rules look them up. */
export function entityLookup(directory: GuildDirectory): EntityLookup {
  return {
    channelType: (id) => directory.channels.find((channel) => channel.id === id)?.type,
    isUser: (id) => (directory.members ?? []).some((member) => member.user?.id === id),
    isRole: (id) => directory.roles.some((role) => role.id === id),
    // On the form an ATTACHMENT value is a local file's path; the file is read when the command is sent.
    isAttachment: (path) => path !== '',
  };
}

/** The options filled in so far: those with text, by name. */
function filledValues(form: TryForm, options: readonly CommandOption[]): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const option of options) if (Object.hasOwn(form.values, option.name) && form.values[option.name] !== '') values[option.name] = form.values[option.name]!;
  return values;
}

export function tryRows(command: Command, form: TryForm, place: TryPlace, scopeIsGlobal: boolean, now: number): TryRow[] {
  const { levels, options } = commandLevels(command, form.path);
  const lookup = entityLookup(place.directory);
  const hidden = place.access && form.userId && form.channelId ? hiddenCommandReason(place.access, form.userId, form.channelId, now) : undefined;
  const optionRows: TryRow[] = orderedOptions(options ?? []).map((option) => {
    const text = form.values[option.name] ?? '';
    const input = inputKind(option);
    // An autocomplete value and an attachment are checked when sent (the text so far is what autocomplete is for).
    const checked = text !== '' && input !== 'autocomplete' && input !== 'attachment';
    const problem = checked ? optionProblem(option, text, lookup) : undefined;
    return { key: `option:${option.name}`, kind: 'option', option, input, text, ...(problem ? { problem } : {}) };
  });
  const problems = [
    ...(scopeIsGlobal && !form.guildId ? ['Choose a server to try it in.'] : []),
    ...(form.userId ? [] : ['Choose the member who runs it.']),
    ...(form.channelId ? [] : ['Choose the channel it is run in.']),
    ...(hidden ? [hidden] : []),
    ...fillOptions(command, form.path, filledValues(form, options ?? []), lookup).problems,
  ];
  return [
    ...(scopeIsGlobal ? [{ key: 'guild', kind: 'guild' } as const] : []),
    { key: 'locale', kind: 'locale' },
    { key: 'member', kind: 'member' },
    { key: 'channel', kind: 'channel', ...(hidden ? { hidden } : {}) },
    ...levels,
    ...optionRows,
    { key: 'send', kind: 'send', problems },
  ];
}

/** The member and the channel the client would start with, as `cmd-tui try` does (discord/try-place.ts), where the user has not picked them. */
export function defaultPlace(form: TryForm, place: TryPlace, now: number): Pick<TryForm, 'userId' | 'channelId'> {
  const memberIds = (place.directory.members ?? []).flatMap((member) => (member.user ? [member.user.id] : []));
  const userId = form.userId ?? defaultTryMember({ memberIds, appOwnerId: place.appOwnerId, guildOwnerId: place.directory.ownerId });
  const channelId = form.channelId ?? (userId ? defaultTryChannel(place.directory.channels, userId, place.access, now) : undefined);
  return { ...(userId ? { userId } : {}), ...(channelId ? { channelId } : {}) };
}

export interface PickChoice {
  key: string;
  label: string;
  note?: string;
}

/** `@Ada`, `@Moderators`, `#general`: a member, role or channel as the client names it (by id when the guild did not say). */
export const memberLabel = (directory: GuildDirectory, id: string) => describeTarget({ id, type: PermissionType.User }, directory).label;
const roleLabel = (directory: GuildDirectory, id: string) => describeTarget({ id, type: PermissionType.Role }, directory).label;
export const channelLabel = (directory: GuildDirectory, id: string) => describeTarget({ id, type: PermissionType.Channel }, directory).label;

/** Where a CHANNEL option may point: the guild's channels of its `channel_types` (any, when it has none). */
export function channelChoices(option: CommandOption | undefined, directory: GuildDirectory): PickChoice[] {
  const allowed = option?.channel_types && option.channel_types.length > 0 ? option.channel_types : undefined;
  const types = option ? allowed : COMMAND_CHANNEL_TYPES;
  return directory.channels
    .filter((channel) => !types || types.includes(channel.type))
    .map((channel) => ({ key: channel.id, label: channelLabel(directory, channel.id), note: CHANNEL_TYPE_NAMES[channel.type] ?? `type ${channel.type}` }));
}

export function memberChoices(directory: GuildDirectory): PickChoice[] {
  return (directory.members ?? []).flatMap((member) => (member.user ? [{ key: member.user.id, label: memberLabel(directory, member.user.id), note: member.user.username }] : []));
}

export function roleChoices(directory: GuildDirectory): PickChoice[] {
  return directory.roles.map((role) => ({ key: role.id, label: roleLabel(directory, role.id), note: 'role' }));
}

/** What a picker row offers; typed rows offer nothing. */
export function rowChoices(row: TryRow, form: TryForm, place: TryPlace, locales: readonly string[]): PickChoice[] {
  const { directory } = place;
  switch (row.kind) {
    case 'locale':
      return locales.map((locale) => ({ key: locale, label: locale, note: localeName(locale) }));
    case 'member':
      return memberChoices(directory);
    case 'channel':
      return channelChoices(undefined, directory);
    case 'subcommand':
      return row.choices.map((choice) => ({ key: choice.name, label: localized(choice.name, choice.name_localizations, form.locale), note: localized(choice.description, choice.description_localizations, form.locale) }));
    case 'option':
      switch (row.input) {
        case 'choices':
          return (row.option.choices ?? []).map((choice) => ({ key: String(choice.value), label: localized(choice.name, choice.name_localizations, form.locale) }));
        case 'boolean':
          return [{ key: 'true', label: 'True' }, { key: 'false', label: 'False' }];
        case 'channel':
          return channelChoices(row.option, directory);
        case 'user':
          return memberChoices(directory);
        case 'role':
          return roleChoices(directory);
        case 'mentionable':
          return [...memberChoices(directory), ...roleChoices(directory)];
        default:
          return [];
      }
    default:
      return [];
  }
}

/** A value as the client shows it in its field: a member, role or channel by name, a choice by its name in the locale. */
export function shownValue(row: Extract<TryRow, { kind: 'option' }>, locale: string, directory: GuildDirectory): string {
  const { text, input, option } = row;
  if (text === '') return '';
  if (input === 'choices') {
    const choice = option.choices?.find((candidate) => String(candidate.value) === text);
    return choice ? localized(choice.name, choice.name_localizations, locale) : text;
  }
  if (input === 'boolean') return text === 'true' ? 'True' : text === 'false' ? 'False' : text;
  if (input === 'user') return memberLabel(directory, text);
  if (input === 'role') return roleLabel(directory, text);
  if (input === 'channel') return channelLabel(directory, text);
  if (input === 'mentionable') return entityLookup(directory).isRole(text) ? roleLabel(directory, text) : memberLabel(directory, text);
  return text;
}

/** The option's limits, as a hint beside its field. */
export function optionHint(option: CommandOption, input: InputKind): string {
  const range = (min: number | undefined, max: number | undefined, unit = '') =>
    min !== undefined && max !== undefined ? `${min}–${max}${unit}` : min !== undefined ? `at least ${min}${unit}` : max !== undefined ? `at most ${max}${unit}` : undefined;
  const hints = [
    input === 'autocomplete' ? 'suggested by the bot as you type' : undefined,
    input === 'attachment' ? 'a local file' : undefined,
    option.type === OptionType.String ? range(option.min_length, option.max_length, ' characters') : undefined,
    option.type === OptionType.Integer ? (range(option.min_value, option.max_value) ?? 'a whole number') : undefined,
    option.type === OptionType.Number ? (range(option.min_value, option.max_value) ?? 'a number') : undefined,
    input === 'channel' && option.channel_types?.length ? option.channel_types.map((type) => CHANNEL_TYPE_NAMES[type] ?? type).join(', ') : undefined,
  ];
  return hints.filter((hint) => hint !== undefined).join(' · ');
}

/** A request as the form has it: ATTACHMENT options as local paths in `files`, read (and uploaded) when it is sent. */
export interface FormRequest extends TryRequest {
  files?: Record<string, string>;
}

/** What the emulator is asked to deliver: the command, or with `focused` the autocomplete of that option (the other values only where valid, as the client sends them). */
export function tryRequest(command: Command, form: TryForm, place: TryPlace, focused?: string): FormRequest {
  const { options } = commandLevels(command, form.path);
  const lookup = entityLookup(place.directory);
  const values = filledValues(form, options ?? []);
  if (focused !== undefined) {
    for (const option of options ?? []) {
      if (option.name !== focused && Object.hasOwn(values, option.name) && optionProblem(option, values[option.name]!, lookup)) delete values[option.name];
    }
    values[focused] = form.values[focused] ?? '';
  }
  const files = (options ?? []).filter((option) => option.type === OptionType.Attachment && Object.hasOwn(values, option.name));
  const attachments = Object.fromEntries(files.map((option) => [option.name, values[option.name]!]));
  for (const option of files) delete values[option.name];
  return {
    name: command.name,
    path: form.path,
    options: values,
    ...(files.length > 0 ? { files: attachments } : {}),
    locale: form.locale,
    ...(focused !== undefined ? { focused } : {}),
    ...(form.guildId ? { guildId: form.guildId } : {}),
    ...(form.userId ? { userId: form.userId } : {}),
    ...(form.channelId ? { channelId: form.channelId } : {}),
  };
}

export interface SuggestedChoice {
  name: string;
  value: string | number;
}

/**
 * The bot's suggestions as the client takes them (DOCS/RR "Autocomplete"): at most 25, each a name of
 * 1–100 characters and a value of the option's type (a whole number for INTEGER); the rest are named as problems.
 */
export function validChoices(option: CommandOption, choices: readonly unknown[]): { choices: SuggestedChoice[]; problems: string[] } {
  const problems: string[] = choices.length > 25 ? [`the bot suggested ${choices.length} choices; the client takes at most 25`] : [];
  const valid: SuggestedChoice[] = [];
  for (const [index, choice] of choices.slice(0, 25).entries()) {
    const { name, value } = (typeof choice === 'object' && choice !== null ? choice : {}) as Record<string, unknown>;
    const nameLength = typeof name === 'string' ? [...name].length : 0;
    const typed =
      option.type === OptionType.String ? typeof value === 'string' : option.type === OptionType.Integer ? Number.isInteger(value) : typeof value === 'number' && Number.isFinite(value);
    if (typeof name !== 'string' || nameLength < LIMITS.choiceNameLength.min || nameLength > LIMITS.choiceNameLength.max) problems.push(`choice ${index + 1} has no name of 1–100 characters`);
    else if (!typed) problems.push(`choice ${index + 1} (${name}) has a value that is not ${option.type === OptionType.String ? 'text' : option.type === OptionType.Integer ? 'a whole number' : 'a number'}`);
    else valid.push({ name, value: value as string | number });
  }
  return { choices: valid, problems };
}
