/**
 * The application-command domain model: enumerations, limits, locales and the object shapes
 * shared by the validator, the HTTP client, the emulator and the UI. Pure data, no I/O.
 * Values come from Discord's documentation of application commands and its OpenAPI spec.
 */
import * as z from './zod.js';

export const CommandType = { ChatInput: 1, User: 2, Message: 3, PrimaryEntryPoint: 4 } as const;
export const COMMAND_TYPE_NAMES: Record<number, string> = {
  1: 'CHAT_INPUT',
  2: 'USER',
  3: 'MESSAGE',
  4: 'PRIMARY_ENTRY_POINT',
};

export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;
export const OPTION_TYPE_NAMES: Record<number, string> = {
  1: 'SUB_COMMAND',
  2: 'SUB_COMMAND_GROUP',
  3: 'STRING',
  4: 'INTEGER',
  5: 'BOOLEAN',
  6: 'USER',
  7: 'CHANNEL',
  8: 'ROLE',
  9: 'MENTIONABLE',
  10: 'NUMBER',
  11: 'ATTACHMENT',
};

export const PermissionType = { Role: 1, User: 2, Channel: 3 } as const;
export type PermissionTypeValue = (typeof PermissionType)[keyof typeof PermissionType];

export const EntryPointHandler = { AppHandler: 1, DiscordLaunchActivity: 2 } as const;

export const InteractionContext = { Guild: 0, BotDm: 1, PrivateChannel: 2 } as const;

export const IntegrationType = { GuildInstall: 0, UserInstall: 1 } as const;
export type IntegrationTypeValue = (typeof IntegrationType)[keyof typeof IntegrationType];

export const ApplicationFlags = { Embedded: 1 << 17, ApplicationCommandBadge: 1 << 23 } as const;

/** Channel types a CHANNEL option may restrict to (discord-api-types ChannelType). */
export const CHANNEL_TYPE_NAMES: Record<number, string> = {
  0: 'GUILD_TEXT',
  1: 'DM',
  2: 'GUILD_VOICE',
  3: 'GROUP_DM',
  4: 'GUILD_CATEGORY',
  5: 'GUILD_ANNOUNCEMENT',
  10: 'ANNOUNCEMENT_THREAD',
  11: 'PUBLIC_THREAD',
  12: 'PRIVATE_THREAD',
  13: 'GUILD_STAGE_VOICE',
  14: 'GUILD_DIRECTORY',
  15: 'GUILD_FORUM',
  16: 'GUILD_MEDIA',
};

/** GUILD_TEXT, GUILD_VOICE (its text chat), GUILD_ANNOUNCEMENT, the threads and GUILD_STAGE_VOICE: where a slash command can be typed. */
export const COMMAND_CHANNEL_TYPES: readonly number[] = [0, 2, 5, 10, 11, 12, 13];

/** The 32 documented locales (facts §5). `ar` and `he` appear only in the OpenAPI spec. */
export const LOCALES = [
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no', 'pl', 'pt-BR',
  'ro', 'fi', 'sv-SE', 'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN', 'ja', 'zh-TW', 'ko',
] as const;
export type Locale = (typeof LOCALES)[number];
/** Each locale's language, as Discord's Locales table names it (DOCS/REF "Locales"; discord-api-types `Locale`). */
const LOCALE_NAMES: Record<Locale | 'ar' | 'he', string> = {
  id: 'Indonesian', da: 'Danish', de: 'German', 'en-GB': 'English, UK', 'en-US': 'English, US', 'es-ES': 'Spanish', 'es-419': 'Spanish, LATAM',
  fr: 'French', hr: 'Croatian', it: 'Italian', lt: 'Lithuanian', hu: 'Hungarian', nl: 'Dutch', no: 'Norwegian', pl: 'Polish',
  'pt-BR': 'Portuguese, Brazilian', ro: 'Romanian', fi: 'Finnish', 'sv-SE': 'Swedish', vi: 'Vietnamese', tr: 'Turkish', cs: 'Czech',
  el: 'Greek', bg: 'Bulgarian', ru: 'Russian', uk: 'Ukrainian', hi: 'Hindi', th: 'Thai', 'zh-CN': 'Chinese, China', ja: 'Japanese',
  'zh-TW': 'Chinese, Taiwan', ko: 'Korean', ar: 'Arabic', he: 'Hebrew',
};

/** `Japanese` for `ja`; `unknown locale` for a key Discord does not list. */
export function localeName(locale: string): string {
  return Object.hasOwn(LOCALE_NAMES, locale) ? LOCALE_NAMES[locale as Locale] : 'unknown locale';
}
export const UNCONFIRMED_LOCALES = ['ar', 'he'] as const;

/** Every numeric limit the platform enforces on commands, in one place. */
export const LIMITS = {
  nameLength: { min: 1, max: 32 },
  descriptionLength: { min: 1, max: 100 },
  choiceNameLength: { min: 1, max: 100 },
  /** Docs say 100, the OpenAPI spec 6000 (facts §10): strict by default. */
  choiceStringValueLength: 100,
  optionsPerLevel: 25,
  choicesPerOption: 25,
  minLength: { min: 0, max: 6000 },
  maxLength: { min: 1, max: 6000 },
  /** INTEGER options: any integer between -(2^53-1) and 2^53-1. */
  integerMagnitude: Number.MAX_SAFE_INTEGER,
  /** NUMBER options: any double between -2^53 and 2^53. */
  numberMagnitude: 2 ** 53,
  fileTypes: 10,
  commandSize: 8000,
  overwritesPerCommand: 100,
  bulkOverwriteItems: 130,
  dailyCreates: 200,
  /** Largest value a default_member_permissions bit set may take (facts §4.1: 0..2^54-1). */
  maxPermissionBits: (1n << 54n) - 1n,
  perScope: { 1: 100, 2: 15, 3: 15, 4: 1 } as Record<number, number>,
} as const;

/** CHAT_INPUT command and option names (service-interface "Naming rules" 1). */
export const CHAT_INPUT_NAME_PATTERN = /^[-_\u02BC\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Where a command lives: every guild the app is in, or one guild. */
export type Scope = { kind: 'global' } | { kind: 'guild'; guildId: string };
export const GLOBAL_SCOPE: Scope = { kind: 'global' };
export function guildScope(guildId: string): Scope {
  return { kind: 'guild', guildId };
}
export function scopeKey(scope: Scope): string {
  return scope.kind === 'global' ? 'global' : `guild:${scope.guildId}`;
}

/** One finding of the validator (or of the API, mapped to the same paths). */
export interface Problem {
  /** Relative to the command (`options[0].choices[2].value`); `""` for the whole command; `[3]…` in a set. */
  path: string;
  /** Stable rule id from the rules table (`name.lowercase`, `size.total` …). */
  rule: string;
  message: string;
  severity: 'error' | 'warning';
}

/** A Discord id's form: up to 20 digits. */
export const SNOWFLAKE_DIGITS = /^\d{1,20}$/;

/** A Discord id: up to 20 digits. */
export const snowflake = z.string().check(z.regex(SNOWFLAKE_DIGITS));

/** A snowflake id as Discord accepts one: a decimal string of a 64-bit unsigned integer. */
export function isSnowflake(value: string): boolean {
  return SNOWFLAKE_DIGITS.test(value) && BigInt(value) < 1n << 64n;
}
const localizationMap = z.optional(z.nullable(z.record(z.string(), z.string())));

export const choiceSchema = z.looseObject({
  name: z.string(),
  name_localizations: localizationMap,
  value: z.union([z.string(), z.number()]),
});
export type Choice = z.infer<typeof choiceSchema>;

export interface CommandOption {
  type: number;
  name: string;
  description: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  name_localized?: string;
  description_localized?: string;
  required?: boolean;
  choices?: Choice[];
  options?: CommandOption[];
  channel_types?: number[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  autocomplete?: boolean;
  file_types?: string[];
  [extra: string]: unknown;
}

/** Option fields of requests and responses alike; `options` (recursive) and the response-only `*_localized` are added where used. */
export const optionFieldShape = {
  type: z.int(),
  name: z.string(),
  description: z.string(),
  name_localizations: localizationMap,
  description_localizations: localizationMap,
  required: z.optional(z.boolean()),
  choices: z.optional(z.array(choiceSchema)),
  channel_types: z.optional(z.array(z.int())),
  min_value: z.optional(z.number()),
  max_value: z.optional(z.number()),
  min_length: z.optional(z.int()),
  max_length: z.optional(z.int()),
  autocomplete: z.optional(z.boolean()),
  file_types: z.optional(z.array(z.string())),
};

export const optionSchema: z.ZodMiniType<CommandOption> = z.lazy(() =>
  z.looseObject({
    ...optionFieldShape,
    name_localized: z.optional(z.string()),
    description_localized: z.optional(z.string()),
    options: z.optional(z.array(optionSchema)),
  }),
) as z.ZodMiniType<CommandOption>;

/**
 * The fields a client may send on create / edit / bulk overwrite, in the documented order (which is
 * also the key order of exported command files). Everything else on a command is set by the server.
 */
export const COMMAND_REQUEST_FIELDS = [
  'type',
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'options',
  'default_member_permissions',
  'dm_permission',
  'default_permission',
  'nsfw',
  'integration_types',
  'contexts',
  'handler',
] as const;

/** Fields only the server sets (and the batch GET's per-locale strings). */
export const COMMAND_SERVER_FIELDS = ['id', 'application_id', 'guild_id', 'version', 'name_localized', 'description_localized'] as const;

/** A command as the API returns it (list / get / create / edit responses). */
export const commandSchema = z.looseObject({
  id: snowflake,
  application_id: snowflake,
  guild_id: z.optional(snowflake),
  version: snowflake,
  type: z.int(),
  name: z.string(),
  name_localizations: localizationMap,
  name_localized: z.optional(z.string()),
  description: z.string(),
  description_localizations: localizationMap,
  description_localized: z.optional(z.string()),
  options: z.optional(z.array(optionSchema)),
  default_member_permissions: z.nullable(z.string()),
  dm_permission: z.optional(z.boolean()),
  default_permission: z.optional(z.nullable(z.boolean())),
  nsfw: z.optional(z.boolean()),
  integration_types: z.optional(z.nullable(z.array(z.int()))),
  contexts: z.optional(z.nullable(z.array(z.int()))),
  handler: z.optional(z.int()),
});
export type Command = z.infer<typeof commandSchema>;

/**
 * What may be sent on create / edit / bulk overwrite. Deliberately loose: the validator, not zod,
 * decides what is valid, so that every problem is reported at its path instead of the first one.
 */
export interface CommandDraft {
  id?: string;
  type?: number;
  name: string;
  name_localizations?: Record<string, string> | null;
  description?: string;
  description_localizations?: Record<string, string> | null;
  options?: CommandOption[];
  default_member_permissions?: string | null;
  dm_permission?: boolean;
  default_permission?: boolean | null;
  nsfw?: boolean;
  integration_types?: number[] | null;
  contexts?: number[] | null;
  handler?: number;
  [extra: string]: unknown;
}

export const permissionOverwriteSchema = z.looseObject({
  id: snowflake,
  type: z.int(),
  permission: z.boolean(),
});
export type PermissionOverwrite = z.infer<typeof permissionOverwriteSchema>;

export const guildCommandPermissionsSchema = z.looseObject({
  id: snowflake,
  application_id: snowflake,
  guild_id: snowflake,
  permissions: z.array(permissionOverwriteSchema),
});
export type GuildCommandPermissions = z.infer<typeof guildCommandPermissionsSchema>;

/** `@everyone` overwrite target: the guild id itself (facts §2). */
export function everyoneId(guildId: string): string {
  return guildId;
}
/** "All channels" overwrite target: guild id − 1, computed with BigInt (snowflakes exceed 2^53). */
export function allChannelsId(guildId: string): string {
  return String(BigInt(guildId) - 1n);
}

export const applicationSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  flags: z.optional(z.int()),
  flags_new: z.optional(z.string()),
  integration_types_config: z.optional(z.record(z.string(), z.unknown())),
  redirect_uris: z.optional(z.array(z.string())),
  /** Its developer (a team's app: the team's pseudo-user), whom Try runs as by default (try-place.ts). */
  owner: z.optional(z.looseObject({ id: snowflake })),
});
export type Application = z.infer<typeof applicationSchema>;

export const userSchema = z.looseObject({
  id: snowflake,
  username: z.string(),
  global_name: z.optional(z.nullable(z.string())),
  discriminator: z.optional(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const partialGuildSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  owner: z.optional(z.boolean()),
  /** Only on the full guild object (GET /guilds/{id}). */
  owner_id: z.optional(snowflake),
  permissions: z.optional(z.string()),
});
export type PartialGuild = z.infer<typeof partialGuildSchema>;

export const roleSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  position: z.int(),
  permissions: z.string(),
  managed: z.optional(z.boolean()),
});
export type Role = z.infer<typeof roleSchema>;

export const channelOverwriteSchema = z.looseObject({
  id: snowflake,
  type: z.int(),
  allow: z.string(),
  deny: z.string(),
});
export const channelSchema = z.looseObject({
  id: snowflake,
  type: z.int(),
  name: z.optional(z.nullable(z.string())),
  parent_id: z.optional(z.nullable(snowflake)),
  position: z.optional(z.int()),
  permission_overwrites: z.optional(z.array(channelOverwriteSchema)),
});
export type Channel = z.infer<typeof channelSchema>;

export const memberSchema = z.looseObject({
  user: z.optional(userSchema),
  nick: z.optional(z.nullable(z.string())),
  roles: z.array(snowflake),
  permissions: z.optional(z.string()),
  /** An ISO time; in the future means the member is timed out (topics/permissions "Permissions For Timed Out Members"). */
  communication_disabled_until: z.optional(z.nullable(z.string())),
});
export type Member = z.infer<typeof memberSchema>;
