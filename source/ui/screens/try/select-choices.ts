/**
 * What a select of the bot's message offers, as the client lists it, pure: a string select's options
 * (label, value, description); a user, role or mentionable select's members and roles of the guild; a
 * channel select's channels of its `channel_types`. With more than one value to pick, each is marked
 * `[x]`/`[ ]` and "send" comes first, as the client's menu sends once you are done.
 */
import { ComponentType, type Pressable } from '../../../discord/message-components.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { CHANNEL_TYPE_NAMES } from '../../../discord/model.js';
import { channelLabel, memberChoices, roleChoices, type PickChoice } from './try-form.js';

/** The picker item that sends a multi-value select's marked values. */
export const SEND_PICKED = '\u0000send';

function offered(component: Pressable, directory: GuildDirectory): PickChoice[] {
  switch (component.type) {
    case ComponentType.StringSelect:
      return component.options.map((option) => ({ key: option.value, label: option.label, ...(option.description ? { note: option.description } : {}) }));
    case ComponentType.UserSelect:
      return memberChoices(directory);
    case ComponentType.RoleSelect:
      return roleChoices(directory);
    case ComponentType.MentionableSelect:
      return [...memberChoices(directory), ...roleChoices(directory)];
    default:
      return directory.channels
        .filter((channel) => !component.channelTypes?.length || component.channelTypes.includes(channel.type))
        .map((channel) => ({ key: channel.id, label: channelLabel(directory, channel.id), note: CHANNEL_TYPE_NAMES[channel.type] ?? `type ${channel.type}` }));
  }
}

export function selectChoices(component: Pressable, directory: GuildDirectory, picked: readonly string[]): PickChoice[] {
  const choices = offered(component, directory);
  if (component.maxValues <= 1) return choices;
  const range = component.minValues === component.maxValues ? `${component.minValues}` : `${component.minValues}–${component.maxValues}`;
  return [
    { key: SEND_PICKED, label: `✓ send ${picked.length} picked`, note: `it takes ${range}` },
    ...choices.map((choice) => ({ ...choice, label: `${picked.includes(choice.key) ? '[x]' : '[ ]'} ${choice.label}` })),
  ];
}
