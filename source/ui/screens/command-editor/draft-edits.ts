/**
 * Structural edits of a command draft, pure: add / remove / reorder options and choices, localizations,
 * and trimming a command or option to the fields its type allows (so the editor never sends a field the
 * spec forbids for that type).
 */
import { CommandType, OptionType, type CommandDraft, type CommandOption } from '../../../discord/model.js';
import { getAt, itemPathOf, parentPath, setAt, splitItemPath } from './draft-paths.js';

const COMMON_OPTION_KEYS = ['type', 'name', 'name_localizations', 'description', 'description_localizations'];
const OPTION_KEYS_BY_TYPE: Record<number, string[]> = {
  [OptionType.Subcommand]: ['options'],
  [OptionType.SubcommandGroup]: ['options'],
  [OptionType.String]: ['required', 'choices', 'autocomplete', 'min_length', 'max_length'],
  [OptionType.Integer]: ['required', 'choices', 'autocomplete', 'min_value', 'max_value'],
  [OptionType.Number]: ['required', 'choices', 'autocomplete', 'min_value', 'max_value'],
  [OptionType.Channel]: ['required', 'channel_types'],
  [OptionType.Attachment]: ['required', 'file_types'],
};

export function allowedOptionKeys(type: number): string[] {
  return [...COMMON_OPTION_KEYS, ...(OPTION_KEYS_BY_TYPE[type] ?? ['required'])];
}

export function fitOptionToType(option: CommandOption): CommandOption {
  const allowed = allowedOptionKeys(option.type);
  const fitted = Object.fromEntries(Object.entries(option).filter(([key]) => allowed.includes(key))) as CommandOption;
  if (allowed.includes('options') && !Array.isArray(fitted.options)) fitted.options = [];
  return fitted;
}

/** Fields a command of this type may carry in this scope (service-interface: fields table; facts §4.1). */
export function allowedCommandKeys(type: number, scope: 'global' | 'guild'): string[] {
  const keys = ['type', 'name', 'name_localizations', 'default_member_permissions', 'nsfw'];
  if (type === CommandType.ChatInput) keys.push('description', 'description_localizations', 'options');
  if (scope === 'global') keys.push('contexts', 'integration_types');
  if (type === CommandType.PrimaryEntryPoint) keys.push('description', 'description_localizations', 'handler');
  return keys;
}

export function fitCommandToType(draft: CommandDraft, scope: 'global' | 'guild'): CommandDraft {
  const allowed = allowedCommandKeys(draft.type ?? CommandType.ChatInput, scope);
  return Object.fromEntries(Object.entries(draft).filter(([key]) => allowed.includes(key))) as CommandDraft;
}

export function newDraft(): CommandDraft {
  return { type: CommandType.ChatInput, name: '', description: '' };
}

const CONTAINER_TYPES: readonly number[] = [OptionType.Subcommand, OptionType.SubcommandGroup];

/**
 * Where the add-option key adds an option, given the focused field: inside the focused subcommand or group,
 * otherwise next to the focused option, otherwise at the top level. Returns the array path.
 */
export function optionArrayFor(draft: CommandDraft, focusedPath: string): string {
  const item = itemPathOf(focusedPath.replace(/\.choices\[\d+\].*$/, ''), 'options');
  if (!item) return 'options';
  const option = getAt(draft, item) as CommandOption | undefined;
  if (option && CONTAINER_TYPES.includes(option.type)) return `${item}.options`;
  return splitItemPath(item).array;
}

export function addOption(draft: CommandDraft, arrayPath: string): { draft: CommandDraft; itemPath: string } {
  const array = (getAt(draft, arrayPath) as CommandOption[] | undefined) ?? [];
  // Inside a group only subcommands are allowed; elsewhere start with a string option.
  const parent = arrayPath === 'options' ? undefined : (getAt(draft, parentPath(arrayPath)) as CommandOption | undefined);
  const type = parent?.type === OptionType.SubcommandGroup ? OptionType.Subcommand : OptionType.String;
  const option: CommandOption = fitOptionToType({ type, name: '', description: '' });
  return { draft: setAt(draft, arrayPath, [...array, option]), itemPath: `${arrayPath}[${array.length}]` };
}

export function addChoice(draft: CommandDraft, optionPath: string): { draft: CommandDraft; itemPath: string } | undefined {
  const option = getAt(draft, optionPath) as CommandOption | undefined;
  if (!option || !allowedOptionKeys(option.type).includes('choices')) return undefined;
  const choices = option.choices ?? [];
  const value = option.type === OptionType.String ? '' : 0;
  return { draft: setAt(draft, `${optionPath}.choices`, [...choices, { name: '', value }]), itemPath: `${optionPath}.choices[${choices.length}]` };
}

/** Removes an array item (option or choice) or a localization entry at `path`. */
export function removeAt(draft: CommandDraft, path: string): CommandDraft {
  const next = setAt(draft, path, undefined);
  // An emptied localization map is dropped rather than sent as {}.
  const parent = parentPath(path);
  if (parent.endsWith('_localizations')) {
    const map = getAt(next, parent) as Record<string, string> | undefined;
    if (map && Object.keys(map).length === 0) return setAt(next, parent, undefined);
  }
  return next;
}

/** Swaps an option or choice with its neighbour; returns the item's new path. */
export function moveItem(draft: CommandDraft, itemPath: string, delta: -1 | 1): { draft: CommandDraft; itemPath: string } {
  const { array, index } = splitItemPath(itemPath);
  const items = [...((getAt(draft, array) as unknown[] | undefined) ?? [])];
  const target = index + delta;
  if (target < 0 || target >= items.length) return { draft, itemPath };
  [items[index], items[target]] = [items[target], items[index]];
  return { draft: setAt(draft, array, items), itemPath: `${array}[${target}]` };
}
