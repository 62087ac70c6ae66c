/** Permission routes (read, replace, who may) and the picker routes over real HTTP. */
import { describe, expect, it } from 'vitest';
import { canManageRole } from '../../source/emulator/guild-access.js';
import { botAuth, bearer, call, useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();

async function commandId(scopePath: string, name: string): Promise<string> {
  const list = await call(emulator(), 'GET', scopePath, { auth: botAuth(emulator()) });
  return list.body.find((c: { name: string }) => c.name === name).id;
}

function guildPath(index = 0) {
  const e = emulator();
  return `/applications/${e.applicationId}/guilds/${e.guildIds[index]}/commands`;
}

describe('reading permissions', () => {
  it('lists every overwrite list of a guild, including the app-wide entry (id = application id)', async () => {
    const e = emulator();
    const all = await call(e, 'GET', `${guildPath(0)}/permissions`, { auth: botAuth(e) });
    expect(all.status).toBe(200);
    const appWide = all.body.find((entry: { id: string }) => entry.id === e.applicationId);
    expect(appWide).toMatchObject({ application_id: e.applicationId, guild_id: e.guildIds[0] });
    // All channels = guild id − 1, computed with BigInt.
    expect(appWide.permissions[0]).toEqual({ id: String(BigInt(e.guildIds[0]!) - 1n), type: 3, permission: false });
  });

  it('gets one command\'s overwrites, 10066 when it has none; a user with the scope may read', async () => {
    const e = emulator();
    const modTools = await commandId(guildPath(0), 'mod-tools');
    const one = await call(e, 'GET', `${guildPath(0)}/${modTools}/permissions`, { auth: bearer(e.userToken) });
    expect(one.status).toBe(200);
    expect(one.body.permissions).toContainEqual({ id: e.guildIds[0], type: 1, permission: false });
    const deploy = await commandId(guildPath(0), 'deploy');
    const none = await call(e, 'GET', `${guildPath(0)}/${deploy}/permissions`, { auth: botAuth(e) });
    expect([none.status, none.body.code]).toEqual([404, 10066]);
  });
});

describe('replacing permissions', () => {
  it('answers every mistake of the overwrite list at once, each in the code for its kind', async () => {
    const e = emulator();
    const deploy = await commandId(guildPath(0), 'deploy');
    const bad = await call(e, 'PUT', `${guildPath(0)}/${deploy}/permissions`, {
      auth: bearer(e.userToken),
      json: { permissions: [{ id: e.guildIds[0], type: 'ROLE', permission: true }, 'everyone', null, { id: 'me', type: 9, permission: 'yes' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.permissions).toEqual({
      '0': { type: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "ROLE" is not int.' }] } },
      '1': { _errors: [{ code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' }] },
      '2': { _errors: [{ code: 'LIST_ITEM_VALUE_REQUIRED', message: 'List item values of ModelType are required' }] },
      '3': {
        id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "me" is not snowflake.' }] },
        type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of (1, 2, 3).' }] },
        permission: { _errors: [{ code: 'BOOLEAN_TYPE_COERCE', message: 'Value "yes" is not a valid boolean.' }] },
      },
    });
  });

  it('a user Bearer with the scope and MANAGE_GUILD + MANAGE_ROLES replaces the list', async () => {
    const e = emulator();
    const deploy = await commandId(guildPath(0), 'deploy');
    const overwrites = [
      { id: e.seeded.memberUserId, type: 2, permission: true },
      { id: e.guildIds[0], type: 1, permission: false },
    ];
    const put = await call(e, 'PUT', `${guildPath(0)}/${deploy}/permissions`, { auth: bearer(e.userToken), json: { permissions: overwrites } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: deploy, application_id: e.applicationId, guild_id: e.guildIds[0], permissions: overwrites });
    const replaced = await call(e, 'PUT', `${guildPath(0)}/${deploy}/permissions`, {
      auth: bearer(e.userToken),
      json: { permissions: [overwrites[0]] },
    });
    expect(replaced.body.permissions).toEqual([overwrites[0]]);
    const read = await call(e, 'GET', `${guildPath(0)}/${deploy}/permissions`, { auth: botAuth(e) });
    expect(read.body.permissions).toEqual([overwrites[0]]);
  });

  it('global commands and the application id are valid targets', async () => {
    const e = emulator();
    const ping = await commandId(`/applications/${e.applicationId}/commands`, 'ping');
    const global = await call(e, 'PUT', `${guildPath(1)}/${ping}/permissions`, {
      auth: bearer(e.userToken),
      json: { permissions: [{ id: e.guildIds[1], type: 1, permission: false }] },
    });
    expect(global.status).toBe(200);
    const appWide = await call(e, 'PUT', `${guildPath(1)}/${e.applicationId}/permissions`, {
      auth: bearer(e.userToken),
      json: { permissions: [{ id: String(BigInt(e.guildIds[1]!) - 1n), type: 3, permission: false }] },
    });
    expect(appWide.body.id).toBe(e.applicationId);
  });

  it('refuses a bot token (20001), a member without MANAGE_GUILD/ROLES (50013), a token without the scope (50026)', async () => {
    const e = emulator();
    const deploy = await commandId(guildPath(0), 'deploy');
    const body = { permissions: [] };
    const bot = await call(e, 'PUT', `${guildPath(0)}/${deploy}/permissions`, { auth: botAuth(e), json: body });
    expect([bot.status, bot.body]).toEqual([403, { message: 'Bots cannot use this endpoint', code: 20001 }]);
    const member = await call(e, 'PUT', `${guildPath(0)}/${deploy}/permissions`, { auth: bearer(e.seeded.memberToken), json: body });
    expect([member.status, member.body.code]).toEqual([403, 50013]);
    const unknown = await call(e, 'PUT', `${guildPath(0)}/123456789012345678/permissions`, { auth: bearer(e.userToken), json: body });
    expect([unknown.status, unknown.body.code]).toEqual([404, 10063]);
  });

  it('lets the user change only overwrites of roles below their highest role (50013 otherwise); unchanged ones may stay', async () => {
    const e = emulator();
    const guildId = e.guildIds[0]!;
    const roles = (await call(e, 'GET', `/guilds/${guildId}/roles`, { auth: botAuth(e) })).body as { id: string; name: string }[];
    const roleId = (name: string) => roles.find((role) => role.name === name)!.id;
    const deploy = await commandId(guildPath(0), 'deploy');
    const path = `${guildPath(0)}/${deploy}/permissions`;
    // ada's highest role is Server Manager: she may not add her own top role, nor Admin above it…
    for (const name of ['Server Manager', 'Admin']) {
      const refused = await call(e, 'PUT', path, { auth: bearer(e.userToken), json: { permissions: [{ id: roleId(name), type: 1, permission: true }] } });
      expect([refused.status, refused.body]).toEqual([403, { message: 'Missing Permissions', code: 50013 }]);
    }
    // …but may set roles below it, and @everyone.
    const below = [{ id: roleId('Moderator'), type: 1, permission: true }, { id: guildId, type: 1, permission: false }];
    expect((await call(e, 'PUT', path, { auth: bearer(e.userToken), json: { permissions: below } })).status).toBe(200);
  });

  it('the owner manages every role; a deleted role stands in no one\'s way', () => {
    const guild = {
      id: '1', name: 'g', ownerId: 'owner', appInstalled: true, channels: [],
      roles: [{ id: '1', name: '@everyone', permissions: '0', position: 0, color: 0, hoist: false, managed: false, mentionable: false }, { id: 'top', name: 'Top', permissions: '0', position: 5, color: 0, hoist: false, managed: false, mentionable: false }],
      members: { owner: { roles: [], nick: null, joined_at: '' }, someone: { roles: [], nick: null, joined_at: '' } },
    };
    expect(canManageRole(guild, 'owner', 'top')).toBe(true);
    expect(canManageRole(guild, 'someone', 'top')).toBe(false);
    expect(canManageRole(guild, 'someone', 'deleted-role')).toBe(true);
  });

  it('validates the body: at most 100 overwrites, known types, snowflake ids', async () => {
    const e = emulator();
    const deploy = await commandId(guildPath(0), 'deploy');
    const many = Array.from({ length: 101 }, (_, i) => ({ id: String(100000000000000000n + BigInt(i)), type: 2, permission: true }));
    const tooMany = await call(e, 'PUT', `${guildPath(0)}/${deploy}/permissions`, { auth: bearer(e.userToken), json: { permissions: many } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.permissions._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    const bad = await call(e, 'PUT', `${guildPath(0)}/${deploy}/permissions`, {
      auth: bearer(e.userToken),
      json: { permissions: [{ id: 'everyone', type: 9, permission: 'yes' }] },
    });
    expect(Object.keys(bad.body.errors.permissions['0']).sort()).toEqual(['id', 'permission', 'type']);
  });

  it('answers 50001 where the app is not installed', async () => {
    const e = emulator();
    const ping = await commandId(`/applications/${e.applicationId}/commands`, 'ping');
    const put = await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${e.seeded.uninstalledGuildId}/commands/${ping}/permissions`, {
      auth: bearer(e.userToken),
      json: { permissions: [] },
    });
    expect([put.status, put.body.code]).toEqual([403, 50001]);
  });
});

describe('pickers', () => {
  it('GET /applications/@me carries flags, flags_new and integration_types_config', async () => {
    const e = emulator();
    const app = await call(e, 'GET', '/applications/@me', { auth: botAuth(e) });
    expect(app.status).toBe(200);
    expect(app.body.id).toBe(e.applicationId);
    expect(app.body.flags & (1 << 17)).toBe(1 << 17);
    expect(app.body.flags_new).toBe(String(app.body.flags));
    expect(Object.keys(app.body.integration_types_config).sort()).toEqual(['0', '1']);
  });

  it('/users/@me and /users/@me/guilds answer for the bot and for the user token', async () => {
    const e = emulator();
    const me = await call(e, 'GET', '/users/@me', { auth: bearer(e.userToken) });
    expect(me.body.id).toBe(e.seeded.adminUserId);
    const bot = await call(e, 'GET', '/users/@me', { auth: botAuth(e) });
    expect(bot.body).toMatchObject({ id: e.seeded.botUserId, bot: true });
    const userGuilds = await call(e, 'GET', '/users/@me/guilds', { auth: bearer(e.userToken) });
    expect(userGuilds.body.map((g: { id: string }) => g.id)).toContain(e.seeded.uninstalledGuildId);
    const manager = userGuilds.body.find((g: { id: string }) => g.id === e.guildIds[0]);
    expect(BigInt(manager.permissions) & (1n << 5n)).toBe(1n << 5n);
    const botGuilds = await call(e, 'GET', '/users/@me/guilds', { auth: botAuth(e) });
    expect(botGuilds.body.map((g: { id: string }) => g.id).sort()).toEqual([...e.guildIds].sort());
  });

  it('guild, roles, channels (without the hidden one) and members', async () => {
    const e = emulator();
    const guildId = e.guildIds[0]!;
    const guild = await call(e, 'GET', `/guilds/${guildId}`, { auth: botAuth(e) });
    expect(guild.body).toMatchObject({ id: guildId, name: 'Pixel Pal HQ' });
    const roles = await call(e, 'GET', `/guilds/${guildId}/roles`, { auth: botAuth(e) });
    expect(roles.body.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['@everyone', 'Admin', 'Moderator']));
    expect(roles.body.find((r: { name: string }) => r.name === '@everyone').id).toBe(guildId);
    const channels = await call(e, 'GET', `/guilds/${guildId}/channels`, { auth: botAuth(e) });
    const names = channels.body.map((c: { name: string }) => c.name);
    expect(names).toContain('general');
    expect(names).not.toContain('mod-log');
    const member = await call(e, 'GET', `/guilds/${guildId}/members/${e.seeded.memberUserId}`, { auth: botAuth(e) });
    expect(member.body.user.id).toBe(e.seeded.memberUserId);
    const missing = await call(e, 'GET', `/guilds/${guildId}/members/123456789012345678`, { auth: botAuth(e) });
    expect(missing.status).toBe(404);
    const unknownGuild = await call(e, 'GET', '/guilds/123456789012345678/roles', { auth: botAuth(e) });
    expect(unknownGuild.body.code).toBe(10004);
  });
});

describe('what bot libraries read without checking (issue 22)', () => {
  it('each channel type carries its documented fields, null or default where empty', async () => {
    const e = emulator();
    const channels = await call(e, 'GET', `/guilds/${e.guildIds[0]}/channels`, { auth: botAuth(e) });
    const byType = (type: number) => channels.body.find((c: { type: number }) => c.type === type);
    expect(byType(0)).toMatchObject({ topic: null, last_message_id: null, rate_limit_per_user: 0, nsfw: false, guild_id: e.guildIds[0] });
    expect(byType(5)).toMatchObject({ topic: null, last_message_id: null });
    expect(byType(2)).toMatchObject({ bitrate: 64000, user_limit: 0, rtc_region: null });
    expect(byType(15)).toMatchObject({ available_tags: [], default_reaction_emoji: null, default_forum_layout: 0 });
    expect(byType(4)).not.toHaveProperty('topic');
  });

  it('GET /users/{id} answers any known user to the bot, 10013 for an unknown id', async () => {
    const e = emulator();
    const user = await call(e, 'GET', `/users/${e.seeded.memberUserId}`, { auth: botAuth(e) });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: e.seeded.memberUserId, discriminator: '0', avatar: null });
    expect(user.body).not.toHaveProperty('locale');
    const unknown = await call(e, 'GET', '/users/123456789012345678', { auth: botAuth(e) });
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Unknown User', code: 10013 }]);
  });

  it('?with_counts=true adds approximate member and presence counts to /users/@me/guilds', async () => {
    const e = emulator();
    const plain = await call(e, 'GET', '/users/@me/guilds', { auth: botAuth(e) });
    expect(plain.body[0]).not.toHaveProperty('approximate_member_count');
    const counted = await call(e, 'GET', '/users/@me/guilds?with_counts=true', { auth: botAuth(e) });
    expect(counted.body[0].approximate_member_count).toBeGreaterThan(0);
    expect(counted.body[0].approximate_presence_count).toBeGreaterThanOrEqual(0);
  });
});
