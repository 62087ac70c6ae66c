/** Command routes over real HTTP: statuses, defaults, upsert, edit, delete, bulk overwrite, localization, errors. */
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../source/emulator/server.js';
import { botAuth, bearer, call, useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();

function paths() {
  const e = emulator();
  return {
    global: `/applications/${e.applicationId}/commands`,
    guild: (index = 0) => `/applications/${e.applicationId}/guilds/${e.guildIds[index]}/commands`,
    perms: (guildIndex: number, commandId: string) =>
      `/applications/${e.applicationId}/guilds/${e.guildIds[guildIndex]}/commands/${commandId}/permissions`,
  };
}

describe('listing', () => {
  it('lists the seeded global commands with the requester locale instead of the dictionaries', async () => {
    const { status, body } = await call(emulator(), 'GET', paths().global, { auth: botAuth(emulator()), headers: { 'X-Discord-Locale': 'fr' } });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(30);
    const weather = body.find((c: { name: string }) => c.name === 'weather');
    expect(weather.name_localized).toBe('météo');
    expect(weather.description_localized).toBe("La météo actuelle d'une ville");
    expect(weather).not.toHaveProperty('name_localizations');
    expect(weather.options[0].name_localized).toBe('ville');
    const types = new Set(body.map((c: { type: number }) => c.type));
    expect([...types].sort()).toEqual([1, 2, 3, 4]);
    const launch = body.find((c: { type: number }) => c.type === 4);
    expect(launch).toMatchObject({ name: 'Launch', handler: 2 });
  });

  it('returns the full dictionaries with with_localizations=true and falls back through Accept-Language', async () => {
    const full = await call(emulator(), 'GET', `${paths().global}?with_localizations=True`, { auth: botAuth(emulator()) });
    const help = full.body.find((c: { name: string }) => c.name === 'help');
    expect(help.name_localizations).toMatchObject({ fr: 'aide', de: 'hilfe' });
    expect(help).not.toHaveProperty('name_localized');
    const german = await call(emulator(), 'GET', paths().global, { auth: botAuth(emulator()), headers: { 'Accept-Language': 'xx, de-AT;q=0.9, fr;q=0.5' } });
    expect(german.body.find((c: { name: string }) => c.name === 'help').name_localized).toBe('hilfe');
    const none = await call(emulator(), 'GET', paths().global, { auth: botAuth(emulator()), headers: { 'X-Discord-Locale': 'ko' } });
    expect(none.body.find((c: { name: string }) => c.name === 'help')).not.toHaveProperty('name_localized');
  });

  it('lists a guild scope and gets one command', async () => {
    const list = await call(emulator(), 'GET', paths().guild(0), { auth: botAuth(emulator()) });
    expect(list.status).toBe(200);
    expect(list.body.every((c: { guild_id: string }) => c.guild_id === emulator().guildIds[0])).toBe(true);
    const one = await call(emulator(), 'GET', `${paths().guild(0)}/${list.body[0].id}`, { auth: botAuth(emulator()) });
    expect(one.body).toEqual(list.body[0].name_localizations === undefined ? { ...one.body } : list.body[0]);
    expect(one.body.id).toBe(list.body[0].id);
  });
});

describe('create, edit, delete', () => {
  it('creates with 201 and server defaults, then upserts the same name with 200 and the same id', async () => {
    const e = emulator();
    const created = await call(e, 'POST', paths().global, { auth: botAuth(e), json: { name: 'echo', description: 'Repeat after me' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 1,
      application_id: e.applicationId,
      default_member_permissions: null,
      nsfw: false,
      integration_types: [0, 1],
      // Not sent, so null, as the API answers (discord-api-docs#6744).
      contexts: null,
      dm_permission: true,
    });
    expect(created.body).not.toHaveProperty('default_permission');
    expect(BigInt(created.body.id)).toBeGreaterThan(0n);
    const again = await call(e, 'POST', paths().global, { auth: botAuth(e), json: { name: 'echo', description: 'Repeat after me, louder' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect(again.body.version).not.toBe(created.body.version);
    expect(again.body.description).toBe('Repeat after me, louder');
  });

  it('materializes description "" for USER and MESSAGE commands and keeps integer permissions as strings', async () => {
    const e = emulator();
    const user = await call(e, 'POST', paths().global, { auth: botAuth(e), json: { type: 2, name: 'Wave At', default_member_permissions: 8 } });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ type: 2, description: '', default_member_permissions: '8' });
    const guildMessage = await call(e, 'POST', paths().guild(1), { auth: botAuth(e), json: { type: 3, name: 'Pin It' } });
    expect(guildMessage.body).toMatchObject({ guild_id: e.guildIds[1], description: '' });
    // Guild commands have none of the global-only fields (discord-api-types PR #1777).
    for (const field of ['dm_permission', 'contexts', 'integration_types']) expect(guildMessage.body).not.toHaveProperty(field);
  });

  it('PATCH replaces only the fields sent, bumps the version only on change, and a rename drops overwrites', async () => {
    const e = emulator();
    const list = await call(e, 'GET', paths().guild(0), { auth: botAuth(e) });
    const modTools = list.body.find((c: { name: string }) => c.name === 'mod-tools');
    const before = await call(e, 'GET', paths().perms(0, modTools.id), { auth: botAuth(e) });
    expect(before.status).toBe(200);

    const same = await call(e, 'PATCH', `${paths().guild(0)}/${modTools.id}`, { auth: botAuth(e), json: { description: modTools.description } });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(modTools.version);

    const described = await call(e, 'PATCH', `${paths().guild(0)}/${modTools.id}`, { auth: botAuth(e), json: { description: 'Moderator tools' } });
    expect(described.body.version).not.toBe(modTools.version);
    const stored = await call(e, 'GET', `${paths().guild(0)}/${modTools.id}`, { auth: botAuth(e) });
    expect(described.body.options).toEqual(stored.body.options);
    expect(described.body.options.map((o: { name: string }) => o.name)).toEqual(modTools.options.map((o: { name: string }) => o.name));
    expect((await call(e, 'GET', paths().perms(0, modTools.id), { auth: botAuth(e) })).status).toBe(200);

    const renamed = await call(e, 'PATCH', `${paths().guild(0)}/${modTools.id}`, { auth: botAuth(e), json: { name: 'moderation' } });
    expect(renamed.body).toMatchObject({ id: modTools.id, name: 'moderation', description: 'Moderator tools' });
    const after = await call(e, 'GET', paths().perms(0, modTools.id), { auth: botAuth(e) });
    expect(after.status).toBe(404);
    expect(after.body).toEqual({ message: 'Unknown application command permissions', code: 10066 });
  });

  it('DELETE answers 204, removes the command and its overwrites; then 10063', async () => {
    const e = emulator();
    const list = await call(e, 'GET', paths().global, { auth: botAuth(e) });
    const ban = list.body.find((c: { name: string }) => c.name === 'ban');
    expect((await call(e, 'GET', paths().perms(0, ban.id), { auth: botAuth(e) })).status).toBe(200);
    const removed = await call(e, 'DELETE', `${paths().global}/${ban.id}`, { auth: botAuth(e) });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    const gone = await call(e, 'GET', `${paths().global}/${ban.id}`, { auth: botAuth(e) });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Unknown application command', code: 10063 });
    const perms = await call(e, 'GET', paths().perms(0, ban.id), { auth: botAuth(e) });
    expect(perms.body.code).toBe(10063);
  });
});

describe('validation errors use the shared validator and Discord\'s error tree', () => {
  it('nests field errors by path', async () => {
    const e = emulator();
    const bad = await call(e, 'POST', paths().global, {
      auth: botAuth(e),
      json: { name: 'Shout', description: 'x', options: [{ type: 3, name: 'Bad Name', description: 'text' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(50035);
    expect(bad.body.message).toBe('Invalid Form Body');
    // In Discord's words: uppercase alone is an invalid name, a space fails the naming regex (discord-answers.ts).
    expect(bad.body.errors.name._errors).toEqual([{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }]);
    expect(bad.body.errors.options['0'].name._errors).toEqual([{ code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' }]);
  });

  it('refuses a bulk item whose id is not a snowflake string, at [i].id, and takes dm_permission: null', async () => {
    const e = emulator();
    const bad = await call(e, 'PUT', paths().guild(2), { auth: botAuth(e), json: [{ name: 'one', description: 'x', id: 'one' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ '0': { id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "one" is not snowflake.' }] } } });
    const nullable = await call(e, 'POST', paths().global, { auth: botAuth(e), json: { name: 'nullable', description: 'x', dm_permission: null } });
    expect(nullable.status).toBe(201);
  });

  it('reports the 8000 limit as a request-level APPLICATION_COMMAND_TOO_LARGE', async () => {
    const e = emulator();
    const options = Array.from({ length: 25 }, (_, i) => ({
      type: 3,
      name: `o${i}`,
      description: 'd'.repeat(100),
      choices: Array.from({ length: 25 }, (_, j) => ({ name: 'n'.repeat(100), value: `v${j}` })),
    }));
    const big = await call(e, 'POST', paths().global, { auth: botAuth(e), json: { name: 'huge', description: 'big', options } });
    expect(big.status).toBe(400);
    expect(big.body.errors._errors[0].code).toBe('APPLICATION_COMMAND_TOO_LARGE');
  });

  it('rejects a guild entry point and unknown fields stay ignored', async () => {
    const e = emulator();
    const entry = await call(e, 'POST', paths().guild(2), { auth: botAuth(e), json: { type: 4, name: 'Start', description: 'go', handler: 2 } });
    expect(entry.status).toBe(400);
    expect(entry.body.code).toBe(50035);
    const extra = await call(e, 'POST', paths().guild(2), { auth: botAuth(e), json: { name: 'fine', description: 'ok', colour: 'red' } });
    expect(extra.status).toBe(201);
    expect(extra.body).not.toHaveProperty('colour');
  });

  it('answers malformed JSON with 50109 and a non-JSON body with 50035', async () => {
    const e = emulator();
    const malformed = await call(e, 'POST', paths().global, { auth: botAuth(e), raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
    const text = await call(e, 'POST', paths().global, { auth: botAuth(e), raw: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.body.code).toBe(50035);
  });

  it('answers every error of a body at once, each in the code for its kind', async () => {
    const e = emulator();
    const bad = await call(e, 'POST', paths().global, {
      auth: botAuth(e),
      json: {
        type: 9,
        name: 'many-mistakes',
        description: 'x',
        contexts: ['GUILD', 7],
        options: [
          { type: 'INTEGER', name: 'count', description: 'How many' },
          { type: 3, name: 'pick', description: 'One of', choices: { name: 'a', value: 'a' } },
          { type: 4, name: 'tags', description: 'Tags', choices: 'none' },
        ],
      },
    });
    const found = (node: Record<string, any>, path: string[] = []): string[] =>
      Object.entries(node).flatMap(([key, value]) =>
        key === '_errors' ? value.map((item: { code: string; message: string }) => `${path.join('.')} ${item.code} ${item.message}`) : found(value, [...path, key]),
      );
    expect(bad.status).toBe(400);
    expect(found(bad.body.errors).sort()).toEqual([
      'contexts.0 NUMBER_TYPE_COERCE Value "GUILD" is not int.',
      'contexts.1 BASE_TYPE_CHOICES Value must be one of (0, 1, 2).',
      'options.0.type NUMBER_TYPE_COERCE Value "INTEGER" is not int.',
      'options.1.choices.0 MODEL_TYPE_CONVERT Only dictionaries may be used in a ModelType',
      'options.1.choices.1 MODEL_TYPE_CONVERT Only dictionaries may be used in a ModelType',
      'options.2.choices LIST_TYPE_CONVERT Only iterables may be used in a ListType',
      'type BASE_TYPE_CHOICES Value must be one of (1, 2, 3, 4).',
    ]);
  });

  it('answers a non-snowflake id with NUMBER_TYPE_COERCE', async () => {
    const bad = await call(emulator(), 'GET', `${paths().global}/ping`, { auth: botAuth(emulator()) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.command_id._errors[0]).toEqual({ code: 'NUMBER_TYPE_COERCE', message: 'Value "ping" is not snowflake.' });
  });
});

describe('bulk overwrite', () => {
  it('keeps ids of same-name-and-type commands, deletes the rest with their overwrites, bumps versions', async () => {
    const e = emulator();
    const path = paths().guild(1);
    const before = await call(e, 'GET', path, { auth: botAuth(e) });
    const race = before.body.find((c: { name: string }) => c.name === 'race');
    const raceRecord = await call(e, 'GET', `${path}/${race.id}`, { auth: botAuth(e) });
    expect((await call(e, 'GET', paths().perms(1, race.id), { auth: botAuth(e) })).status).toBe(200);
    const pb = before.body.find((c: { name: string }) => c.name === 'pb');

    const put = await call(e, 'PUT', path, {
      auth: botAuth(e),
      json: [
        { name: 'pb', description: 'Post a personal best (v2)' },
        { name: 'splits', description: 'Share your splits' },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.map((c: { name: string }) => c.name)).toEqual(['pb', 'splits']);
    expect(put.body[0].id).toBe(pb.id);
    expect(put.body[0].version).not.toBe(pb.version);
    const after = await call(e, 'GET', path, { auth: botAuth(e) });
    expect(after.body.map((c: { name: string }) => c.name).sort()).toEqual(['pb', 'splits']);
    expect(raceRecord.status).toBe(200);
    expect((await call(e, 'GET', paths().perms(1, race.id), { auth: botAuth(e) })).body.code).toBe(10063);
  });

  it('keys errors by array index first and refuses more than 130 items', async () => {
    const e = emulator();
    const bad = await call(e, 'PUT', paths().guild(1), { auth: botAuth(e), json: [{ name: 'ok', description: 'fine' }, { name: 'NOPE', description: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['1'].name._errors[0].code).toBe('APPLICATION_COMMAND_INVALID_NAME');
    const many = Array.from({ length: 131 }, (_, i) => ({ name: `c${i}`, description: 'x' }));
    const tooMany = await call(e, 'PUT', paths().guild(1), { auth: botAuth(e), json: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
  });

  it('refuses to drop the entry point with 50240', async () => {
    const e = emulator();
    const drop = await call(e, 'PUT', paths().global, { auth: botAuth(e), json: [{ name: 'ping', description: 'pong' }] });
    expect(drop.status).toBe(400);
    expect(drop.body).toEqual({
      message:
        "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
      code: 50240,
    });
  });
});

describe('limits', () => {
  it('answers 30032 when a type is full in the scope', async () => {
    const e = emulator();
    const path = paths().guild(2);
    const hundred = Array.from({ length: 100 }, (_, i) => ({ name: `cmd-${i}`, description: 'x' }));
    expect((await call(e, 'PUT', path, { auth: botAuth(e), json: hundred })).status).toBe(200);
    const extra = await call(e, 'POST', path, { auth: botAuth(e), json: { name: 'one-more', description: 'x' } });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe(30032);
    const upsert = await call(e, 'POST', path, { auth: botAuth(e), json: { name: 'cmd-5', description: 'still fine' } });
    expect(upsert.status).toBe(200);
    expect((await call(e, 'PUT', path, { auth: botAuth(e), json: [] })).status).toBe(200);
  });
});

describe('scopes and authorization', () => {
  it('unknown application 10002, unknown guild 10004, app not in guild 50001', async () => {
    const e = emulator();
    const app = await call(e, 'GET', '/applications/123456789012345678/commands', { auth: botAuth(e) });
    expect([app.status, app.body.code]).toEqual([404, 10002]);
    const guild = await call(e, 'GET', `/applications/${e.applicationId}/guilds/123456789012345678/commands`, { auth: botAuth(e) });
    expect([guild.status, guild.body.code]).toEqual([404, 10004]);
    const uninstalled = await call(e, 'POST', `/applications/${e.applicationId}/guilds/${e.seeded.uninstalledGuildId}/commands`, {
      auth: botAuth(e),
      json: { name: 'x', description: 'y' },
    });
    expect([uninstalled.status, uninstalled.body.code]).toEqual([403, 50001]);
  });

  it('401 with code 0 without a token, 50014 for a bad bot token, 50025 for a bad Bearer', async () => {
    const e = emulator();
    const none = await call(e, 'GET', paths().global);
    expect([none.status, none.body]).toEqual([401, { message: '401: Unauthorized', code: 0 }]);
    const bot = await call(e, 'GET', paths().global, { auth: 'Bot emu-bot-not-it' });
    expect([bot.status, bot.body.code]).toEqual([401, 50014]);
    const bearerToken = await call(e, 'GET', paths().global, { auth: bearer('nope') });
    expect([bearerToken.status, bearerToken.body.code]).toEqual([401, 50025]);
  });

  it('a user Bearer cannot manage commands (403/20012)', async () => {
    const e = emulator();
    const denied = await call(e, 'GET', paths().global, { auth: bearer(e.userToken) });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(20012);
  });

  it('a user Bearer is not the application: /applications/@me answers 401', async () => {
    const e = emulator();
    const response = await call(e, 'GET', '/applications/@me', { auth: bearer(e.userToken) });
    expect([response.status, response.body.code]).toEqual([401, 0]);
  });

  it('refuses to listen on a non-loopback host unless asked explicitly', async () => {
    await expect(startEmulator({ host: '0.0.0.0' })).rejects.toThrow(/pass --host 0\.0\.0\.0 explicitly/);
  });

  it('unknown routes are 404, wrong methods 405, unsupported API versions 400', async () => {
    expect((await call(emulator(), 'GET', '/guilds/%zz/roles', { auth: botAuth(emulator()) })).body.code).toBe(50035);
    const e = emulator();
    expect((await call(e, 'GET', '/nothing/here', { auth: botAuth(e) })).status).toBe(404);
    const batch = await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${e.guildIds[0]}/commands/permissions`, {
      auth: bearer(e.userToken),
      json: [],
    });
    expect(batch.status).toBe(405);
    const v5 = await call(e, 'GET', `${e.origin}/api/v5/applications/${e.applicationId}/commands`, { auth: botAuth(e) });
    expect(v5.body.code).toBe(50041);
    const unversioned = await call(e, 'GET', `${e.origin}/api/applications/${e.applicationId}/commands`, { auth: botAuth(e) });
    expect(unversioned.status).toBe(200);
  });
});

describe('the ar/he locale switch', () => {
  const docsReading = useEmulator({ seed: 'empty', locales: 'docs' });
  const body = { name: 'ban', description: 'Ban someone', name_localizations: { ar: 'حظر', he: 'חסום', fr: 'bannir' } };

  it('accepts ar and he by default, as the OpenAPI spec lists them', async () => {
    const e = emulator();
    const created = await call(e, 'POST', paths().global, { auth: botAuth(e), json: { ...body, name: 'ban-spec' } });
    expect(created.status).toBe(201);
    expect(created.body.name_localizations).toEqual(body.name_localizations);
  });

  it('refuses them with --locales docs, at each key', async () => {
    const e = docsReading();
    const refused = await call(e, 'POST', `/applications/${e.applicationId}/commands`, { auth: botAuth(e), json: body });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors.name_localizations).sort()).toEqual(['ar', 'he']);
  });
});

