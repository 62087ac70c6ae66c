/**
 * One row per rule case: the command, the context, and exactly the problems expected
 * (`severity path rule`), so a row fails on a missed problem and on a spurious one.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand, type ValidationContext } from '../../source/discord/validate.js';
import { allRules } from '../../source/discord/rules.js';
import { PERMISSION_FLAGS } from '../../source/discord/permission-flags.js';
import { brief, option, slash } from './helpers.js';

const GLOBAL: ValidationContext = { scope: 'global' };
const GUILD: ValidationContext = { scope: 'guild' };
const EMBEDDED = 1 << 17;
const x = (n: number, character = 'a') => character.repeat(n);

type Row = [title: string, command: unknown, expected: string[], context?: ValidationContext];

const VALID: Row[] = [
  ['a minimal slash command', slash(), []],
  ['type 1 spelled out', slash({ type: 1 }), []],
  ['a USER command with spaces and capitals', { type: 2, name: 'User Info' }, []],
  ['a MESSAGE command with the empty description the API returns', { type: 3, name: 'Report Message', description: '' }, []],
  ['an entry point for an EMBEDDED app', { type: 4, name: 'launch', description: 'Launch the activity', handler: 2 }, [], { scope: 'global', appFlags: EMBEDDED }],
  ['an entry point without handler', { type: 4, name: 'launch' }, []],
  ['U+02BC apostrophe', slash({ name: 'donʼt' }), []],
  ['Devanagari with combining marks', slash({ name: 'नमस्ते' }), []],
  ['Thai with combining marks', slash({ name: 'สวัสดี' }), []],
  ['uncased CJK letters', slash({ name: '日本語' }), []],
  ['ß has no uppercase to avoid', slash({ name: 'straße' }), []],
  ['digits, dash and underscore', slash({ name: 'a-b_c9' }), []],
  ['32-character name', slash({ name: x(32) }), []],
  ['32 emoji in a USER name count as 32 characters', { type: 2, name: x(32, '😀') }, []],
  ['100-character description', slash({ description: x(100) }), []],
  ['stored command fields', slash({ id: '1', application_id: '2', guild_id: '3', version: '4', name_localized: 'b', description_localized: 'd' }), []],
  ['deprecated fields the API fills in on a stored command', slash({ id: '1', version: '4', dm_permission: true, default_permission: true }), []],
  ['contexts the API fills in on a stored global command', slash({ id: '1', version: '4', contexts: [0, 1, 2], integration_types: [0] }), []],
  ['contexts the API fills in on a stored guild command', slash({ id: '1', version: '4', guild_id: '3', contexts: [0, 2], integration_types: [0] }), [], GUILD],
  ['null optional fields as the API returns them', slash({ name_localizations: null, description_localizations: null, default_member_permissions: null, contexts: null, integration_types: null }), []],
  ['every known permission', slash({ default_member_permissions: String(Object.values(PERMISSION_FLAGS).reduce((all, bit) => all | bit, 0n)) }), []],
  ['localized names and descriptions', slash({ name_localizations: { fr: 'bannir', 'en-US': 'ban', 'zh-CN': '封禁' }, description_localizations: { fr: 'Bannir' } }), []],
  ['null clears one localization', slash({ name_localizations: { fr: null as unknown as string } }), []],
  ['contexts with user install', slash({ contexts: [0, 1, 2], integration_types: [0, 1] }), []],
  ['private channel with the default (app) install types', slash({ contexts: [2] }), []],
  ['25 options', slash({ options: Array.from({ length: 25 }, (_, i) => option({ name: `o${i}` })) }), []],
  ['25 choices', slash({ options: [option({ choices: Array.from({ length: 25 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })] }), []],
  ['bounds at the limits', slash({ options: [option({ min_length: 0, max_length: 6000 }), option({ name: 'n', type: 4, min_value: -Number.MAX_SAFE_INTEGER, max_value: Number.MAX_SAFE_INTEGER }), option({ name: 'f', type: 10, min_value: -(2 ** 53), max_value: 2 ** 53 })] }), []],
  ['equal min and max', slash({ options: [option({ min_length: 5, max_length: 5 }), option({ name: 'n', type: 4, min_value: 3, max_value: 3 })] }), []],
  ['choice values of each type', slash({ options: [option({ choices: [{ name: 'a', value: x(100) }] }), option({ name: 'i', type: 4, choices: [{ name: 'a', value: Number.MAX_SAFE_INTEGER }] }), option({ name: 'n', type: 10, choices: [{ name: 'a', value: 0.5 }] })] }), []],
  ['long string choice values when the context allows 6000', slash({ options: [option({ choices: [{ name: 'a', value: x(6000) }] })] }), [], { scope: 'global', choiceStringMaxLength: 6000 }],
  ['autocomplete without choices', slash({ options: [option({ autocomplete: true }), option({ name: 'b', choices: [], autocomplete: true })] }), []],
  ['channel and file types', slash({ options: [option({ type: 7, name: 'c', channel_types: [0, 2, 15] }), option({ type: 11, name: 'f', file_types: ['image', 'video', 'audio', '.pdf', '.tar.gz'] })] }), []],
  ['group > subcommand > options', slash({ options: [{ type: 2, name: 'g', description: 'd', options: [{ type: 1, name: 's', description: 'd', options: [option({ required: true }), option({ name: 'o' })] }] }, { type: 1, name: 't', description: 'd' }] }), []],
  ['localized option name equal to its own default', slash({ options: [option({ name_localizations: { fr: 'reason' } })] }), []],
  ['same localized name in different locales', slash({ options: [option({ name_localizations: { fr: 'x' } }), option({ name: 'b', name_localizations: { de: 'x' } })] }), []],
  ['same option names in different subcommands', slash({ options: [{ type: 1, name: 'a', description: 'd', options: [option()] }, { type: 1, name: 'b', description: 'd', options: [option()] }] }), []],
  ['required: false on a subcommand is harmless', slash({ options: [{ type: 1, name: 'a', description: 'd', required: false }] }), []],
  ['guild command without global-only fields', slash(), [], GUILD],
];

const INVALID: Row[] = [
  // Shapes
  ['a command that is not an object', 'ban', ['error  shape.object']],
  ['an array instead of a command', [], ['error  shape.object']],
  ['an option that is not an object', slash({ options: [5 as never] }), ['error options[0] shape.object']],
  ['a choice that is null', slash({ options: [option({ choices: [null as never] })] }), ['error options[0].choices[0] shape.object']],
  ['options that are not an array', slash({ options: {} as never }), ['error options shape.array']],
  ['choices that are not an array', slash({ options: [option({ choices: 'a' as never })] }), ['error options[0].choices shape.array']],
  ['a numeric name', slash({ name: 5 as never }), ['error name shape.field-type']],
  ['required as a string', slash({ options: [option({ required: 'yes' as never })] }), ['error options[0].required shape.field-type']],
  ['nsfw as a string', slash({ nsfw: 'no' as never }), ['error nsfw shape.field-type']],
  ['a localization map that is a string', slash({ name_localizations: 'fr' as never }), ['error name_localizations shape.field-type']],
  ['a localized name that is a number', slash({ name_localizations: { fr: 5 as never } }), ['error name_localizations.fr shape.field-type']],
  ['a typo in a field name', { name: 'ban', descripton: 'x', description: 'y' }, ['warning descripton shape.unknown-field']],
  ['an unknown option field', slash({ options: [option({ requried: true })] }), ['warning options[0].requried shape.unknown-field']],
  ['an unknown choice field', slash({ options: [option({ choices: [{ name: 'a', value: 'b', label: 'c' } as never] })] }), ['warning options[0].choices[0].label shape.unknown-field']],
  ['a missing name', { description: 'd' }, ['error name shape.required']],
  ['a missing description', { name: 'ban' }, ['error description shape.required']],
  ['an option without type', slash({ options: [{ name: 'a', description: 'd' } as never] }), ['error options[0].type shape.required']],
  ['an option without name and description', slash({ options: [{ type: 3 } as never] }), ['error options[0].name shape.required', 'error options[0].description shape.required']],
  ['a choice without value', slash({ options: [option({ choices: [{ name: 'a' } as never] })] }), ['error options[0].choices[0].value shape.required']],
  // Types
  ['command type 5', slash({ type: 5 }), ['error type type.value']],
  ['command type as a string', slash({ type: '1' as never }), ['error type type.value']],
  ['option type 12', slash({ options: [option({ type: 12 })] }), ['error options[0].type option.type']],
  ['option type 0', slash({ options: [option({ type: 0 })] }), ['error options[0].type option.type']],
  // Names
  ['an empty name', slash({ name: '' }), ['error name name.length']],
  ['a 33-character name', slash({ name: x(33) }), ['error name name.length']],
  ['a 33-emoji USER name', { type: 2, name: x(33, '😀') }, ['error name name.length']],
  ['a space in a slash name', slash({ name: 'ban user' }), ['error name name.pattern']],
  ['a space and a capital: one problem', slash({ name: 'Ban User' }), ['error name name.pattern']],
  ['an ASCII apostrophe', slash({ name: "don't" }), ['error name name.pattern']],
  ['an emoji in a slash name', slash({ name: 'ban😀' }), ['error name name.pattern']],
  ['a space in an option name', slash({ options: [option({ name: 'the reason' })] }), ['error options[0].name name.pattern']],
  ['a capital letter', slash({ name: 'Ban' }), ['error name name.lowercase']],
  ['dotted capital I', slash({ name: 'İstanbul' }), ['error name name.lowercase']],
  ['a titlecase digraph', slash({ name: 'ǅemal' }), ['error name name.lowercase']],
  ['a capital in an option name', slash({ options: [option({ name: 'Reason' })] }), ['error options[0].name name.lowercase']],
  ['a capital in a localized name', slash({ name_localizations: { fr: 'Bannir' } }), ['error name_localizations.fr name.lowercase']],
  ['a space in a localized option name', slash({ options: [option({ name_localizations: { de: 'der grund' } })] }), ['error options[0].name_localizations.de name.pattern']],
  ['a too-long localized USER name', { type: 2, name: 'Info', name_localizations: { fr: x(33) } }, ['error name_localizations.fr name.length']],
  // Descriptions
  ['an empty description', slash({ description: '' }), ['error description description.length']],
  ['a 101-character description', slash({ description: x(101) }), ['error description description.length']],
  ['a 101-character localized description', slash({ description_localizations: { de: x(101) } }), ['error description_localizations.de description.length']],
  ['an empty option description', slash({ options: [option({ description: '' })] }), ['error options[0].description description.length']],
  ['a description on a USER command', { type: 2, name: 'Info', description: 'Shows info' }, ['error description description.not-allowed']],
  ['localized descriptions on a MESSAGE command', { type: 3, name: 'Report', description_localizations: { fr: 'x' } }, ['error description_localizations description.not-allowed']],
  ['a 101-character entry point description', { type: 4, name: 'launch', description: x(101) }, ['error description description.length']],
  // Option lists
  ['options on a USER command', { type: 2, name: 'Info', options: [option()] }, ['error options options.not-allowed']],
  ['options on an entry point', { type: 4, name: 'launch', options: [option()] }, ['error options options.not-allowed']],
  ['26 options', slash({ options: Array.from({ length: 26 }, (_, i) => option({ name: `o${i}` })) }), ['error options options.count']],
  ['26 subcommands in a group', slash({ options: [{ type: 2, name: 'g', description: 'd', options: Array.from({ length: 26 }, (_, i) => ({ type: 1, name: `s${i}`, description: 'd' })) }] }), ['error options[0].options options.count']],
  ['a required option after an optional one', slash({ options: [option(), option({ type: 6, name: 'user', required: true })] }), ['error options[1] options.required-order']],
  ['required order inside a subcommand', slash({ options: [{ type: 1, name: 's', description: 'd', options: [option(), option({ name: 'b', required: true })] }] }), ['error options[0].options[1] options.required-order']],
  ['two options with one name', slash({ options: [option(), option()] }), ['error options[1].name options.duplicate-name']],
  ['a localized name equal to a sibling name', slash({ options: [option({ name: 'user', type: 6 }), option({ name_localizations: { fr: 'user' } })] }), ['error options[1].name_localizations.fr options.localized-name-conflict']],
  ['two options with one localized name', slash({ options: [option({ name_localizations: { fr: 'x' } }), option({ name: 'b', name_localizations: { fr: 'x' } })] }), ['error options[1].name_localizations.fr options.localized-name-conflict']],
  ['a required subcommand', slash({ options: [{ type: 1, name: 's', description: 'd', required: true }] }), ['error options[0].required options.required-not-allowed']],
  ['a required group', slash({ options: [{ type: 2, name: 'g', description: 'd', required: true, options: [{ type: 1, name: 's', description: 'd' }] }] }), ['error options[0].required options.required-not-allowed']],
  ['a group inside a group', slash({ options: [{ type: 2, name: 'g', description: 'd', options: [{ type: 2, name: 'h', description: 'd', options: [] }] }] }), ['error options[0].options[0].type options.nesting']],
  ['a subcommand inside a subcommand', slash({ options: [{ type: 1, name: 's', description: 'd', options: [{ type: 1, name: 't', description: 'd' }] }] }), ['error options[0].options[0].type options.nesting']],
  ['a plain option inside a group', slash({ options: [{ type: 2, name: 'g', description: 'd', options: [option()] }] }), ['error options[0].options[0].type options.nesting']],
  ['a subcommand next to a plain option', slash({ options: [{ type: 1, name: 's', description: 'd' }, option()] }), ['error options[1] options.mixed']],
  ['a group without options', slash({ options: [{ type: 2, name: 'g', description: 'd' }] }), ['error options[0].options options.empty-group']],
  ['a group with an empty list', slash({ options: [{ type: 2, name: 'g', description: 'd', options: [] }] }), ['error options[0].options options.empty-group']],
  // Fields per option type
  ['choices on a BOOLEAN', slash({ options: [option({ type: 5, choices: [{ name: 'a', value: 'b' }] })] }), ['error options[0].choices option.field-not-allowed']],
  ['autocomplete on a USER option', slash({ options: [option({ type: 6, autocomplete: true })] }), ['error options[0].autocomplete option.field-not-allowed']],
  ['channel_types on a STRING', slash({ options: [option({ channel_types: [0] })] }), ['error options[0].channel_types option.field-not-allowed']],
  ['file_types on a STRING', slash({ options: [option({ file_types: ['image'] })] }), ['error options[0].file_types option.field-not-allowed']],
  ['min_length on an INTEGER', slash({ options: [option({ type: 4, min_length: 1 })] }), ['error options[0].min_length option.field-not-allowed']],
  ['max_value on a STRING', slash({ options: [option({ max_value: 1 })] }), ['error options[0].max_value option.field-not-allowed']],
  ['options on a STRING', slash({ options: [option({ options: [option()] })] }), ['error options[0].options option.field-not-allowed']],
  // Choices
  ['26 choices', slash({ options: [option({ choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })] }), ['error options[0].choices choices.count']],
  ['choices with autocomplete', slash({ options: [option({ autocomplete: true, choices: [{ name: 'a', value: 'b' }] })] }), ['error options[0].choices choices.autocomplete']],
  ['an empty choice name', slash({ options: [option({ choices: [{ name: '', value: 'b' }] })] }), ['error options[0].choices[0].name choices.name.length']],
  ['a 101-character choice name', slash({ options: [option({ choices: [{ name: x(101), value: 'b' }] })] }), ['error options[0].choices[0].name choices.name.length']],
  ['a 101-character localized choice name', slash({ options: [option({ choices: [{ name: 'a', value: 'b', name_localizations: { fr: x(101) } }] })] }), ['error options[0].choices[0].name_localizations.fr choices.name.length']],
  ['a fraction on an INTEGER choice', slash({ options: [option({ type: 4, choices: [{ name: 'a', value: 1.5 }] })] }), ['error options[0].choices[0].value choices.value.type']],
  ['a number on a STRING choice', slash({ options: [option({ choices: [{ name: 'a', value: 1 }] })] }), ['error options[0].choices[0].value choices.value.type']],
  ['a string on a NUMBER choice', slash({ options: [option({ type: 10, choices: [{ name: 'a', value: '1' }] })] }), ['error options[0].choices[0].value choices.value.type']],
  ['an unsafe INTEGER choice', slash({ options: [option({ type: 4, choices: [{ name: 'a', value: 2 ** 53 }] })] }), ['error options[0].choices[0].value choices.value.range']],
  ['a NUMBER choice beyond 2^53', slash({ options: [option({ type: 10, choices: [{ name: 'a', value: 2 ** 53 + 2 }] })] }), ['error options[0].choices[0].value choices.value.range']],
  ['a 101-character STRING choice value', slash({ options: [option({ choices: [{ name: 'a', value: x(101) }] })] }), ['error options[0].choices[0].value choices.value.length']],
  // Bounds
  ['min_length −1', slash({ options: [option({ min_length: -1 })] }), ['error options[0].min_length bounds.length']],
  ['min_length 6001', slash({ options: [option({ min_length: 6001 })] }), ['error options[0].min_length bounds.length']],
  ['a fractional min_length', slash({ options: [option({ min_length: 1.5 })] }), ['error options[0].min_length bounds.length']],
  ['max_length 0', slash({ options: [option({ max_length: 0 })] }), ['error options[0].max_length bounds.length']],
  ['max_length 6001', slash({ options: [option({ max_length: 6001 })] }), ['error options[0].max_length bounds.length']],
  ['min_length above max_length', slash({ options: [option({ min_length: 10, max_length: 5 })] }), ['error options[0].min_length bounds.length-order']],
  ['a fractional INTEGER min_value', slash({ options: [option({ type: 4, min_value: 1.5 })] }), ['error options[0].min_value bounds.value']],
  ['an unsafe INTEGER max_value', slash({ options: [option({ type: 4, max_value: 2 ** 53 })] }), ['error options[0].max_value bounds.value']],
  ['a NUMBER min_value beyond 2^53', slash({ options: [option({ type: 10, min_value: -(2 ** 54) })] }), ['error options[0].min_value bounds.value']],
  ['a string max_value', slash({ options: [option({ type: 10, max_value: '5' as never })] }), ['error options[0].max_value bounds.value']],
  ['min_value above max_value', slash({ options: [option({ type: 10, min_value: 2, max_value: 1 })] }), ['error options[0].min_value bounds.value-order']],
  // Channel and file types
  ['an unknown channel type', slash({ options: [option({ type: 7, channel_types: [99] })] }), ['error options[0].channel_types[0] channel-types.value']],
  ['a repeated channel type', slash({ options: [option({ type: 7, channel_types: [0, 0] })] }), ['warning options[0].channel_types[1] list.duplicate']],
  ['11 file types', slash({ options: [option({ type: 11, file_types: Array.from({ length: 11 }, (_, i) => `.e${i}`) })] }), ['error options[0].file_types file-types.count']],
  ['a file type without dot', slash({ options: [option({ type: 11, file_types: ['pdf', 'img', 5 as never] })] }), ['error options[0].file_types[0] file-types.value', 'error options[0].file_types[1] file-types.value', 'error options[0].file_types[2] file-types.value']],
  // Entry points
  ['handler on a slash command', slash({ handler: 1 }), ['error handler handler.not-allowed'], { scope: 'global', appFlags: EMBEDDED }],
  ['handler without the EMBEDDED flag', { type: 4, name: 'launch', handler: 2 }, ['error handler handler.embedded']],
  ['handler where the app flags are not known (offline)', { type: 4, name: 'launch', handler: 2 }, ['warning handler handler.embedded-unchecked'], { scope: 'global', appFlags: 'unknown' }],
  ['an unknown handler', { type: 4, name: 'launch', handler: 3 }, ['error handler handler.value'], { scope: 'global', appFlags: EMBEDDED }],
  ['an entry point in a guild', { type: 4, name: 'launch' }, ['error  entry-point.guild'], GUILD],
  // Contexts and installation
  ['an unknown context', slash({ contexts: [3] }), ['error contexts[0] contexts.value']],
  // Discord accepts and drops contexts on guild commands (discord-answers.ts): a warning, BOT_DM included.
  ['BOT_DM on a guild command', slash({ contexts: [0, 1] }), ['warning contexts scope.global-only-field'], GUILD],
  ['BOT_DM on a stored guild command', slash({ id: '1', version: '2', contexts: [1] }), [], GUILD],
  ['contexts on a guild command', slash({ contexts: [0] }), ['warning contexts scope.global-only-field'], GUILD],
  ['integration_types on a guild command', slash({ integration_types: [0] }), ['warning integration_types scope.global-only-field'], GUILD],
  ['dm_permission on a guild command', slash({ dm_permission: true }), ['warning dm_permission dm-permission.deprecated', 'warning dm_permission scope.global-only-field'], GUILD],
  ['PRIVATE_CHANNEL without user install', slash({ contexts: [0, 2], integration_types: [0] }), ['warning contexts[1] contexts.private-channel']],
  ['PRIVATE_CHANNEL for a guild-install-only app', slash({ contexts: [2] }), ['warning contexts[0] contexts.private-channel'], { scope: 'global', supportedIntegrationTypes: [0] }],
  ['an unknown integration type', slash({ integration_types: [2] }), ['error integration_types[0] integration-types.value']],
  ['an integration type the app lacks', slash({ integration_types: [0, 1] }), ['error integration_types[1] integration-types.unsupported'], { scope: 'global', supportedIntegrationTypes: [0] }],
  ['empty contexts', slash({ contexts: [] }), ['error contexts list.empty']],
  ['a repeated integration type', slash({ integration_types: [0, 0] }), ['warning integration_types[1] list.duplicate']],
  // Permissions and deprecated fields
  ['letters in the permission bit set', slash({ default_member_permissions: 'admin' }), ['error default_member_permissions default-member-permissions.format']],
  ['a negative bit set', slash({ default_member_permissions: '-1' }), ['error default_member_permissions default-member-permissions.format']],
  ['a bit set above 2^54−1', slash({ default_member_permissions: '18014398509481984' }), ['error default_member_permissions default-member-permissions.format']],
  ['a boolean bit set', slash({ default_member_permissions: true as never }), ['error default_member_permissions default-member-permissions.format']],
  ['a negative numeric bit set', slash({ default_member_permissions: -1 as never }), ['error default_member_permissions default-member-permissions.format']],
  ['a numeric bit set', slash({ default_member_permissions: 8 as never }), ['warning default_member_permissions default-member-permissions.number']],
  ['bits no permission uses', slash({ default_member_permissions: String((1n << 53n) | 8n) }), ['warning default_member_permissions default-member-permissions.unknown-bits']],
  ['the largest bit set the API takes', slash({ default_member_permissions: '18014398509481983' }), ['warning default_member_permissions default-member-permissions.unknown-bits']],
  ['dm_permission', slash({ dm_permission: false }), ['warning dm_permission dm-permission.deprecated']],
  ['default_permission', slash({ default_permission: false }), ['warning default_permission default-permission.deprecated']],
  ['dm_permission: true is deprecated too', slash({ dm_permission: true }), ['warning dm_permission dm-permission.deprecated']],
  // Nullable in the docs' parameter tables and the spec: accepted, still deprecated.
  ['dm_permission: null', slash({ dm_permission: null as never }), ['warning dm_permission dm-permission.deprecated']],
  ['dm_permission: "yes"', slash({ dm_permission: 'yes' as never }), ['error dm_permission shape.field-type', 'warning dm_permission dm-permission.deprecated']],
  // Locales
  ['an unknown locale', slash({ name_localizations: { xx: 'ban' } }), ['error name_localizations.xx locale.unknown']],
  ['"en" is not a locale', slash({ description_localizations: { en: 'Ban' } }), ['error description_localizations.en locale.unknown']],
  ['an unknown locale in a choice', slash({ options: [option({ choices: [{ name: 'a', value: 'b', name_localizations: { klingon: 'x' } }] })] }), ['error options[0].choices[0].name_localizations.klingon locale.unknown']],
  ['the unconfirmed ar locale', slash({ name_localizations: { ar: 'حظر' } }), ['warning name_localizations.ar locale.unconfirmed']],
  ['the he locale read as the docs do', slash({ options: [option({ description_localizations: { he: 'משתמש' } })] }), ['error options[0].description_localizations.he locale.unknown'], { scope: 'global', unconfirmedLocales: 'refuse' }],
];

describe('validateCommand: valid commands', () => {
  it.each(VALID)('%s', (_title, command, expected, context = GLOBAL) => {
    expect(brief(validateCommand(command, context))).toEqual(expected);
  });
});

describe('validateCommand: one row per rule case', () => {
  it.each(INVALID)('%s', (_title, command, expected, context = GLOBAL) => {
    expect(brief(validateCommand(command, context))).toEqual(expected);
  });
});

describe('the rules table', () => {
  it('has a row above for every command rule', () => {
    const covered = new Set(INVALID.flatMap(([, , expected]) => expected.map((entry) => entry.split(' ').at(-1))));
    // Set and scope rules are covered in validate-set.test.ts and scope-checks.test.ts.
    const setRules = ['set.items', 'set.item-id', 'size.total', 'scope.count.chat-input', 'scope.count.user', 'scope.count.message', 'scope.count.entry-point', 'scope.duplicate-name', 'scope.daily-creates'];
    const missing = allRules().map((entry) => entry.id).filter((id) => !covered.has(id) && !setRules.includes(id));
    expect(missing).toEqual([]);
  });

  it('gives every rule a unique id and a Discord error code', () => {
    const ids = allRules().map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of allRules()) expect(entry.code).toMatch(/^[A-Z_]+$/);
  });
});

describe('messages say what to do', () => {
  const messageOf = (command: unknown, rule: string) => validateCommand(command, GLOBAL).find((found) => found.rule === rule)?.message;

  it('suggests the lowercase spelling', () => {
    expect(messageOf(slash({ name: 'Ban' }), 'name.lowercase')).toBe('use lowercase: `ban`, not `Ban`');
  });

  it('names both options in the order rule', () => {
    expect(messageOf(slash({ options: [option(), option({ type: 6, name: 'user', required: true })] }), 'options.required-order'))
      .toBe('move required option `user` before optional `reason`');
  });

  it('points to U+02BC for an ASCII apostrophe and suggests a legal name', () => {
    const message = messageOf(slash({ name: "Don't panic" }), 'name.pattern');
    expect(message).toContain('U+02BC');
    expect(message).toContain('use only lowercase letters');
    expect(message).toContain('`donʼt-panic`');
  });

  it('suggests the field a typo meant', () => {
    expect(messageOf({ name: 'ban', description: 'd', nswf: true }, 'shape.unknown-field')).toContain('did you mean `nsfw`?');
  });
});
