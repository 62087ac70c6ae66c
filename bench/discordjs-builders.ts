/**
 * Rebuilds a command JSON through @discordjs/builders v1 (every setter validates, then `toJSON()`
 * validates the whole), the way a discord.js bot defines its commands: the comparison baseline.
 */
import { ContextMenuCommandBuilder, SlashCommandBuilder } from '@discordjs/builders';
import type { CommandDraft, CommandOption } from '../source/discord/model.js';

type Method = (...args: unknown[]) => unknown;

/** Builders are fluent; one untyped call keeps this adapter short for every option type. */
function call(builder: object, method: string, ...args: unknown[]): void {
  ((builder as Record<string, Method>)[method] as Method).apply(builder, args);
}

const ADDERS: Record<number, string> = {
  3: 'addStringOption', 4: 'addIntegerOption', 5: 'addBooleanOption', 6: 'addUserOption', 7: 'addChannelOption',
  8: 'addRoleOption', 9: 'addMentionableOption', 10: 'addNumberOption', 11: 'addAttachmentOption',
};

function named(builder: object, part: { name: string; description?: string; name_localizations?: Record<string, string> | null; description_localizations?: Record<string, string> | null }): void {
  call(builder, 'setName', part.name);
  if (part.description !== undefined) call(builder, 'setDescription', part.description);
  if (part.name_localizations) call(builder, 'setNameLocalizations', part.name_localizations);
  if (part.description_localizations) call(builder, 'setDescriptionLocalizations', part.description_localizations);
}

function addOption(parent: object, option: CommandOption): void {
  if (option.type === 2) {
    call(parent, 'addSubcommandGroup', (group: object) => {
      named(group, option);
      for (const child of option.options ?? []) addOption(group, child);
      return group;
    });
    return;
  }
  if (option.type === 1) {
    call(parent, 'addSubcommand', (subcommand: object) => {
      named(subcommand, option);
      for (const child of option.options ?? []) addOption(subcommand, child);
      return subcommand;
    });
    return;
  }
  call(parent, ADDERS[option.type]!, (built: object) => {
    named(built, option);
    if (option.required !== undefined) call(built, 'setRequired', option.required);
    if (option.choices?.length) call(built, 'addChoices', ...option.choices);
    if (option.autocomplete !== undefined) call(built, 'setAutocomplete', option.autocomplete);
    if (option.min_length !== undefined) call(built, 'setMinLength', option.min_length);
    if (option.max_length !== undefined) call(built, 'setMaxLength', option.max_length);
    if (option.min_value !== undefined) call(built, 'setMinValue', option.min_value);
    if (option.max_value !== undefined) call(built, 'setMaxValue', option.max_value);
    if (option.channel_types) call(built, 'addChannelTypes', ...option.channel_types);
    return built;
  });
}

export function buildWithDiscordjs(command: CommandDraft): unknown {
  const shared = (builder: object) => {
    if (command.default_member_permissions !== undefined) call(builder, 'setDefaultMemberPermissions', command.default_member_permissions);
    if (command.contexts) call(builder, 'setContexts', ...command.contexts);
    if (command.integration_types) call(builder, 'setIntegrationTypes', ...command.integration_types);
  };
  if (command.type === 2 || command.type === 3) {
    const builder = new ContextMenuCommandBuilder();
    call(builder, 'setName', command.name);
    call(builder, 'setType', command.type);
    if (command.name_localizations) call(builder, 'setNameLocalizations', command.name_localizations);
    shared(builder);
    return builder.toJSON();
  }
  const builder = new SlashCommandBuilder();
  named(builder, { ...command, description: command.description ?? '' });
  if (command.nsfw !== undefined) call(builder, 'setNSFW', command.nsfw);
  shared(builder);
  for (const option of command.options ?? []) addOption(builder, option);
  return builder.toJSON();
}
