/**
 * What a person typed into a slash command, held to the rules Discord's client enforces before it
 * sends anything (DOCS/AC "Application Command Option Structure"): the subcommand chosen by name,
 * every required option present, no unknown ones, each value of its type — STRING within
 * min_length/max_length, INTEGER a whole number and NUMBER a number within min_value/max_value, BOOLEAN
 * true or false, a choice's name or value when there are choices, USER/ROLE/CHANNEL/MENTIONABLE an
 * entity the guild has (a CHANNEL of one of `channel_types`), ATTACHMENT a file the client uploaded. The result is the `data.options` tree
 * of the interaction. Pure: the guild's entities come through `EntityLookup`.
 */
import { CHANNEL_TYPE_NAMES, LIMITS, OPTION_TYPE_NAMES, OptionType, type CommandOption } from './model.js';

export interface InteractionOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  /** Autocomplete: the option being typed in, whose value is the text so far. */
  focused?: true;
  options?: InteractionOption[];
}

export interface EntityLookup {
  channelType(id: string): number | undefined;
  isUser(id: string): boolean;
  isRole(id: string): boolean;
  /** An ATTACHMENT value: the id of a file the client uploaded with this interaction. */
  isAttachment(id: string): boolean;
}

export interface FilledOptions {
  options: InteractionOption[];
  /** Every USER/ROLE/CHANNEL/MENTIONABLE/ATTACHMENT id chosen, for the interaction's `resolved`. */
  mentioned: { users: string[]; roles: string[]; channels: string[]; attachments: string[] };
  problems: string[];
}

const CONTAINER_TYPES: readonly number[] = [OptionType.Subcommand, OptionType.SubcommandGroup];

/**
 * `path` names the subcommand group and subcommand (`["config", "set"]`); `values` maps option names to typed text.
 * `focused` names the option being typed in, for an autocomplete interaction: it must have `autocomplete`, its text
 * goes as is (the client sends what is typed so far), and required options may still be missing.
 */
export function fillOptions(
  command: { name: string; options?: readonly CommandOption[] },
  path: readonly string[],
  values: Readonly<Record<string, string>>,
  lookup: EntityLookup,
  focused?: string,
): FilledOptions {
  const mentioned: FilledOptions['mentioned'] = { users: [], roles: [], channels: [], attachments: [] };
  const problems: string[] = [];
  const fill = (level: readonly CommandOption[], rest: readonly string[], where: string): InteractionOption[] => {
    const containers = level.filter((option) => CONTAINER_TYPES.includes(option.type));
    if (containers.length > 0) {
      const [next, ...remaining] = rest;
      const chosen = containers.find((option) => option.name === next);
      if (!chosen) {
        const names = containers.map((option) => option.name).join(', ');
        problems.push(next === undefined ? `${where} needs a subcommand: one of ${names}` : `${where} has no subcommand "${next}": choose one of ${names}`);
        return [];
      }
      return [{ name: chosen.name, type: chosen.type, options: fill(chosen.options ?? [], remaining, `${where} ${chosen.name}`) }];
    }
    if (focused !== undefined && !Object.hasOwn(values, focused)) problems.push(`${where}: the option to autocomplete, "${focused}", needs its text so far (--option ${focused}=TEXT)`);
    if (rest.length > 0) problems.push(`${where} has no subcommands, so "${rest.join(' ')}" is not one`);
    for (const name of Object.keys(values)) {
      if (!level.some((option) => option.name === name)) {
        const known = level.map((option) => option.name).join(', ');
        problems.push(`${where} has no option "${name}"${known ? `: its options are ${known}` : ''}`);
      }
    }
    const filled: InteractionOption[] = [];
    for (const option of level) {
      const text = Object.hasOwn(values, option.name) ? values[option.name] : undefined;
      if (text === undefined) {
        if (option.required && focused === undefined) problems.push(`${where}: option "${option.name}" is required`);
        continue;
      }
      if (option.name === focused) {
        if (option.autocomplete) filled.push({ name: option.name, type: option.type, value: text, focused: true });
        else problems.push(`${where}: option "${option.name}" has no autocomplete`);
        continue;
      }
      const value = optionValue(option, text, lookup, mentioned, problems);
      if (value !== undefined) filled.push({ name: option.name, type: option.type, value });
    }
    return filled;
  };
  const options = fill(command.options ?? [], path, `/${command.name}`);
  return { options, mentioned, problems };
}

/** Why the client would not take `text` for `option` (the same rules as fillOptions), or undefined when it would: the Try form checks each value as it is typed. */
export function optionProblem(option: CommandOption, text: string, lookup: EntityLookup): string | undefined {
  const problems: string[] = [];
  optionValue(option, text, lookup, { users: [], roles: [], channels: [], attachments: [] }, problems);
  return problems[0];
}

function optionValue(option: CommandOption, text: string, lookup: EntityLookup, mentioned: FilledOptions['mentioned'], problems: string[]): string | number | boolean | undefined {
  const named = `option "${option.name}" (${OPTION_TYPE_NAMES[option.type] ?? option.type})`;
  const refuse = (why: string) => {
    problems.push(`${named} ${why}`);
    return undefined;
  };
  if (option.choices && option.choices.length > 0) {
    const choice = option.choices.find((candidate) => candidate.name === text || String(candidate.value) === text);
    if (!choice) return refuse(`must be one of its choices: ${option.choices.map((candidate) => candidate.name).join(', ')}`);
    return choice.value;
  }
  switch (option.type) {
    case OptionType.String: {
      const length = [...text].length;
      const min = option.min_length ?? 0;
      const max = option.max_length ?? LIMITS.maxLength.max;
      if (length < min || length > max) return refuse(`must be ${min} to ${max} characters long, not ${length}`);
      return text;
    }
    case OptionType.Integer:
    case OptionType.Number: {
      const number = text.trim() === '' ? Number.NaN : Number(text);
      const whole = option.type === OptionType.Integer;
      if (!Number.isFinite(number) || (whole && !Number.isInteger(number))) return refuse(`must be ${whole ? 'a whole number' : 'a number'}, not "${text}"`);
      const limit = whole ? LIMITS.integerMagnitude : LIMITS.numberMagnitude;
      const min = option.min_value ?? -limit;
      const max = option.max_value ?? limit;
      if (number < min || number > max) return refuse(`must be from ${min} to ${max}, not ${number}`);
      return number;
    }
    case OptionType.Boolean:
      if (text !== 'true' && text !== 'false') return refuse(`must be true or false, not "${text}"`);
      return text === 'true';
    case OptionType.User:
      if (!lookup.isUser(text)) return refuse(`must be the id of a member of the guild, not "${text}"`);
      mentioned.users.push(text);
      return text;
    case OptionType.Role:
      if (!lookup.isRole(text)) return refuse(`must be the id of a role of the guild, not "${text}"`);
      mentioned.roles.push(text);
      return text;
    case OptionType.Mentionable:
      if (lookup.isUser(text)) mentioned.users.push(text);
      else if (lookup.isRole(text)) mentioned.roles.push(text);
      else return refuse(`must be the id of a member or a role of the guild, not "${text}"`);
      return text;
    case OptionType.Channel: {
      const type = lookup.channelType(text);
      if (type === undefined) return refuse(`must be the id of a channel of the guild, not "${text}"`);
      if (option.channel_types && option.channel_types.length > 0 && !option.channel_types.includes(type)) {
        return refuse(`accepts only ${option.channel_types.map((allowed) => CHANNEL_TYPE_NAMES[allowed] ?? allowed).join(', ')} channels, and ${text} is ${CHANNEL_TYPE_NAMES[type] ?? type}`);
      }
      mentioned.channels.push(text);
      return text;
    }
    case OptionType.Attachment:
      if (!lookup.isAttachment(text)) return refuse(`takes a file the client uploads, not text: give it with --file ${option.name}=PATH (on the TUI's Try screen, type the file's path)`);
      mentioned.attachments.push(text);
      return text;
    default:
      return refuse(`is of type ${option.type}, which Discord's client does not offer`);
  }
}
