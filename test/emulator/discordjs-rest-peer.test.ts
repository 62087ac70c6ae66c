/**
 * Peer client test: @discordjs/rest, unchanged, pointed at the emulator (Discord rate limits on) lists,
 * creates (201 then 200), edits, deletes (204), bulk overwrites, reads permissions and a channel by id,
 * and gets the documented errors as DiscordAPIError, a body's every field error printed as it printed Discord's.
 */
import { DiscordAPIError, REST, RequestMethod } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator({ rateLimits: 'discord' });
const clients: REST[] = [];
afterAll(() => {
  for (const client of clients) {
    client.clearHashSweeper();
    client.clearHandlerSweeper();
  }
});

function rest(prefix: 'Bot' | 'Bearer' = 'Bot'): REST {
  const e = emulator();
  const client = new REST({ api: `${e.origin}/api`, version: '10', authPrefix: prefix, retries: 0 }).setToken(prefix === 'Bot' ? e.botToken : e.userToken);
  clients.push(client);
  return client;
}

async function caught(promise: Promise<unknown>): Promise<DiscordAPIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DiscordAPIError) return error;
    throw error;
  }
  throw new Error('expected a DiscordAPIError');
}

describe('@discordjs/rest against the emulator', () => {
  it('lists, creates (201 then 200), edits, deletes (204)', async () => {
    const e = emulator();
    const client = rest();
    const listed = (await client.get(Routes.applicationCommands(e.applicationId))) as { name: string }[];
    expect(listed.length).toBeGreaterThanOrEqual(30);

    const body = { name: 'peer', description: 'Created by @discordjs/rest' };
    const fullRoute = Routes.applicationCommands(e.applicationId);
    const first = await client.queueRequest({ method: RequestMethod.Post, fullRoute, body });
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string };
    const second = await client.queueRequest({ method: RequestMethod.Post, fullRoute, body });
    expect(second.status).toBe(200);
    expect(((await second.json()) as { id: string }).id).toBe(created.id);

    const edited = (await client.patch(Routes.applicationCommand(e.applicationId, created.id), { body: { description: 'Edited' } })) as { description: string };
    expect(edited.description).toBe('Edited');
    const deleted = await client.queueRequest({ method: RequestMethod.Delete, fullRoute: Routes.applicationCommand(e.applicationId, created.id) });
    expect(deleted.status).toBe(204);
  });

  it('bulk overwrites a guild and reads its permissions', async () => {
    const e = emulator();
    const client = rest();
    const guildId = e.guildIds[1]!;
    const result = (await client.put(Routes.applicationGuildCommands(e.applicationId, guildId), {
      body: [{ name: 'race', description: 'Speedrun races, rewritten' }, { type: 3, name: 'Clip It' }],
    })) as { name: string; id: string }[];
    expect(result.map((c) => c.name)).toEqual(['race', 'Clip It']);
    const permissions = (await client.get(Routes.guildApplicationCommandsPermissions(e.applicationId, guildId))) as { id: string }[];
    expect(permissions.map((p) => p.id)).toContain(result[0]!.id);
    const user = rest('Bearer');
    const set = (await user.put(Routes.applicationCommandPermissions(e.applicationId, guildId, result[1]!.id), {
      body: { permissions: [{ id: guildId, type: 1, permission: false }] },
    })) as { permissions: unknown[] };
    expect(set.permissions).toHaveLength(1);
  });

  it('gets the documented errors', async () => {
    const e = emulator();
    const client = rest();
    const unknown = await caught(client.get(Routes.applicationCommand(e.applicationId, '123456789012345678')));
    expect([unknown.status, unknown.code]).toEqual([404, 10063]);
    const invalid = await caught(client.post(Routes.applicationCommands(e.applicationId), { body: { name: 'Bad Name', description: 'x' } }));
    expect([invalid.status, invalid.code]).toEqual([400, 50035]);
    expect(invalid.message).toContain('name[STRING_TYPE_REGEX]: String value did not match validation regex.');
    const bot = await caught(client.put(Routes.applicationCommandPermissions(e.applicationId, e.guildIds[0]!, e.applicationId), { body: { permissions: [] } }));
    expect([bot.status, bot.code]).toEqual([403, 20001]);
    const entryPoint = await caught(client.put(Routes.applicationCommands(e.applicationId), { body: [] }));
    expect([entryPoint.status, entryPoint.code]).toEqual([400, 50240]);
  });

  it('prints every error of a body, each line as it printed Discord\'s own (test/fixtures/discord/)', async () => {
    const e = emulator();
    const client = rest();
    const names = await caught(client.post(Routes.applicationCommands(e.applicationId), {
      body: { name: 'say', description: 'Repeats a text', type: 'CHAT_INPUT', options: [{ name: 'text', description: 'What to repeat', type: 'STRING' }] },
    }));
    // https://github.com/gonzyui/Discord-Template-V13/issues/8
    expect(names.message).toContain('options[0].type[NUMBER_TYPE_COERCE]: Value "STRING" is not int.');
    expect(names.message).toContain('type[NUMBER_TYPE_COERCE]: Value "CHAT_INPUT" is not int.');
    const ids = await caught(client.put(Routes.applicationGuildCommands('undefined', 'undefined'), { body: [] }));
    // https://github.com/CodyDimensions/Anonymous-Confession-bot/issues/1
    expect(ids.message).toContain('application_id[NUMBER_TYPE_COERCE]: Value "undefined" is not snowflake.');
    expect(ids.message).toContain('guild_id[NUMBER_TYPE_COERCE]: Value "undefined" is not snowflake.');
  });

  it('fetches a channel by id as discord.js does, and gets 10003 for an unknown one', async () => {
    const e = emulator();
    const client = rest();
    const channels = (await client.get(Routes.guildChannels(e.guildIds[0]!))) as { id: string }[];
    expect(await client.get(Routes.channel(channels[1]!.id))).toEqual(channels[1]);
    const unknown = await caught(client.get(Routes.channel('111111111111111111')));
    expect([unknown.status, unknown.code, unknown.message]).toEqual([404, 10003, 'Unknown Channel']);
  });
});

describe('serve’s baseUrl given to discord.js as rest.api (issue 40)', () => {
  it('answers the doubled version with a 404 that says what to pass instead, which discord.js shows as it is', async () => {
    const e = emulator();
    const client = new REST({ api: e.baseUrl, version: '10', retries: 0 }).setToken(e.botToken);
    clients.push(client);
    const refused = await caught(client.get(Routes.user('@me')));
    expect([refused.status, refused.code]).toEqual([404, 0]);
    expect(refused.message).toBe(`404: Not Found (the path repeats the API version, /api/v10/v10/…: discord.js adds /v10 to its rest.api option itself, so give it ${e.origin}/api, not serve's baseUrl, which ends in /api/v10)`);
    // What it says to pass works.
    const fixed = new REST({ api: `${e.origin}/api`, version: '10', retries: 0 }).setToken(e.botToken);
    clients.push(fixed);
    expect(await fixed.get(Routes.user('@me'))).toMatchObject({ bot: true });
  });
});
