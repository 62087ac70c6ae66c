/**
 * Bot libraries from npm, unmodified, pointed at the built `cmd-tui serve --rate-limits discord` with only
 * their base URL changed, as a bot author testing offline would (issue 22): oceanic.js and seyfert's REST client (beside @discordjs/rest in
 * discordjs-rest-peer.test.ts) list, create, edit, delete and bulk-overwrite commands, read and set
 * permissions, read users, guilds, roles and channels, a channel and a role by id too (parsing them into their own classes), ride out a
 * burst under Discord's rate limits, and get their own error types on a 50035; list and search guild members.
 */
import { Client, DiscordRESTError, TextChannel, VoiceChannel } from 'oceanic.js';
import { ApiHandler } from 'seyfert';
import { afterAll, describe, expect, it } from 'vitest';
import { useServe } from '../helpers/serve.js';
import { fetchControl } from '../helpers/emulator-control.js';

const emulator = useServe(['--rate-limits', 'discord']);

/** The emulator's test-only reset (serve's world as it started), between tests that count creates. */
async function reset(): Promise<void> {
  await fetchControl(emulator(), '/__emulator/reset', { method: 'POST' });
}

/** A user the bot can look up: the signed-in admin, as the user token names them. */
async function someUserId(): Promise<string> {
  const me = await fetch(`${emulator().baseUrl}/users/@me`, { headers: { authorization: `Bearer ${emulator().userToken}` } });
  return ((await me.json()) as { id: string }).id;
}

const oceanicClients: Client[] = [];
afterAll(() => {
  for (const client of oceanicClients) client.disconnect(false);
});

/** A REST-only client, the way oceanic.js documents it: rest mode reads the application and bot user first. */
async function oceanic(): Promise<Client> {
  const e = emulator();
  const client = new Client({ auth: `Bot ${e.botToken}`, rest: { baseURL: e.baseUrl } });
  oceanicClients.push(client);
  return client.restMode(false);
}

function seyfert(type: 'Bot' | 'Bearer' = 'Bot'): ApiHandler {
  const e = emulator();
  return new ApiHandler({ token: type === 'Bot' ? e.botToken : e.userToken, type, domain: e.origin, baseUrl: 'api/v10' });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('oceanic.js against the emulator', () => {
  it('commands: list, create, edit, delete, bulk overwrite; permissions read and set', async () => {
    const e = emulator();
    await reset();
    const rest = (await oceanic()).rest;
    const listed = await rest.applications.getGlobalCommands(e.applicationId);
    expect(listed.length).toBeGreaterThanOrEqual(30);
    const created = await rest.applications.createGlobalCommand(e.applicationId, { type: 1, name: 'oceanic', description: 'Made by oceanic.js' });
    expect(created).toMatchObject({ name: 'oceanic', applicationID: e.applicationId });
    const edited = await rest.applications.editGlobalCommand(e.applicationId, created.id, { description: 'Edited by oceanic.js' });
    expect(edited.description).toBe('Edited by oceanic.js');
    await rest.applications.deleteGlobalCommand(e.applicationId, created.id);

    const guildId = e.guildIds[1]!;
    const set = await rest.applications.bulkEditGuildCommands(e.applicationId, guildId, [
      { type: 1, name: 'race', description: 'Speedrun races' },
      { type: 3, name: 'Clip It' },
    ]);
    expect(set.map((command) => command.name)).toEqual(['race', 'Clip It']);
    const permissions = await rest.applications.getGuildPermissions(e.applicationId, guildId);
    expect(Array.isArray(permissions)).toBe(true);
    const written = await rest.applications.editGuildCommandPermissions(e.applicationId, guildId, set[0]!.id, {
      accessToken: `Bearer ${e.userToken}`,
      permissions: [{ id: guildId, type: 1, permission: false }],
    });
    expect(written.permissions).toEqual([{ id: guildId, type: 1, permission: false }]);
  });

  it('users, guilds, roles, channels and members parse into its classes', async () => {
    const e = emulator();
    const rest = (await oceanic()).rest;
    const userId = await someUserId();
    const user = await rest.users.get(userId);
    expect(user.id).toBe(userId);
    const guild = await rest.guilds.get(e.guildIds[0]!);
    expect(guild.id).toBe(e.guildIds[0]);
    const roles = await rest.guilds.getRoles(e.guildIds[0]!);
    expect(roles.some((role) => role.id === e.guildIds[0])).toBe(true);
    const channels = await rest.guilds.getChannels(e.guildIds[0]!);
    expect(channels.map((channel) => channel.name)).toContain('general');
    // A channel by id, as a bot fetches one it does not have cached: the same channel, in its own class.
    for (const [name, kind] of [['general', TextChannel], ['Lounge', VoiceChannel]] as const) {
      const listed = channels.find((channel) => channel.name === name)!;
      const fetched = await rest.channels.get<typeof listed>(listed.id);
      expect(fetched).toBeInstanceOf(kind);
      const fields = ({ id, name, type, guildID, parentID, position }: typeof listed) => ({ id, name, type, guildID, parentID, position });
      expect(fields(fetched)).toEqual(fields(listed));
    }
    const unknown = await rejection(rest.channels.get('111111111111111111'));
    expect([unknown instanceof DiscordRESTError, (unknown as DiscordRESTError).code]).toEqual([true, 10003]);
    const role = await rest.guilds.getRole(e.guildIds[0]!, roles[1]!.id);
    expect([role.id, role.name, role.permissions.allow]).toEqual([roles[1]!.id, roles[1]!.name, roles[1]!.permissions.allow]);
    const members = await rest.guilds.getMembers(e.guildIds[0]!, { limit: 10 });
    expect(members.map((member) => member.id)).toContain(userId);
    const found = await rest.guilds.searchMembers(e.guildIds[0]!, { query: 'ada', limit: 5 });
    expect(found.map((member) => member.user.username)).toContain('ada');
  });

  it('rides out a burst of creates under Discord\'s rate limits', async () => {
    const e = emulator();
    await reset();
    const rest = (await oceanic()).rest;
    const guildId = e.guildIds[2]!;
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => rest.applications.createGuildCommand(e.applicationId, guildId, { type: 1, name: `burst-${i}`, description: 'Burst' })),
    );
    expect(made).toHaveLength(8);
  }, 30_000);

  it('raises its own DiscordRESTError with Discord\'s code on a 50035', async () => {
    const e = emulator();
    const error = await rejection((await oceanic()).rest.applications.createGlobalCommand(e.applicationId, { type: 1, name: 'Bad Name', description: 'x' }));
    expect(error).toBeInstanceOf(DiscordRESTError);
    expect((error as DiscordRESTError).code).toBe(50035);
    expect((error as DiscordRESTError).message).toContain('String value did not match validation regex.');
  });
});

describe('seyfert against the emulator', () => {
  it('commands: list, create, edit, delete, bulk overwrite; permissions read and set', async () => {
    const e = emulator();
    await reset();
    const app = seyfert().proxy.applications(e.applicationId);
    const listed = await app.commands.get();
    expect(listed.length).toBeGreaterThanOrEqual(30);
    const created = await app.commands.post({ body: { name: 'seyfert', description: 'Made by seyfert' } });
    expect(created.name).toBe('seyfert');
    const edited = await app.commands(created.id).patch({ body: { description: 'Edited by seyfert' } });
    expect(edited.description).toBe('Edited by seyfert');
    await app.commands(created.id).delete();

    const guildId = e.guildIds[1]!;
    const set = await app.guilds(guildId).commands.put({ body: [{ name: 'race', description: 'Speedrun races' }, { type: 3, name: 'Clip It' }] });
    expect(set.map((command) => command.name)).toEqual(['race', 'Clip It']);
    const permissions = await app.guilds(guildId).commands.permissions.get();
    expect(Array.isArray(permissions)).toBe(true);
    const written = await seyfert('Bearer').proxy.applications(e.applicationId).guilds(guildId).commands(set[0]!.id).permissions.put({
      body: { permissions: [{ id: guildId, type: 1, permission: false }] },
    });
    expect(written.permissions).toEqual([{ id: guildId, type: 1, permission: false }]);
  });

  it('users, guilds, roles, channels and members', async () => {
    const e = emulator();
    const api = seyfert().proxy;
    const userId = await someUserId();
    expect((await api.users(userId).get()).id).toBe(userId);
    expect((await api.guilds(e.guildIds[0]!).get()).id).toBe(e.guildIds[0]);
    const channels = await api.guilds(e.guildIds[0]!).channels.get();
    expect(channels.map((channel) => channel.name)).toContain('general');
    for (const listed of channels) expect(await api.channels(listed.id).get()).toEqual(listed);
    const roles = await api.guilds(e.guildIds[0]!).roles.get();
    expect(await api.guilds(e.guildIds[0]!).roles(roles[1]!.id).get()).toEqual(roles[1]);
    expect((await api.guilds(e.guildIds[0]!).members.get({ query: { limit: 10 } })).map((member) => member.user.id)).toContain(userId);
    expect((await api.guilds(e.guildIds[0]!).members.search.get({ query: { query: 'ada', limit: 5 } })).map((member) => member.user.username)).toContain('ada');
  });

  it('rides out a burst of creates under Discord\'s rate limits', async () => {
    const e = emulator();
    await reset();
    const commands = seyfert().proxy.applications(e.applicationId).guilds(e.guildIds[2]!).commands;
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => commands.post({ body: { name: `burst-${i}`, description: 'Burst' } })));
    expect(made).toHaveLength(8);
  }, 30_000);

  it('raises its own error naming Discord\'s code and field on a 50035', async () => {
    const e = emulator();
    const error = await rejection(seyfert().proxy.applications(e.applicationId).commands.post({ body: { name: 'Bad Name', description: 'x' } }));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('50035');
    expect((error as Error & { metadata?: { detail?: string } }).metadata?.detail).toContain('name [STRING_TYPE_REGEX]: String value did not match validation regex.');
  });
});
