/**
 * Finding members for the permissions screen against the emulator over real HTTP: by name with a bot
 * token, by id (a made-up id is "not a member"), and without a bot token the fallbacks that say why.
 */
import { describe, expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import { findMembers, lookupMember, NO_BOT_SEARCH } from '../../source/api/guild-members.js';
import { useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator({ seed: 'demo' });
const names = (members: { user?: { username: string } }[]) => members.map((m) => m.user?.username);

describe('findMembers and lookupMember', () => {
  it('with a bot token: an empty query lists members, a name searches, an id is looked up', async () => {
    const e = emulator();
    const api = await createDiscordApi({ baseUrl: e.baseUrl, credentials: { botToken: e.botToken } });
    const guildId = e.guildIds[0]!;
    expect(names((await findMembers(api, guildId, '')).members)).toEqual(expect.arrayContaining(['ada', 'milo', 'rin', 'sam']));
    expect(await findMembers(api, guildId, '  Ad ')).toEqual({ members: [expect.objectContaining({ user: expect.objectContaining({ username: 'ada' }) })] });
    expect(await lookupMember(api, guildId, e.seeded.memberUserId)).toMatchObject({ status: 'member', member: { nick: 'Milo (mod)' } });
    expect(await lookupMember(api, guildId, '123456789012345678')).toEqual({ status: 'not-a-member', code: 10013 });
  });

  it('with client credentials and a sign-in: only the signed-in user, and the note says why; ids cannot be checked', async () => {
    const e = emulator();
    const api = await createDiscordApi({
      baseUrl: e.baseUrl,
      credentials: { clientCredentials: { clientId: e.clientId, clientSecret: e.clientSecret }, user: { accessToken: e.userToken, scopes: ['identify', 'guilds'] } },
    });
    const found = await findMembers(api, e.guildIds[0]!, 'ad');
    expect(names(found.members)).toEqual(['ada']);
    expect(found.note).toBe(`${NO_BOT_SEARCH}: only you (the signed-in user) can be found; type another user's id to add them.`);
    expect((await findMembers(api, e.guildIds[0]!, 'milo')).members).toEqual([]);
    expect(await lookupMember(api, e.guildIds[0]!, e.seeded.memberUserId)).toEqual({ status: 'unchecked', reason: 'checking that an id names a member needs a bot token' });
  });

  it('with client credentials alone: nobody, and the note says to type an id', async () => {
    const e = emulator();
    const api = await createDiscordApi({ baseUrl: e.baseUrl, credentials: { clientCredentials: { clientId: e.clientId, clientSecret: e.clientSecret } } });
    expect(await findMembers(api, e.guildIds[0]!, 'ada')).toEqual({ members: [], note: `${NO_BOT_SEARCH}: type the user's id (it cannot be checked without one either).` });
  });
});
