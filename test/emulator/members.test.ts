/**
 * The members routes over real HTTP, as Discord documents them (OpenAPI list_guild_members,
 * search_guild_members): the bot lists and searches the seeded demo members (rin, ada, milo, sam,
 * jo, kai — kai timed out); the query's limits are Discord's 400/50035 field errors.
 */
import { describe, expect, it } from 'vitest';
import { bearer, botAuth, call, useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();
const members = (query: string) => call(emulator(), 'GET', `/guilds/${emulator().guildIds[0]}/members${query}`, { auth: botAuth(emulator()) });
const usernames = (body: { user: { username: string } }[]) => body.map((m) => m.user.username);

describe('GET /guilds/{id}/members', () => {
  it('gives one member by default, in user-id order, and pages with after', async () => {
    const first = await members('');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1);
    const all = await members('?limit=1000');
    const ids = all.body.map((m: { user: { id: string } }) => BigInt(m.user.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    expect(usernames(all.body)).toEqual(expect.arrayContaining(['rin', 'ada', 'milo', 'sam', 'jo', 'kai', 'Pixel Pal']));
    expect(first.body[0].user.id).toBe(all.body[0].user.id);
    const next = await members(`?limit=2&after=${all.body[0].user.id}`);
    expect(next.body.map((m: { user: { id: string } }) => m.user.id)).toEqual([all.body[1].user.id, all.body[2].user.id]);
  });

  it('carries communication_disabled_until: kai is timed out into the future, the others are not', async () => {
    const all = await members('?limit=1000');
    const kai = all.body.find((m: { user: { username: string } }) => m.user.username === 'kai');
    expect(Date.parse(kai.communication_disabled_until)).toBeGreaterThan(Date.now());
    const others = all.body.filter((m: { user: { username: string } }) => m.user.username !== 'kai');
    expect(others.every((m: { communication_disabled_until: unknown }) => m.communication_disabled_until === null)).toBe(true);
  });

  it.each([
    ['?limit=0', 'limit', 'NUMBER_TYPE_MIN'],
    ['?limit=1001', 'limit', 'NUMBER_TYPE_MAX'],
    ['?limit=many', 'limit', 'NUMBER_TYPE_COERCE'],
    ['?after=ada', 'after', 'NUMBER_TYPE_COERCE'],
  ])('%s is 400/50035 at %s (%s)', async (query, field, code) => {
    const bad = await members(query);
    expect([bad.status, bad.body.code]).toEqual([400, 50035]);
    expect(bad.body.errors[field]._errors[0].code).toBe(code);
  });
});

describe('GET /guilds/{id}/members/search', () => {
  it.each([
    ['ada', ['ada']],
    ['ADA', ['ada']],
    ['mi', ['milo']],
    // A nickname matches too: milo is "Milo (mod)" in the demo guilds.
    ['Milo (', ['milo']],
    ['rin', ['rin']],
    ['sam', ['sam']],
    ['zed', []],
  ])('"%s" finds %j (username or nickname starts with it)', async (query, expected) => {
    const found = await members(`/search?query=${encodeURIComponent(query)}&limit=10`);
    expect(found.status).toBe(200);
    expect(usernames(found.body)).toEqual(expected);
  });

  it.each([
    ['', 'query', 'BASE_TYPE_REQUIRED'],
    ['?query=', 'query', 'BASE_TYPE_BAD_LENGTH'],
    [`?query=${'a'.repeat(101)}`, 'query', 'BASE_TYPE_BAD_LENGTH'],
    ['?query=a&limit=1001', 'limit', 'NUMBER_TYPE_MAX'],
  ])('/search%s is 400/50035 at %s (%s)', async (query, field, code) => {
    const bad = await members(`/search${query}`);
    expect([bad.status, bad.body.code]).toEqual([400, 50035]);
    expect(bad.body.errors[field]._errors[0].code).toBe(code);
  });

  it('is for the bot: a user sign-in gets 401 and an unknown guild 10004', async () => {
    const e = emulator();
    const user = await call(e, 'GET', `/guilds/${e.guildIds[0]}/members/search?query=a`, { auth: bearer(e.userToken) });
    expect(user.status).toBe(401);
    const unknown = await call(e, 'GET', '/guilds/123456789012345678/members/search?query=a', { auth: botAuth(e) });
    expect([unknown.status, unknown.body.code]).toEqual([404, 10004]);
  });
});
