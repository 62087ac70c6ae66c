/**
 * Contract test: responses of the covered operations validate against the response schemas of
 * Discord's OpenAPI spec (shared/reference/discord-openapi.json), $refs resolved by ajv.
 * Exclusions, where the spec and the docs disagree (facts §10), are listed in EXCLUDED below.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { bearer, botAuth, call, useEmulator, type CallResult } from '../helpers/emulator.js';

/** The steering repo sits next to this one: ../shared/reference. */
const SPEC_URL = new URL('../../../shared/reference/discord-openapi.json', import.meta.url);
const spec = JSON.parse(readFileSync(SPEC_URL, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ ...spec, $id: 'spec' });

const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

function operation(operationId: string): { path: string; method: string } {
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) if (op.operationId === operationId) return { path, method };
  }
  throw new Error(`no operation ${operationId} in the spec`);
}

/** Where the response schema lives; shared responses (the 4XX error body) are a $ref to components. */
function schemaLocation(path: string, method: string, status: string): string {
  const responses = (spec.paths[path]![method] as unknown as { responses: Record<string, { $ref?: string }> }).responses;
  const response = responses[status];
  const base = response?.$ref ?? `#/paths/${pointer(path)}/${method}/responses/${status}`;
  return `spec${base}/content/${pointer('application/json')}/schema`;
}

function validate(operationId: string, response: CallResult): string[] {
  const { path, method } = operation(operationId);
  const status = String(response.status).startsWith('4') ? '4XX' : String(response.status);
  const check = ajv.getSchema(schemaLocation(path, method, status));
  if (!check) throw new Error(`the spec has no ${status} JSON schema for ${operationId}`);
  return check(response.body) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

const emulator = useEmulator();

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
    ['get_guild_member', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/members/${emulator().seeded.adminUserId}`, { auth: botAuth(emulator()) })],
    ['list_guild_members', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/members?limit=1000`, { auth: botAuth(emulator()) })],
    ['search_guild_members', () => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/members/search?query=k&limit=10`, { auth: botAuth(emulator()) })],
    ['get_my_oauth2_authorization', () => call(emulator(), 'GET', '/oauth2/@me', { auth: bearer(emulator().userToken) })],
    // Plain error bodies ({code, message}); the nested 50035 tree is excluded: the spec types inner codes as integers, the docs as strings.
    ['get_application_command', () => call(emulator(), 'GET', `/applications/${emulator().applicationId}/commands/123456789012345678`, { auth: botAuth(emulator()) })],
  ])('%s', async (operationId, send) => {
    expect(validate(operationId, await send())).toEqual([]);
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
  });
});
