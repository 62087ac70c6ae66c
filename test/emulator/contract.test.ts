/**
 * Contract test: responses of the emulator's operations validate against the response schemas of
 * Discord's OpenAPI spec, as the pinned npm package discord-api-spec carries it (Zod schemas; version
 * in package.json, see test/helpers/discord-spec.ts): every route the emulator serves that the spec
 * describes has a case (checked below), and so do its 429s. Where the spec and the docs disagree
 * (facts §10) the case says so.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyKey } from 'discord-interactions';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../source/emulator/routes.js';
import { OPERATIONS, schemaOf } from '../helpers/discord-spec.js';
import { bearer, botAuth, call, useEmulator, type CallResult } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';

function validate(operationId: string, response: CallResult): string[] {
  const operation = OPERATIONS.get(operationId);
  if (!operation) throw new Error(`no operation ${operationId} in the spec`);
  const status = response.status === 429 ? '429' : String(response.status).startsWith('4') ? '4XX' : String(response.status);
  const type = operation.responses[status];
  if (!type) throw new Error(`the spec has no ${status} schema for ${operationId}`);
  const result = schemaOf(type).safeParse(response.body);
  return result.success ? [] : result.error.issues.map((issue) => `/${issue.path.join('/')} ${issue.code}`);
}

const emulator = useEmulator();
const limited = useEmulator({ rateLimits: { global: { limit: 3, windowMs: 60_000 }, read: { limit: 1, windowMs: 60_000 }, write: { limit: 1, windowMs: 60_000 } } });
const covered = new Set<string>();

/** The spec operation each emulator route answers, where the spec describes it. */
function describedRoutes(): string[] {
  const byRoute = new Map([...OPERATIONS.values()].map((operation) => [`${operation.method} ${operation.path}`, operation.operationId]));
  return ROUTES.flatMap((route) => byRoute.get(`${route.method.toLowerCase()} ${route.pattern.replace(/:(\w+)/g, '{$1}')}`) ?? []);
}

/** GET /channels/{id} of the first installed guild's channel of that type (text 0, voice 2, category 4, announcement 5, forum 15). */
async function channelOfType(type: number): Promise<CallResult> {
  const e = emulator();
  const list = await call(e, 'GET', `/guilds/${e.guildIds[0]}/channels`, { auth: botAuth(e) });
  return call(e, 'GET', `/channels/${list.body.find((channel: { type: number }) => channel.type === type).id}`, { auth: botAuth(e) });
}

describe('responses match the OpenAPI response schemas', () => {
  it.each<[string, () => Promise<CallResult>]>([
    ['list_application_commands', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/commands`, { auth: botAuth(emulator()) })],
    ['list_application_commands', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/commands?with_localizations=true`, { auth: botAuth(emulator()) })],
    ['list_guild_application_commands', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands`, { auth: botAuth(emulator()) })],
    ['create_application_command', () => call(emulator(), 'POST', `/applications/${emulator().applicationId}/commands`, { auth: botAuth(emulator()), json: { name: 'contract', description: 'Contract test', options: [{ type: 3, name: 'x', description: 'y', choices: [{ name: 'a', value: 'a' }] }] } })],
    ['create_application_command', () => call(emulator(), 'POST', `/applications/${emulator().applicationId}/commands`, { auth: botAuth(emulator()), json: { name: 'contract', description: 'Contract test again' } })],
    ['create_guild_application_command', () => call(emulator(), 'POST', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands`, { auth: botAuth(emulator()), json: { type: 3, name: 'Contract' } })],
    ['bulk_set_guild_application_commands', () => call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[2]}/commands`, { auth: botAuth(emulator()), json: [{ name: 'one', description: 'first' }, { type: 2, name: 'Two' }] })],
    ['list_guild_application_command_permissions', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands/permissions`, { auth: botAuth(emulator()) })],
    ['set_guild_application_command_permissions', () => call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands/${emulator().applicationId}/permissions`, { auth: bearer(emulator().userToken), json: { permissions: [{ id: emulator().guildIds[0], type: 1, permission: true }] } })],
    ['get_guild_application_command_permissions', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands/${emulator().applicationId}/permissions`, { auth: botAuth(emulator()) })],
    ['get_my_application', () => call(emulator(), 'GET', '/applications/@me', { auth: botAuth(emulator()) })],
    ['get_my_oauth2_application', () => call(emulator(), 'GET', '/oauth2/applications/@me', { auth: botAuth(emulator()) })],
    ['get_my_user', () => call(emulator(), 'GET', '/users/@me', { auth: bearer(emulator().userToken) })],
    ['get_my_user', () => call(emulator(), 'GET', '/users/@me', { auth: botAuth(emulator()) })],
    ['list_my_guilds', () => call(emulator(), 'GET', '/users/@me/guilds', { auth: bearer(emulator().userToken) })],
    ['get_guild', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}`, { auth: botAuth(emulator()) })],
    ['list_guild_roles', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/roles`, { auth: botAuth(emulator()) })],
    ['list_guild_channels', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/channels`, { auth: botAuth(emulator()) })],
    ...[0, 2, 4, 5, 15].map((type): [string, () => Promise<CallResult>] => ['get_channel', () => channelOfType(type)]),
    ['get_channel', () => call(emulator(), 'GET', '/channels/111111111111111111', { auth: botAuth(emulator()) })],
    ['get_guild', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}?with_counts=true`, { auth: botAuth(emulator()) })],
    ['get_guild_role', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/roles/${emulator().guildIds[0]}`, { auth: botAuth(emulator()) })],
    ['guild_role_member_counts', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/roles/member-counts`, { auth: botAuth(emulator()) })],
    ['get_guild_preview', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/preview`, { auth: botAuth(emulator()) })],
    ['get_active_guild_threads', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/threads/active`, { auth: botAuth(emulator()) })],
    ['get_guild_member', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/members/${emulator().seeded.adminUserId}`, { auth: botAuth(emulator()) })],
    ['list_guild_members', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/members?limit=1000`, { auth: botAuth(emulator()) })],
    ['search_guild_members', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/members/search?query=k&limit=10`, { auth: botAuth(emulator()) })],
    ['get_my_oauth2_authorization', () => call(emulator(), 'GET', '/oauth2/@me', { auth: bearer(emulator().userToken) })],
    ['list_my_guilds', () => call(emulator(), 'GET', '/users/@me/guilds?with_counts=true', { auth: botAuth(emulator()) })],
    ['get_user', () => call(emulator(), 'GET', `/users/${emulator().seeded.memberUserId}`, { auth: botAuth(emulator()) })],
    ['get_openid_connect_userinfo', () => call(emulator(), 'GET', '/oauth2/userinfo', { auth: bearer(emulator().userToken) })],
    ['get_public_keys', () => call(emulator(), 'GET', '/oauth2/keys')],
    ['get_gateway', () => call(emulator(), 'GET', '/gateway')],
    ['get_bot_gateway', () => call(emulator(), 'GET', '/gateway/bot', { auth: botAuth(emulator()) })],
    ['bulk_set_application_commands', () => call(emulator(), 'PUT', `/applications/${emulator().applicationId}/commands`, { auth: botAuth(emulator()), json: [{ type: 4, name: 'Launch', description: 'Launch Pixel Pal', handler: 2 }, { name: 'one', description: 'first' }] })],
    // Plain error bodies ({code, message}); the nested 50035 tree is excluded: the spec types inner codes as integers, the docs as strings.
    ['get_application_command', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/commands/123456789012345678`, { auth: botAuth(emulator()) })],
    ['get_my_user', () => call(emulator(), 'GET', '/users/@me', { auth: 'Bot not-a-token' })],
    ['set_guild_application_command_permissions', () => call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands/${emulator().applicationId}/permissions`, { auth: botAuth(emulator()), json: { permissions: [] } })],
    ['get_guild_application_command_permissions', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[1]}/commands/123456789012345678/permissions`, { auth: botAuth(emulator()) })],
  ])('%s', async (operationId, send) => {
    covered.add(operationId);
    expect(validate(operationId, await send())).toEqual([]);
  });

  it('guild single-command GET, PATCH and DELETE', async () => {
    const e = emulator();
    const path = `/applications/${e.applicationId}/guilds/${e.guildIds[0]}/commands`;
    const list = await call(e, 'GET', path, { auth: botAuth(e) });
    const id = list.body[0].id;
    expect(validate('get_guild_application_command', await call(e, 'GET', `${path}/${id}`, { auth: botAuth(e) }))).toEqual([]);
    expect(validate('update_guild_application_command', await call(e, 'PATCH', `${path}/${id}`, { auth: botAuth(e), json: { nsfw: true } }))).toEqual([]);
    expect((await call(e, 'DELETE', `${path}/${id}`, { auth: botAuth(e) })).status).toBe(204);
    for (const operationId of ['get_guild_application_command', 'update_guild_application_command', 'delete_guild_application_command']) covered.add(operationId);
  });

  it('a route 429 and a global 429 match the spec\'s rate-limit body, but for `code`', async () => {
    // The spec requires `code` on every 429; the docs' table makes it optional ("for some limits") and the
    // recorded 429 (test/fixtures/discord/rate-limited.json) has none, so the emulator sends none.
    const onlyCode = ['/code invalid_type'];
    const e = limited();
    const path = `/applications/${e.applicationId}/commands`;
    await call(e, 'GET', path, { auth: botAuth(e) });
    const route = await call(e, 'GET', path, { auth: botAuth(e) });
    expect(route.status).toBe(429);
    expect(validate('list_application_commands', route)).toEqual(onlyCode);
    await call(e, 'GET', '/applications/@me', { auth: botAuth(e) });
    const global = await call(e, 'GET', '/users/@me', { auth: botAuth(e) });
    expect([global.status, global.body.global]).toEqual([429, true]);
    expect(validate('get_my_user', global)).toEqual(onlyCode);
  });

  it('single-command GET, PATCH and DELETE statuses are the documented ones', async () => {
    const e = emulator();
    const list = await call(e, 'GET', `/applications/${e.applicationId}/commands`, { auth: botAuth(e) });
    const id = list.body[0].id;
    const got = await call(e, 'GET', `/applications/${e.applicationId}/commands/${id}`, { auth: botAuth(e) });
    expect(validate('get_application_command', got)).toEqual([]);
    const patched = await call(e, 'PATCH', `/applications/${e.applicationId}/commands/${id}`, { auth: botAuth(e), json: { nsfw: true } });
    expect(validate('update_application_command', patched)).toEqual([]);
    const deleted = await call(e, 'DELETE', `/applications/${e.applicationId}/commands/${id}`, { auth: botAuth(e) });
    expect(deleted.status).toBe(204);
    for (const operationId of ['get_application_command', 'update_application_command', 'delete_application_command']) covered.add(operationId);
  });
});

describe('answering an interaction', () => {
  /** A bot as Discord requires one: it refuses a bad signature with 401 and answers a PING; other interactions it answers later. */
  const delivered: { id: string; token: string }[] = [];
  const bot = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (!(await verifyKey(raw, String(request.headers['x-signature-ed25519']), String(request.headers['x-signature-timestamp']), emulator().verifyKey))) {
      return void response.writeHead(401).end();
    }
    const interaction = JSON.parse(raw.toString('utf8')) as { id: string; token: string; type: number };
    if (interaction.type === 1) return void response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":1}');
    delivered.push(interaction);
    response.writeHead(202).end();
  });
  afterAll(() => bot.close());

  it('the endpoint URL set, the callback, a follow-up and @original read, edited and deleted', async () => {
    const e = emulator();
    await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/`;
    expect(validate('update_my_application', await call(e, 'PATCH', '/applications/@me', { auth: botAuth(e), json: { interactions_endpoint_url: url } }))).toEqual([]);
    const guildId = e.guildIds[1]!;
    expect((await call(e, 'POST', `/applications/${e.applicationId}/guilds/${guildId}/commands`, { auth: botAuth(e), json: { name: 'contract-ping', description: 'Replies' } })).status).toBe(201);
    const started = await callControl(e, 'POST', '/__emulator/interactions', { json: { name: 'contract-ping', guildId } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    while (!delivered.some((interaction) => interaction.id === started.body.id)) await new Promise((resolve) => setTimeout(resolve, 20));
    const { id, token } = delivered.find((interaction) => interaction.id === started.body.id)!;
    expect((await call(e, 'POST', `/interactions/${id}/${token}/callback`, { json: { type: 5 } })).status).toBe(204);
    const hook = `/webhooks/${e.applicationId}/${token}`;
    expect(validate('update_original_webhook_message', await call(e, 'PATCH', `${hook}/messages/@original`, { json: { content: 'Pong!', embeds: [{ title: 'Latency', description: '1 ms' }] } }))).toEqual([]);
    expect(validate('get_original_webhook_message', await call(e, 'GET', `${hook}/messages/@original`))).toEqual([]);
    expect(validate('execute_webhook', await call(e, 'POST', hook, { json: { content: 'And one more thing.' } }))).toEqual([]);
    expect((await call(e, 'DELETE', `${hook}/messages/@original`)).status).toBe(204);
    expect(validate('execute_webhook', await call(e, 'POST', `/webhooks/${e.applicationId}/not-a-token`, { json: { content: 'x' } }))).toEqual([]);
    for (const operationId of ['update_my_application', 'create_interaction_response', 'update_original_webhook_message', 'get_original_webhook_message', 'execute_webhook', 'delete_original_webhook_message']) covered.add(operationId);
  });
});

describe('the contract cases', () => {
  it('cover every emulator route the spec describes', () => {
    expect(describedRoutes().filter((operationId) => !covered.has(operationId))).toEqual([]);
  });
});
