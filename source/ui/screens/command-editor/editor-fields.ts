/**
 * The editor's fields for a draft, pure: exactly the fields the spec allows for the command's type and
 * scope, the option tree flattened in order (with indentation), and how each field is edited.
 * Each field's `path` is the validator's problem path, so problems land under the field they concern.
 */
import {
  CHANNEL_TYPE_NAMES,
  CommandType,
  EntryPointHandler,
  LIMITS,
  localeName,
  OPTION_TYPE_NAMES,
  OptionType,
  type CommandDraft,
  type CommandOption,
} from '../../../discord/model.js';
import { permissionNames } from '../../../discord/permission-flags.js';
import { contextsSummary, integrationTypesSummary, typeName } from '../../format/command-summary.js';
import { allowedCommandKeys, allowedOptionKeys } from './draft-edits.js';
import { getAt } from './draft-paths.js';

export type PickerKind = 'command-type' | 'option-type' | 'handler' | 'permissions' | 'contexts' | 'integration-types' | 'channel-types' | 'locale';

export type FieldKind =
  | { kind: 'text' }
  /** Parsed to a number when it looks like one; otherwise kept as typed so the validator can say why. */
  | { kind: 'number' }
  /** A choice value: a number for INTEGER / NUMBER options, a string otherwise. */
  | { kind: 'choice-value'; numeric: boolean }
  /** Comma-separated list of strings (file extensions). */
  | { kind: 'list' }
  | { kind: 'toggle' }
  | { kind: 'picker'; picker: PickerKind };

export interface EditorField {
  path: string;
  label: string;
  indent: number;
  edit: FieldKind;
  /** Text shown for non-text fields. */
  display?: string;
  hint?: string;
}

export interface FieldContext {
  scope: 'global' | 'guild';
  creating: boolean;
}

export function editorFields(draft: CommandDraft, context: FieldContext): EditorField[] {
  const type = draft.type ?? CommandType.ChatInput;
  const allowed = allowedCommandKeys(type, context.scope);
  const fields: EditorField[] = [];
  if (context.creating) fields.push({ path: 'type', label: 'type', indent: 0, edit: { kind: 'picker', picker: 'command-type' }, display: typeName(type), hint: 'enter to change' });
  else fields.push({ path: 'type', label: 'type', indent: 0, edit: { kind: 'picker', picker: 'command-type' }, display: `${typeName(type)} (fixed after creation)` });
  // Each translation right under the field it translates.
  fields.push({ path: 'name', label: 'name', indent: 0, edit: { kind: 'text' }, hint: type === CommandType.ChatInput ? 'lowercase, 1–32, no spaces' : '1–32 characters' });
  fields.push(...localizationFields(draft.name_localizations, 'name_localizations', 'name', 1));
  if (allowed.includes('description')) {
    fields.push({ path: 'description', label: 'description', indent: 0, edit: { kind: 'text' }, hint: '1–100 characters' });
    fields.push(...localizationFields(draft.description_localizations, 'description_localizations', 'description', 1));
  }
  const bits = draft.default_member_permissions;
  fields.push({
    path: 'default_member_permissions',
    label: 'default permissions',
    indent: 0,
    edit: { kind: 'picker', picker: 'permissions' },
    display: bits === null || bits === undefined ? 'everyone (not set)' : bits === '0' ? 'admins only (0)' : `${safeNames(bits)} (bits ${bits})`,
  });
  fields.push({ path: 'nsfw', label: 'nsfw (age-restricted)', indent: 0, edit: { kind: 'toggle' }, display: draft.nsfw ? 'yes' : 'no' });
  if (allowed.includes('contexts')) {
    fields.push({ path: 'contexts', label: 'contexts', indent: 0, edit: { kind: 'picker', picker: 'contexts' }, display: draft.contexts ? contextsSummary({ contexts: draft.contexts }, false) : 'server default (GUILD, BOT_DM)' });
    fields.push({ path: 'integration_types', label: 'integration types', indent: 0, edit: { kind: 'picker', picker: 'integration-types' }, display: draft.integration_types ? integrationTypesSummary(draft.integration_types) : "server default (the app's)" });
  }
  if (allowed.includes('handler')) {
    const handler = draft.handler;
    fields.push({ path: 'handler', label: 'handler', indent: 0, edit: { kind: 'picker', picker: 'handler' }, display: handler === EntryPointHandler.AppHandler ? 'APP_HANDLER' : handler === EntryPointHandler.DiscordLaunchActivity ? 'DISCORD_LAUNCH_ACTIVITY' : 'not set' });
  }
  if (allowed.includes('options')) (draft.options ?? []).forEach((option, index) => fields.push(...optionFields(option, `options[${index}]`, 0)));
  return fields;
}

function safeNames(bits: string): string {
  try {
    return permissionNames(bits).join(', ') || 'none';
  } catch {
    return 'not a number';
  }
}

function localizationFields(map: Record<string, string> | null | undefined, mapPath: string, base: string, indent: number): EditorField[] {
  return Object.keys(map ?? {}).map((locale) => ({ path: `${mapPath}.${locale}`, label: `${base} [${locale} ${localeName(locale)}]`, indent, edit: { kind: 'text' as const } }));
}

function optionFields(option: CommandOption, path: string, depth: number): EditorField[] {
  const indent = depth * 2 + 1;
  const allowed = allowedOptionKeys(option.type);
  const fields: EditorField[] = [
    { path: `${path}.type`, label: `option ${optionNumber(path)} type`, indent: indent - 1, edit: { kind: 'picker', picker: 'option-type' }, display: OPTION_TYPE_NAMES[option.type] ?? `type ${option.type}` },
    { path: `${path}.name`, label: 'name', indent, edit: { kind: 'text' } },
    ...localizationFields(option.name_localizations, `${path}.name_localizations`, 'name', indent + 1),
    { path: `${path}.description`, label: 'description', indent, edit: { kind: 'text' } },
    ...localizationFields(option.description_localizations, `${path}.description_localizations`, 'description', indent + 1),
  ];
  if (allowed.includes('required')) fields.push({ path: `${path}.required`, label: 'required', indent, edit: { kind: 'toggle' }, display: option.required ? 'yes' : 'no' });
  if (allowed.includes('autocomplete')) fields.push({ path: `${path}.autocomplete`, label: 'autocomplete', indent, edit: { kind: 'toggle' }, display: option.autocomplete ? 'yes' : 'no' });
  if (allowed.includes('min_value')) {
    fields.push({ path: `${path}.min_value`, label: 'min value', indent, edit: { kind: 'number' } });
    fields.push({ path: `${path}.max_value`, label: 'max value', indent, edit: { kind: 'number' } });
  }
  if (allowed.includes('min_length')) {
    fields.push({ path: `${path}.min_length`, label: 'min length', indent, edit: { kind: 'number' } });
    fields.push({ path: `${path}.max_length`, label: 'max length', indent, edit: { kind: 'number' } });
  }
  if (allowed.includes('channel_types')) {
    const types = option.channel_types;
    fields.push({ path: `${path}.channel_types`, label: 'channel types', indent, edit: { kind: 'picker', picker: 'channel-types' }, display: types?.length ? types.map((t) => CHANNEL_TYPE_NAMES[t] ?? t).join(', ') : 'all' });
  }
  if (allowed.includes('file_types')) fields.push({ path: `${path}.file_types`, label: 'file types', indent, edit: { kind: 'list' }, hint: 'comma-separated extensions, e.g. png,jpg' });
  const numeric = option.type === OptionType.Integer || option.type === OptionType.Number;
  (option.choices ?? []).forEach((choice, index) => {
    const choicePath = `${path}.choices[${index}]`;
    fields.push({ path: `${choicePath}.name`, label: `choice ${index + 1} name`, indent: indent + 1, edit: { kind: 'text' } });
    fields.push(...localizationFields(choice.name_localizations, `${choicePath}.name_localizations`, 'name', indent + 2));
    fields.push({ path: `${choicePath}.value`, label: `choice ${index + 1} value`, indent: indent + 1, edit: { kind: 'choice-value', numeric } });
  });
  (option.options ?? []).forEach((child, index) => fields.push(...optionFields(child, `${path}.options[${index}]`, depth + 1)));
  return fields;
}

/** `options[0].options[2]` → `1.3`: the option's position as people count. */
/** `options[1].options[0]` → `2.1`, as the fields are labelled. */
export function optionNumber(path: string): string {
  return [...path.matchAll(/options\[(\d+)\]/g)].map((m) => Number(m[1]) + 1).join('.');
}

/** The text a text-like field shows for the value stored in the draft. */
export function fieldText(draft: CommandDraft, field: EditorField): string {
  const value = getAt(draft, field.path);
  if (field.edit.kind === 'list') return Array.isArray(value) ? value.join(',') : '';
  return value === undefined || value === null ? '' : String(value);
}

/** The value stored in the draft for what was typed into a text-like field. */
export function valueFromText(field: EditorField, text: string): unknown {
  const kind = field.edit.kind;
  if (kind === 'list') return text === '' ? undefined : text.split(',');
  const numeric = kind === 'number' || (kind === 'choice-value' && field.edit.numeric);
  if (!numeric) return text;
  if (text === '') return kind === 'number' ? undefined : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  // A whole number past 2^53 would silently become another number: kept as typed, the validator names the bounds.
  if (!text.includes('.') && abs(BigInt(text)) > BigInt(LIMITS.numberMagnitude)) return text;
  return Number(text);
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

export function isTextLike(field: EditorField | undefined): boolean {
  const kind = field?.edit.kind;
  return kind === 'text' || kind === 'number' || kind === 'choice-value' || kind === 'list';
}

