/**
 * The interaction the emulator delivers for a tried command is Discord's: its parts validate against the
 * schemas of Discord's OpenAPI spec (the pinned discord-api-spec package, test/helpers/discord-spec.ts) —
 * the spec has no schema for a received interaction as a whole, so each part is checked against the one the
 * spec gives it, and the whole against `interaction_metadata`, the spec's record of the same interaction —
 * and its keys and their JSON types match real interactions Discord sent (test/fixtures/discord/interactions/,
 * each naming its source). Tried as a bot receives it: signed over HTTP to a local endpoint.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaOf } from '../helpers/discord-spec.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { useRecordingBot } from '../helpers/recording-bot.js';
import { callControl } from '../helpers/emulator-control.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Payload = { [key: string]: Json };

const emulator = useEmulator({ seed: 'empty' });
const bot = useRecordingBot<Payload>(emulator);

/** The demo guild's ids an option can name. */
const ids = { guild: '', member: '', otherMember: '', role: '', channel: '', category: '' };

beforeAll(async () => {
  const e = emulator();
  const auth = { auth: botAuth(e) };
  ids.guild = e.guildIds[0]!;
  const members = (await call(e, 'GET', `/guilds/${ids.guild}/members?limit=100`, auth)).body as { user: { id: string; bot?: boolean } }[];
  const people = members.filter((member) => !member.user.bot);
  ids.member = people[0]!.user.id;
  ids.otherMember = people[1]!.user.id;
  const roles = (await call(e, 'GET', `/guilds/${ids.guild}/roles`, auth)).body as { id: string; name: string }[];
  ids.role = roles.find((role) => role.id !== ids.guild)!.id;
  const channels = (await call(e, 'GET', `/guilds/${ids.guild}/channels`, auth)).body as { id: string; type: number }[];
  ids.channel = channels.find((channel) => channel.type === 0)!.id;
  ids.category = channels.find((channel) => channel.type === 4)?.id ?? ids.channel;
  const commands = [
    {
      name: 'every',
      description: 'One option of each type',
      options: [
        { type: 3, name: 'text', description: 'STRING', required: true },
        { type: 4, name: 'count', description: 'INTEGER' },
        { type: 5, name: 'flag', description: 'BOOLEAN' },
        { type: 6, name: 'who', description: 'USER' },
        { type: 7, name: 'where', description: 'CHANNEL' },
        { type: 8, name: 'role', description: 'ROLE' },
        { type: 9, name: 'anyone', description: 'MENTIONABLE' },
        { type: 10, name: 'ratio', description: 'NUMBER' },
      ],
    },
    {
      name: 'admin',
      description: 'Subcommands',
      options: [
        { type: 2, name: 'config', description: 'A group', options: [{ type: 1, name: 'set', description: 'In the group', options: [{ type: 3, name: 'key', description: 'k', required: true }] }] },
        { type: 1, name: 'info', description: 'Without a group' },
      ],
    },
  ];
  const put = await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${ids.guild}/commands`, { ...auth, json: commands });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
});

/** Tries the command as the owner in the guild's text channel, and returns what the bot received. */
async function tried(name: string, path: string[], options: Record<string, string>): Promise<Payload> {
  const started = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name, path, options, guildId: ids.guild, channelId: ids.channel } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return bot.received(started.body.id as string);
}

const tryEvery = () => tried('every', [], { text: 'hello', count: '3', flag: 'true', who: ids.member, where: ids.category, role: ids.role, anyone: ids.otherMember, ratio: '0.5' });

/** The spec's issues with `value` as `Type`, as paths: [] when it validates. */
function specIssues(type: string, value: unknown): string[] {
  const result = schemaOf(type).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${type} /${issue.path.join('/')}: ${issue.message}`);
}

function asObject(value: Json | undefined): Payload {
  expect(value, 'an object').toEqual(expect.any(Object));
  return value as Payload;
}

describe("the payload validates against Discord's OpenAPI schemas", () => {
  it.each<[string, () => Promise<Payload>]>([
    ['options of every type, with resolved users, members, roles and channels', tryEvery],
    ['a subcommand in a group', () => tried('admin', ['config', 'set'], { key: 'colour' })],
    ['a subcommand without a group', () => tried('admin', ['info'], {})],
  ])('%s', async (_label, run) => {
    const payload = await run();
    const data = asObject(payload.data);
    const member = asObject(payload.member);
    const issues = [
      ...specIssues('InteractionTypes', payload.type),
      ...specIssues('InteractionContextType', payload.context),
      ...specIssues('AvailableLocalesEnum', payload.locale),
      ...specIssues('AvailableLocalesEnum', payload.guild_locale),
      ...['id', 'application_id', 'guild_id', 'channel_id'].flatMap((key) => specIssues('SnowflakeType', payload[key])),
      ...specIssues('SnowflakeType', data.id),
      // A member as GET /guilds/{id}/members/{user} gives it, with `user`; the interaction adds `permissions`.
      ...specIssues('GuildMemberResponse', member),
      ...specIssues('UserResponse', member.user),
      ...specIssues('GuildChannelResponse', payload.channel),
      ...(data.resolved === undefined ? [] : specIssues('ResolvedObjectsResponse', data.resolved)),
      ...specIssues('EntitlementResponse[]', payload.entitlements),
      // The spec's record of this same interaction, as a message it answered carries it.
      ...specIssues('ApplicationCommandInteractionMetadataResponse', { id: payload.id, type: payload.type, user: member.user, authorizing_integration_owners: payload.authorizing_integration_owners }),
    ];
    expect(issues).toEqual([]);
    // What the spec types as permission strings: a bitfield in decimal.
    for (const bits of [member.permissions, payload.app_permissions, asObject(payload.channel).permissions]) expect(bits).toMatch(/^\d+$/);
    // A time as Discord writes it: the recorded `"joined_at": "2022-10-23T10:03:13.019000+00:00"`, not JavaScript's `…Z`.
    const recordedJoin = asObject(recorded('slash-command-in-guild').member).joined_at as string;
    expect(member.joined_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
    expect(recordedJoin).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
    expect(payload).toMatchObject({ type: 2, context: 0, version: 1, guild_id: ids.guild, channel_id: ids.channel, authorizing_integration_owners: { '0': ids.guild } });
  });

  it('gives each option its type and value, and resolves what the options name', async () => {
    const payload = await tryEvery();
    const data = asObject(payload.data);
    expect(data.options).toEqual([
      { name: 'text', type: 3, value: 'hello' },
      { name: 'count', type: 4, value: 3 },
      { name: 'flag', type: 5, value: true },
      { name: 'who', type: 6, value: ids.member },
      { name: 'where', type: 7, value: ids.category },
      { name: 'role', type: 8, value: ids.role },
      { name: 'anyone', type: 9, value: ids.otherMember },
      { name: 'ratio', type: 10, value: 0.5 },
    ]);
    const resolved = asObject(data.resolved);
    expect(Object.keys(asObject(resolved.users)).sort()).toEqual([ids.member, ids.otherMember].sort());
    expect(Object.keys(asObject(resolved.members)).sort()).toEqual([ids.member, ids.otherMember].sort());
    expect(Object.keys(asObject(resolved.roles))).toEqual([ids.role]);
    expect(Object.keys(asObject(resolved.channels))).toEqual([ids.category]);
  });

  it('nests a subcommand in its group as the client sends it', async () => {
    const data = asObject((await tried('admin', ['config', 'set'], { key: 'colour' })).data);
    expect(data.options).toEqual([{ name: 'config', type: 2, options: [{ name: 'set', type: 1, options: [{ name: 'key', type: 3, value: 'colour' }] }] }]);
  });
});

/** A recorded real interaction (test/fixtures/discord/interactions/NAME.json). */
function recorded(name: string): Payload {
  return (JSON.parse(readFileSync(new URL(`../fixtures/discord/interactions/${name}.json`, import.meta.url), 'utf8')) as { interaction: Payload }).interaction;
}

function jsonType(value: Json | undefined): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Each key of `real` that `ours` lacks, and each key both have whose JSON types differ (null matches any type:
 * both sides leave optional things null), as `path.key`; the keys of `ours` that `real` lacks, likewise.
 */
function compareKeys(real: Payload, ours: Payload, path: string): { missing: string[]; differing: string[]; extra: string[] } {
  const missing = Object.keys(real).filter((key) => !(key in ours)).map((key) => `${path}.${key}`);
  const extra = Object.keys(ours).filter((key) => !(key in real)).map((key) => `${path}.${key}`);
  const differing = Object.keys(real)
    .filter((key) => key in ours && real[key] !== null && ours[key] !== null && jsonType(real[key]) !== jsonType(ours[key]))
    .map((key) => `${path}.${key}: ${jsonType(real[key])} in Discord's, ${jsonType(ours[key])} in ours`);
  return { missing, differing, extra };
}

/** The objects of an interaction worth comparing one by one, by path. */
function partsOf(payload: Payload, withData: boolean): [string, Payload][] {
  const member = payload.member as Payload;
  const data = payload.data as Payload;
  const resolved = (data?.resolved ?? {}) as Payload;
  const first = (map: Json | undefined) => Object.values((map ?? {}) as Payload)[0] as Payload | undefined;
  const parts: [string, Payload | undefined][] = [
    ['interaction', Object.fromEntries(Object.entries(payload).filter(([key]) => withData || key !== 'data'))],
    ['member', member],
    ['member.user', member.user as Payload],
    ['channel', payload.channel as Payload],
    ['guild', payload.guild as Payload],
    ...(withData
      ? ([
          ['data', data],
          ['data.resolved.users.*', first(resolved.users)],
          ['data.resolved.members.*', first(resolved.members)],
        ] as [string, Payload | undefined][])
      : []),
  ];
  return parts.filter((part): part is [string, Payload] => part[1] !== undefined);
}

/**
 * Keys Discord sends that the emulator leaves out, each for a reason: in neither the docs nor the spec
 * (so no bot can rely on them), or deprecated in favour of one it sends.
 */
const LEFT_OUT: Readonly<Record<string, string>> = {
  'interaction.entitlement_sku_ids': 'deprecated for `entitlements`, which it sends',
  'member.unusual_dm_activity_until': 'in neither the docs nor the spec',
  'member.user.clan': 'deprecated for `primary_guild`, which it sends',
  'member.user.display_name_styles': 'in neither the docs nor the spec',
  'data.resolved.members.*.unusual_dm_activity_until': 'in neither the docs nor the spec',
  'data.resolved.users.*.bot': 'the user the recording names is a bot; the one named here is a person',
};

/** Keys the emulator sends that these recordings lack, each for a reason. */
const ADDED: Readonly<Record<string, string>> = {
  'member.user.flags': 'the spec requires it on a user (UserResponse)',
  'member.user.banner': 'in the spec and the docs user object',
  'member.user.accent_color': 'in the spec and the docs user object',
  'data.resolved.users.*.flags': 'the spec requires it on a user (UserResponse)',
  'data.resolved.users.*.banner': 'in the spec and the docs user object',
  'data.resolved.users.*.accent_color': 'in the spec and the docs user object',
  'data.resolved.users.*.primary_guild': 'the spec requires it on a user (UserResponse); the 2023 recording predates it',
  'member.user.primary_guild': 'the spec requires it on a user (UserResponse); the 2023 recording predates it',
  'member.user.collectibles': 'in the spec; the 2023 recording predates it',
  'data.resolved.users.*.collectibles': 'in the spec; the 2023 recording predates it',
  'data.guild_id': 'the docs: sent when the command is a guild command',
  'member.collectibles': 'in the spec',
  'data.resolved.members.*.banner': 'in the spec',
  'data.resolved.members.*.collectibles': 'in the spec',
  'interaction.context': 'the 2023 recording predates `context`',
  'member.banner': 'the 2023 recording predates it',
};

describe('the payload has the keys and types of a real interaction', () => {
  it.each<[string, string, boolean]>([
    ['a command with a USER and a STRING option (2023)', 'slash-command-in-guild', true],
    ["today's envelope of an interaction in a guild (2025)", 'modal-submit-in-guild', false],
  ])('%s', async (_label, fixture, withData) => {
    const ours = partsOf(await tryEvery(), withData);
    const real = new Map(partsOf(recorded(fixture), withData));
    const found = { missing: [] as string[], differing: [] as string[], extra: [] as string[] };
    for (const [path, part] of ours) {
      const theirs = real.get(path);
      if (!theirs) continue;
      const compared = compareKeys(theirs, part, path);
      found.missing.push(...compared.missing.filter((key) => !(key in LEFT_OUT)));
      found.differing.push(...compared.differing);
      found.extra.push(...compared.extra.filter((key) => !(key in ADDED)));
    }
    expect(found).toEqual({ missing: [], differing: [], extra: [] });
  });
});
