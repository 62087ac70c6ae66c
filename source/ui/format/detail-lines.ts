/**
 * The detail screen's text, pure: ids, version, type, localizations, default permissions by name,
 * contexts, integration types, the option tree (types, required, choices, bounds, channel types,
 * autocomplete, file types) and the permission overwrites summary.
 */
import {
  CHANNEL_TYPE_NAMES,
  CommandType,
  OPTION_TYPE_NAMES,
  localeName,
  type Command,
  type CommandOption,
  type GuildCommandPermissions,
  type Problem,
} from '../../discord/model.js';
import { describeTarget, targetPhrase, type GuildDirectory } from '../../discord/overwrite-targets.js';
import type { PaneLine } from '../components/scroll-pane.js';
import { contextsSummary, integrationTypesSummary, permissionsSummary, typeName } from './command-summary.js';

export interface DetailContext {
  /**
   * In a guild whose overwrites are known: this command's (null when none) and the directory that
   * names their targets (lists it marks `unread` show their targets by id). Undefined otherwise.
   */
  guild?: { overwrites: GuildCommandPermissions | null; directory: GuildDirectory };
  overwritesNote?: string;
  problems: readonly Problem[];
}

/** `name localizations: —`, or a heading and one line per locale, each named (`ja (Japanese): …`), so none is cut off. */
function localizationLines(what: string, map: Record<string, string> | null | undefined): PaneLine[] {
  const entries = Object.entries(map ?? {});
  if (entries.length === 0) return [{ text: `${what}: —` }];
  return [{ text: `${what} (${entries.length}):` }, ...entries.map(([locale, text]) => ({ text: `  ${locale} (${localeName(locale)}): ${text}` }))];
}

export function detailLines(command: Command, context: DetailContext): PaneLine[] {
  const lines: PaneLine[] = [
    { text: `${command.type === CommandType.ChatInput ? '/' : ''}${command.name}  ${typeName(command.type)}`, tone: 'heading' },
    { text: `id ${command.id} · version ${command.version} · application ${command.application_id}${command.guild_id ? ` · guild ${command.guild_id}` : ''}`, tone: 'secondary' },
  ];
  if (command.type === CommandType.ChatInput) lines.push({ text: `description: ${command.description}` });
  lines.push(...localizationLines('name localizations', command.name_localizations));
  if (command.type === CommandType.ChatInput) lines.push(...localizationLines('description localizations', command.description_localizations));
  const bits = command.default_member_permissions;
  lines.push({ text: `default member permissions: ${bits === null || bits === undefined ? 'everyone' : permissionsSummary(bits)}${bits ? ` (bits ${bits})` : ''}` });
  lines.push({ text: `contexts: ${contextsSummary(command, false)} · integration types: ${integrationTypesSummary(command.integration_types)}` });
  lines.push({ text: `nsfw: ${command.nsfw ? 'yes (age-restricted)' : 'no'}${command.handler !== undefined ? ` · handler: ${command.handler === 2 ? 'DISCORD_LAUNCH_ACTIVITY' : 'APP_HANDLER'}` : ''}` });
  if (command.options && command.options.length > 0) {
    lines.push({ text: '' }, { text: 'Options', tone: 'heading' });
    command.options.forEach((option, index) => lines.push(...optionLines(option, '', index === (command.options?.length ?? 0) - 1)));
  }
  lines.push({ text: '' }, { text: 'Permission overwrites', tone: 'heading' });
  lines.push(...overwriteLines(context));
  if (context.problems.length > 0) {
    lines.push({ text: '' }, { text: 'Rule problems', tone: 'heading' });
    for (const p of context.problems) lines.push({ text: `${p.severity === 'error' ? '!' : '~'} ${p.path || '(command)'}: ${p.message}`, tone: p.severity === 'error' ? 'error' : 'warning' });
  }
  return lines;
}

function optionLines(option: CommandOption, indent: string, last: boolean): PaneLine[] {
  const details: string[] = [OPTION_TYPE_NAMES[option.type] ?? `type ${option.type}`];
  if (option.required) details.push('required');
  if (option.autocomplete) details.push('autocomplete');
  if (option.min_value !== undefined || option.max_value !== undefined) details.push(`value ${option.min_value ?? '…'}..${option.max_value ?? '…'}`);
  if (option.min_length !== undefined || option.max_length !== undefined) details.push(`length ${option.min_length ?? 0}..${option.max_length ?? '…'}`);
  if (option.channel_types?.length) details.push(`channels ${option.channel_types.map((t) => CHANNEL_TYPE_NAMES[t] ?? t).join(',')}`);
  if (option.file_types?.length) details.push(`files ${option.file_types.join(',')}`);
  const localized = Object.keys({ ...option.name_localizations, ...option.description_localizations });
  if (localized.length > 0) details.push(`localized ${localized.join(',')}`);
  const lines: PaneLine[] = [{ text: `${indent}${last ? '└ ' : '├ '}${option.name}  ${details.join(' · ')} — ${option.description}` }];
  const inner = `${indent}${last ? '  ' : '│ '}`;
  if (option.choices?.length) {
    lines.push({ text: `${inner}  choices: ${option.choices.map((c) => `${c.name}=${JSON.stringify(c.value)}`).join(', ')}`, tone: 'secondary' });
  }
  option.options?.forEach((child, index) => lines.push(...optionLines(child, inner, index === (option.options?.length ?? 0) - 1)));
  return lines;
}

export function overwriteLines(context: DetailContext): PaneLine[] {
  if (context.guild === undefined) {
    return [{ text: context.overwritesNote ?? 'Overwrites are per guild: back in the list (esc), s picks a guild to see them.', tone: 'secondary' }];
  }
  const { overwrites, directory } = context.guild;
  if (overwrites === null || overwrites.permissions.length === 0) {
    return [{ text: 'None: the default member permissions (and app-level overwrites) decide.', tone: 'secondary' }];
  }
  const lines: PaneLine[] = overwrites.permissions.map((o) => ({
    text: `${o.permission ? 'allow' : 'deny '}  ${targetPhrase(describeTarget(o, directory))}`,
    tone: o.permission ? 'success' : 'warning',
  }));
  if (directory.unread?.length) lines.push({ text: 'p opens them with roles, channels and members by name.', tone: 'secondary' });
  return lines;
}
