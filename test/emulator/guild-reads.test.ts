/**
 * The guild reads bot libraries call (issue 31): a channel by id for every channel the guild list gives
 * (the same object), 10003 for an unknown one, 50001 for one the bot may not view or whose guild it is
 * not in, 401 for a user's Bearer; a role by id, member counts per role, the guild preview, `with_counts`
 * and the active threads.
 */
import { describe, expect, it } from 'vitest';
import { bearer, botAuth, call, useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();

describe('GET /channels/{channel.id}', () => {
  it('answers every channel of the guild list with the object that list gives, in every guild and type', async () => {
    const e = emulator();
    let checked = 0;
    for (const guildId of e.guildIds) {
      const list = await call(e, 'GET', `/guilds/${guildId}/channels`, { auth: botAuth(e) });
      expect(list.status).toBe(200);
      for (const listed of list.body) {
        const one = await call(e, 'GET', `/channels/${listed.id}`, { auth: botAuth(e) });
        expect([one.status, one.body]).toEqual([200, listed]);
        checked += 1;
      }
    }
    const types = new Set((await call(e, 'GET', `/guilds/${e.guildIds[0]}/channels`, { auth: botAuth(e) })).body.map((c: { type: number }) => c.type));
    expect(types).toEqual(new Set([0, 2, 4, 5, 15]));
    expect(checked).toBeGreaterThan(5);
  });

  it('answers 10003 for an id no guild has, 50001 for a channel the bot may not view or of a guild it is not in', async () => {
    const e = emulator();
    const unknown = await call(e, 'GET', '/channels/111111111111111111', { auth: botAuth(e) });
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Unknown Channel', code: 10003 }]);
    for (const channelId of [e.seeded.hiddenChannelId, e.seeded.uninstalledChannelId]) {
      const refused = await call(e, 'GET', `/channels/${channelId}`, { auth: botAuth(e) });
      expect([refused.status, refused.body]).toEqual([403, { message: 'Missing Access', code: 50001 }]);
    }
    const notSnowflake = await call(e, 'GET', '/channels/general', { auth: botAuth(e) });
    expect(notSnowflake.body.errors.channel_id._errors[0]).toEqual({ code: 'NUMBER_TYPE_COERCE', message: 'Value "general" is not snowflake.' });
  });

  it('tells a user\'s Bearer 401, as Discord tells it on guild reads (discord-api-docs#1008, #1221)', async () => {
    const e = emulator();
    const listed = await call(e, 'GET', `/guilds/${e.guildIds[0]}/channels`, { auth: botAuth(e) });
    const answer = await call(e, 'GET', `/channels/${listed.body[0].id}`, { auth: bearer(e.userToken) });
    expect([answer.status, answer.body]).toEqual([401, { message: '401: Unauthorized', code: 0 }]);
  });
});

describe('the other guild reads', () => {
  it('gets a role by id as the role list gives it, 10011 for an unknown one', async () => {
    const e = emulator();
    const roles = await call(e, 'GET', `/guilds/${e.guildIds[0]}/roles`, { auth: botAuth(e) });
    for (const role of roles.body) {
      const one = await call(e, 'GET', `/guilds/${e.guildIds[0]}/roles/${role.id}`, { auth: botAuth(e) });
      expect([one.status, one.body]).toEqual([200, role]);
    }
    const unknown = await call(e, 'GET', `/guilds/${e.guildIds[0]}/roles/111111111111111111`, { auth: botAuth(e) });
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Unknown Role', code: 10011 }]);
  });

  it('counts members per role, @everyone left out', async () => {
    const e = emulator();
    const guildId = e.guildIds[0]!;
    const counts = await call(e, 'GET', `/guilds/${guildId}/roles/member-counts`, { auth: botAuth(e) });
    const roles = await call(e, 'GET', `/guilds/${guildId}/roles`, { auth: botAuth(e) });
    const members = await call(e, 'GET', `/guilds/${guildId}/members?limit=1000`, { auth: botAuth(e) });
    const expected = Object.fromEntries(
      roles.body
        .filter((role: { id: string }) => role.id !== guildId)
        .map((role: { id: string }) => [role.id, members.body.filter((member: { roles: string[] }) => member.roles.includes(role.id)).length]),
    );
    expect([counts.status, counts.body]).toEqual([200, expected]);
  });

  it('adds the member and presence counts with with_counts (true or 1), and gives them in the preview', async () => {
    const e = emulator();
    const guildId = e.guildIds[0]!;
    const members = await call(e, 'GET', `/guilds/${guildId}/members?limit=1000`, { auth: botAuth(e) });
    const counts = { approximate_member_count: members.body.length, approximate_presence_count: 1 };
    const plain = await call(e, 'GET', `/guilds/${guildId}`, { auth: botAuth(e) });
    expect(plain.body).not.toHaveProperty('approximate_member_count');
    for (const flag of ['true', '1']) {
      expect((await call(e, 'GET', `/guilds/${guildId}?with_counts=${flag}`, { auth: botAuth(e) })).body).toMatchObject(counts);
    }
    const preview = await call(e, 'GET', `/guilds/${guildId}/preview`, { auth: botAuth(e) });
    expect(preview.body).toEqual({
      id: guildId, name: plain.body.name, icon: null, description: null, home_header: null, splash: null, discovery_splash: null,
      features: [], ...counts, emojis: [], stickers: [],
    });
  });

  it('lists no active threads, in the documented shape, and refuses a guild the bot is not in', async () => {
    const e = emulator();
    const threads = await call(e, 'GET', `/guilds/${e.guildIds[0]}/threads/active`, { auth: botAuth(e) });
    expect([threads.status, threads.body]).toEqual([200, { threads: [], members: [], has_more: false }]);
    for (const path of ['threads/active', 'preview', 'roles/member-counts']) {
      const refused = await call(e, 'GET', `/guilds/${e.seeded.uninstalledGuildId}/${path}`, { auth: botAuth(e) });
      expect([path, refused.status, refused.body.code]).toEqual([path, 403, 50001]);
    }
  });
});
