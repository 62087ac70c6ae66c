/**
 * The buttons and select menus of a bot's message, as Discord's client offers them to be pressed or
 * picked (DOCS components reference): found at any depth (action rows, a section's accessory, a
 * container), each with what the client needs — its `custom_id`, label, style, whether it is disabled, a
 * link button's URL; a select's options, `min_values`/`max_values` (1 and 1 unless set), `channel_types`.
 * A press is held to the client's rules (a link opens its URL and sends nothing, a disabled component
 * cannot be used, the values picked are among the options and as many as the select takes) and what a
 * user, role, mentionable or channel select picked is what the interaction's `resolved` carries. Pure.
 */
import type { EntityLookup } from './option-values.js';

export const ComponentType = { ActionRow: 1, Button: 2, StringSelect: 3, TextInput: 4, UserSelect: 5, RoleSelect: 6, MentionableSelect: 7, ChannelSelect: 8 } as const;
export const ButtonStyle = { Primary: 1, Secondary: 2, Success: 3, Danger: 4, Link: 5, Premium: 6 } as const;

const SELECT_TYPES: readonly number[] = [ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect];
export const SELECT_NAMES: Readonly<Record<number, string>> = { 3: 'select', 5: 'user select', 6: 'role select', 7: 'mentionable select', 8: 'channel select' };

export interface SelectOption {
  label: string;
  value: string;
  description?: string;
}

export interface Pressable {
  type: number;
  /** Absent on link and premium buttons: they send no interaction. */
  customId?: string;
  label: string;
  style?: number;
  url?: string;
  disabled: boolean;
  placeholder?: string;
  options: SelectOption[];
  minValues: number;
  maxValues: number;
  channelTypes?: number[];
}

function object(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function pressable(body: Record<string, unknown>): Pressable | undefined {
  const type = Number(body.type);
  if (type !== ComponentType.Button && !SELECT_TYPES.includes(type)) return undefined;
  const emoji = text(object(body.emoji).name);
  const options = Array.isArray(body.options)
    ? body.options.map((option) => {
        const { label, value, description } = object(option);
        return { label: text(label) ?? String(value ?? ''), value: String(value ?? ''), ...(text(description) ? { description: text(description)! } : {}) };
      })
    : [];
  const customId = text(body.custom_id);
  const url = text(body.url);
  const placeholder = text(body.placeholder);
  return {
    type,
    ...(customId ? { customId } : {}),
    label: text(body.label) ?? emoji ?? placeholder ?? (type === ComponentType.Button ? '…' : SELECT_NAMES[type]!),
    ...(typeof body.style === 'number' ? { style: body.style } : {}),
    ...(url ? { url } : {}),
    disabled: body.disabled === true,
    ...(placeholder ? { placeholder } : {}),
    options,
    minValues: typeof body.min_values === 'number' ? body.min_values : 1,
    maxValues: typeof body.max_values === 'number' ? body.max_values : 1,
    ...(Array.isArray(body.channel_types) ? { channelTypes: body.channel_types.filter((kind): kind is number => typeof kind === 'number') } : {}),
  };
}

/** Every button and select of a message, in the order the client shows them. */
export function pressables(components: readonly unknown[]): Pressable[] {
  return components.flatMap((component) => {
    const body = object(component);
    const own = pressable(body);
    if (own) return [own];
    const inside = [...(Array.isArray(body.components) ? body.components : []), ...(body.accessory !== undefined ? [body.accessory] : []), ...(body.component !== undefined ? [body.component] : [])];
    return pressables(inside);
  });
}

export function isSelect(component: Pressable): boolean {
  return SELECT_TYPES.includes(component.type);
}

/** Why the client would not send an interaction for this component, or undefined when it would. */
export function pressProblem(component: Pressable): string | undefined {
  if (component.type === ComponentType.Button && component.style === ButtonStyle.Link) {
    return `[${component.label}] is a link button: the client opens ${component.url ?? 'its URL'} in the browser and sends the bot nothing`;
  }
  if (component.type === ComponentType.Button && component.style === ButtonStyle.Premium) return `[${component.label}] is a premium button: the client opens the store page and sends the bot nothing`;
  if (component.disabled) return `${isSelect(component) ? `the ${SELECT_NAMES[component.type]}` : `[${component.label}]`} is disabled: the client does not let it be used`;
  if (!component.customId) return `[${component.label}] has no custom_id, so it sends nothing`;
  return undefined;
}

/** Why the client would not send these values from the select, or undefined when it would. */
export function selectValuesProblem(component: Pressable, values: readonly string[], lookup: Pick<EntityLookup, 'channelType' | 'isUser' | 'isRole'>): string | undefined {
  const name = `the ${SELECT_NAMES[component.type] ?? 'select'} ${component.customId ?? ''}`.trimEnd();
  if (values.length < component.minValues || values.length > component.maxValues) {
    const range = component.minValues === component.maxValues ? `${component.minValues}` : `${component.minValues} to ${component.maxValues}`;
    return `${name} takes ${range} value${component.maxValues === 1 ? '' : 's'}, not ${values.length}`;
  }
  if (new Set(values).size !== values.length) return `${name} takes each value once`;
  for (const value of values) {
    const known =
      component.type === ComponentType.StringSelect ? component.options.some((option) => option.value === value)
      : component.type === ComponentType.UserSelect ? lookup.isUser(value)
      : component.type === ComponentType.RoleSelect ? lookup.isRole(value)
      : component.type === ComponentType.MentionableSelect ? lookup.isUser(value) || lookup.isRole(value)
      : lookup.channelType(value) !== undefined && (!component.channelTypes?.length || component.channelTypes.includes(lookup.channelType(value)!));
    if (!known) {
      const among = component.type === ComponentType.StringSelect ? `: its options are ${component.options.map((option) => option.value).join(', ')}` : '';
      return `${name} offers no ${JSON.stringify(value)}${among}`;
    }
  }
  return undefined;
}

/** The users, roles and channels a select's values name: what the interaction's `resolved` carries. */
export function selectedEntities(component: Pressable, values: readonly string[], lookup: Pick<EntityLookup, 'isRole'>): { users: string[]; roles: string[]; channels: string[]; attachments: string[] } {
  const picked = { users: [] as string[], roles: [] as string[], channels: [] as string[], attachments: [] as string[] };
  for (const value of values) {
    if (component.type === ComponentType.UserSelect) picked.users.push(value);
    else if (component.type === ComponentType.RoleSelect) picked.roles.push(value);
    else if (component.type === ComponentType.ChannelSelect) picked.channels.push(value);
    else if (component.type === ComponentType.MentionableSelect) (lookup.isRole(value) ? picked.roles : picked.users).push(value);
  }
  return picked;
}
