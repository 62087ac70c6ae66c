/**
 * The choices each editor picker offers and what choosing one does to the draft, pure.
 * Multi-pickers (permissions, contexts, …) toggle and stay open; `done` closes them.
 */
import {
  CHANNEL_TYPE_NAMES,
  COMMAND_TYPE_NAMES,
  CommandType,
  LOCALES,
  localeName,
  OPTION_TYPE_NAMES,
  type CommandDraft,
  type CommandOption,
} from '../../../discord/model.js';
import { PERMISSION_FLAGS } from '../../../discord/permission-flags.js';
import { fitCommandToType, fitOptionToType } from './draft-edits.js';
import { getAt, parentPath, setAt } from './draft-paths.js';
import type { PickerKind } from './editor-fields.js';

export interface PickerItem {
  key: string;
  label: string;
  value: string;
  /** Said after the label (a locale's language). */
  note?: string;
}

export interface PickerModel {
  title: string;
  multi: boolean;
  items: PickerItem[];
  /** Long lists pick by typing part of the label or note. */
  filterable?: boolean;
  /** The value the field has now: a single pick opens on it. */
  current?: string;
}

/** The items whose label or note holds `query` (any case), those whose label is exactly it first. */
export function filterPickerItems(items: readonly PickerItem[], query: string): PickerItem[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [...items];
  const matches = items.filter((item) => `${item.label} ${item.note ?? ''}`.toLowerCase().includes(wanted));
  return [...matches.filter((item) => item.label.toLowerCase() === wanted), ...matches.filter((item) => item.label.toLowerCase() !== wanted)];
}

const DONE: PickerItem = { key: 'done', label: '✓ done', value: 'done' };
const CLEAR = 'clear';

function toggles(title: string, names: Record<number, string>, selected: readonly number[] | null | undefined, clearLabel: string): PickerModel {
  const items = Object.entries(names).map(([value, name]) => ({ key: value, label: `${selected?.includes(Number(value)) ? '[x]' : '[ ]'} ${name}`, value }));
  return { title, multi: true, items: [DONE, { key: CLEAR, label: clearLabel, value: CLEAR }, ...items] };
}

export function pickerModel(picker: PickerKind, draft: CommandDraft, path: string): PickerModel {
  switch (picker) {
    case 'command-type':
      return { title: 'Command type', multi: false, items: Object.entries(COMMAND_TYPE_NAMES).map(([value, label]) => ({ key: value, label, value })), current: String(draft.type ?? CommandType.ChatInput) };
    case 'option-type':
      return { title: 'Option type', multi: false, items: Object.entries(OPTION_TYPE_NAMES).map(([value, label]) => ({ key: value, label, value })), current: String(getAt(draft, path)) };
    case 'handler':
      return {
        title: 'Entry point handler',
        multi: false,
        items: [
          { key: '1', label: 'APP_HANDLER — your app answers the interaction', value: '1' },
          { key: '2', label: 'DISCORD_LAUNCH_ACTIVITY — Discord launches the Activity', value: '2' },
        ],
      };
    case 'contexts':
      return toggles('Interaction contexts', { 0: 'GUILD', 1: 'BOT_DM', 2: 'PRIVATE_CHANNEL' }, draft.contexts, 'server default (clear)');
    case 'integration-types':
      return toggles('Integration types', { 0: 'GUILD_INSTALL', 1: 'USER_INSTALL' }, draft.integration_types, "server default: the app's (clear)");
    case 'channel-types':
      return toggles('Channel types', CHANNEL_TYPE_NAMES, getAt(draft, path) as number[] | undefined, 'all channel types (clear)');
    case 'permissions': {
      const bits = draft.default_member_permissions;
      const value = bitsOf(bits);
      const names = Object.entries(PERMISSION_FLAGS).map(([name, bit]) => ({ key: name, label: `${value !== undefined && value & bit ? '[x]' : '[ ]'} ${name}`, value: name }));
      return {
        title: `Default member permissions (bits ${bits ?? 'not set'})`,
        multi: true,
        items: [DONE, { key: CLEAR, label: 'everyone (clear)', value: CLEAR }, { key: 'admins', label: 'admins only ("0")', value: 'admins' }, ...names],
      };
    }
    case 'locale': {
      const mapPath = `${path}_localizations`;
      const present = Object.keys((getAt(draft, mapPath) as Record<string, string> | undefined) ?? {});
      return {
        title: `Add a translation of ${path}`,
        multi: false,
        filterable: true,
        items: LOCALES.filter((l) => !present.includes(l)).map((l) => ({ key: l, label: l, value: l, note: localeName(l) })),
      };
    }
  }
}

function bitsOf(bits: string | null | undefined): bigint | undefined {
  try {
    return bits === null || bits === undefined ? undefined : BigInt(bits);
  } catch {
    return undefined;
  }
}

function toggled(list: readonly number[] | null | undefined, value: number): number[] | undefined {
  const set = new Set(list ?? []);
  if (set.has(value)) set.delete(value);
  else set.add(value);
  return set.size === 0 ? undefined : [...set].sort((a, b) => a - b);
}

export interface PickResult {
  draft: CommandDraft;
  close: boolean;
  /** Where focus goes afterwards (a new localization field). */
  focusPath?: string;
}

export function applyPick(picker: PickerKind, draft: CommandDraft, path: string, value: string, scope: 'global' | 'guild'): PickResult {
  if (value === 'done') return { draft, close: true };
  switch (picker) {
    case 'command-type': {
      const type = Number(value);
      const next = fitCommandToType({ ...draft, type }, scope);
      if (type === CommandType.ChatInput && next.description === undefined) next.description = '';
      return { draft: next, close: true };
    }
    case 'option-type': {
      const optionPath = parentPath(path);
      const option = getAt(draft, optionPath) as CommandOption;
      return { draft: setAt(draft, optionPath, fitOptionToType({ ...option, type: Number(value) })), close: true };
    }
    case 'handler':
      return { draft: { ...draft, handler: Number(value) }, close: true };
    case 'contexts':
    case 'integration-types':
    case 'channel-types':
      return { draft: setAt(draft, path, value === CLEAR ? undefined : toggled(getAt(draft, path) as number[] | undefined, Number(value))), close: false };
    case 'permissions': {
      if (value === CLEAR) return { draft: { ...draft, default_member_permissions: null }, close: false };
      if (value === 'admins') return { draft: { ...draft, default_member_permissions: '0' }, close: false };
      const bit = PERMISSION_FLAGS[value as keyof typeof PERMISSION_FLAGS];
      return { draft: { ...draft, default_member_permissions: String((bitsOf(draft.default_member_permissions) ?? 0n) ^ bit) }, close: false };
    }
    case 'locale': {
      const focusPath = `${path}_localizations.${value}`;
      return { draft: setAt(draft, focusPath, ''), close: true, focusPath };
    }
  }
}
