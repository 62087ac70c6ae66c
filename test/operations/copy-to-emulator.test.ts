/**
 * An app's commands copied into an emulator to try them there (operations/copy-to-emulator.ts, emulator/copy-in.ts):
 * read over real HTTP from one emulator standing in for live Discord (the demo seed: commands, people,
 * overwrites) and put into another, as the TUI's Try screen and `serve --copy-commands` do. The ids stay,
 * the guild's people come along when they can be read (else the emulator's seeded ones, saying why), and
 * nothing is written where they were read.
 */
import { expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import type { DiscordApi } from '../../source/api/contract.js';
import { DiscordApiError } from '../../source/api/errors.js';
import { GLOBAL_SCOPE, guildScope } from '../../source/discord/model.js';
import { describeCopy, readAppCopy } from '../../source/operations/copy-to-emulator.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';

const live = useEmulator({ seed: 'demo' });
const target = useEmulator({ seed: 'empty' });

const liveApi = () => createDiscordApi({ baseUrl: live().baseUrl, credentials: { botToken: live().botToken }, applicationId: live().applicationId });
const targetApi = () => createDiscordApi({ baseUrl: target().baseUrl, credentials: { botToken: target().botToken }, applicationId: target().applicationId });
const ids = (commands: readonly { id: string; name: string }[]) => commands.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));

it("copies the global commands and the guild's with their ids, and the guild with its people under its own id", async () => {
  const source = await liveApi();
  const guildId = live().guildIds[0]!;
  const before = (await callControl(live(), 'GET', '/__emulator/requests')).body.length as number;
  const read = await readAppCopy(source, guildId);
  const result = target().copyIn(read.copy);

  const api = await targetApi();
  expect(ids(await api.listCommands(GLOBAL_SCOPE))).toEqual(ids(await source.listCommands(GLOBAL_SCOPE)));
  const guildCommands = await api.listCommands(guildScope(guildId), { withLocalizations: true });
  expect(ids(guildCommands)).toEqual(ids(await source.listCommands(guildScope(guildId))));
  // Stored as the emulator's app's, localizations and all.
  expect(guildCommands.every((command) => command.application_id === target().applicationId && command.guild_id === guildId)).toBe(true);
  expect(result.guild).toEqual({ id: guildId, name: 'Pixel Pal HQ', commands: guildCommands.length, people: 'copied' });

  // The people, as the bot of the emulator reads them there: the members, the roles, the channels the bot may view.
  const members = await api.listGuildMembers(guildId, { limit: 100 });
  const liveMembers = await source.listGuildMembers(guildId, { limit: 100 });
  const humans = (list: typeof members) => list.filter((member) => member.user && !(member.user as { bot?: boolean }).bot).map((member) => member.user!.username).sort();
  expect(humans(members)).toEqual(humans(liveMembers));
  expect((await api.getGuildRoles(guildId)).map((role) => role.name).sort()).toEqual((await source.getGuildRoles(guildId)).map((role) => role.name).sort());
  // The emulator's bot stands in for the app's: its roles, so it sees the channels the app's bot sees (#mod-log is hidden from both).
  expect((await api.getGuildChannels(guildId)).map((channel) => channel.name)).toEqual((await source.getGuildChannels(guildId)).map((channel) => channel.name));
  expect((await api.getGuild(guildId)).owner_id).toBe((await source.getGuild(guildId)).owner_id);

  // Overwrites: per command as they were, the app-level list now the emulator's app's.
  const copiedOverwrites = await api.listGuildPermissions(guildId);
  const liveOverwrites = await source.listGuildPermissions(guildId);
  expect(copiedOverwrites.length).toBe(liveOverwrites.length);
  for (const list of liveOverwrites) {
    const id = list.id === live().applicationId ? target().applicationId : list.id;
    expect(copiedOverwrites.find((copied) => copied.id === id)?.permissions).toEqual(list.permissions);
  }
  expect(describeCopy(result, read)).toMatch(/^Copied \d+ global commands and \d+ commands of Pixel Pal HQ \(ids kept\), with its roles, channels and first 100 members as read\.$/);

  // Only reads went to where the commands live.
  const requests = (await callControl(live(), 'GET', '/__emulator/requests')).body as { method: string }[];
  expect(requests.slice(before).every((request) => request.method === 'GET')).toBe(true);
});

it("copied again, the commands of each scope are replaced, not added to", async () => {
  const source = await liveApi();
  const guildId = live().guildIds[0]!;
  target().copyIn((await readAppCopy(source, guildId)).copy);
  target().copyIn((await readAppCopy(source, guildId)).copy);
  const api = await targetApi();
  expect((await api.listCommands(GLOBAL_SCOPE)).length).toBe((await source.listCommands(GLOBAL_SCOPE)).length);
});

it("a guild whose people cannot be read gets its commands tried in the emulator's seeded guild, with its people, and says why", async () => {
  const source = await liveApi();
  const guildId = live().guildIds[1]!;
  const refusing: DiscordApi = new Proxy(source, {
    get: (api, property, receiver) =>
      property === 'getGuildRoles'
        ? () => Promise.reject(new DiscordApiError(403, 50001, 'Discord refused GET /guilds/{id}/roles: Missing Access', 'GET', `/guilds/${guildId}/roles`))
        : Reflect.get(api, property, receiver),
  });
  const read = await readAppCopy(refusing, guildId);
  expect(read.peopleProblem).toContain('Missing Access');
  const result = target().copyIn(read.copy);
  // The emulator's own first guild (the guild copied in by the first test is listed before it).
  const seeded = target().guildIds.find((id) => !live().guildIds.includes(id))!;
  expect(result.guild).toMatchObject({ id: seeded, people: 'seeded' });
  const commands = (await call(target(), 'GET', `/applications/${target().applicationId}/guilds/${seeded}/commands`, { auth: botAuth(target()) })).body as { id: string }[];
  expect(commands.map((command) => command.id).sort()).toEqual((await source.listCommands(guildScope(guildId))).map((command) => command.id).sort());
  expect(describeCopy(result, read)).toBe(
    `Copied ${result.global} global commands and ${result.guild!.commands} commands of Speedrun Club (ids kept) into the emulator's guild Pixel Pal HQ, with its seeded people: Speedrun Club's members, roles and channels could not be read (${read.peopleProblem}).`,
  );
});

it('with no guild in view, only the global commands are copied, to try in a seeded guild', async () => {
  const read = await readAppCopy(await liveApi(), undefined);
  const result = target().copyIn(read.copy);
  expect(result.guild).toMatchObject({ id: target().guildIds.find((id) => !live().guildIds.includes(id)), commands: 0, people: 'seeded' });
  expect(describeCopy(result, read)).toMatch(/^Copied \d+ global commands \(ids kept\); with no guild to copy, they are tried in the emulator's guild Pixel Pal HQ, with its seeded people\.$/);
});

it('credentials that cannot read the commands copy nothing: the error is the API\'s', async () => {
  const broken = await createDiscordApi({ baseUrl: live().baseUrl, credentials: { botToken: 'emu-bot-not-a-real-token' }, applicationId: live().applicationId });
  await expect(readAppCopy(broken, undefined)).rejects.toBeInstanceOf(DiscordApiError);
});

it("a member list refused (Discord's privileged Server Members intent) and overwrites refused still copy the guild: its roles, channels, owner and bot, saying what is missing and why", async () => {
  const source = await liveApi();
  const guildId = live().guildIds[1]!;
  const refused = (route: string) => () => Promise.reject(new DiscordApiError(403, 50001, `Discord refused GET ${route}: Missing Access`, 'GET', route));
  const refusing: DiscordApi = new Proxy(source, {
    get: (api, property, receiver) =>
      property === 'listGuildMembers' ? refused(`/guilds/${guildId}/members`) : property === 'listGuildPermissions' ? refused('/commands/permissions') : Reflect.get(api, property, receiver),
  });
  const read = await readAppCopy(refusing, guildId);
  expect(read.peopleProblem).toBeUndefined();
  const result = target().copyIn(read.copy);
  expect(result.guild).toMatchObject({ id: guildId, people: 'copied' });
  const api = await targetApi();
  const owner = (await source.getGuild(guildId)).owner_id;
  const members = await api.listGuildMembers(guildId, { limit: 100 });
  expect(members.map((member) => member.user!.id).sort()).toEqual([owner, target().seeded.botUserId].sort());
  expect((await api.getGuildRoles(guildId)).map((role) => role.name).sort()).toEqual((await source.getGuildRoles(guildId)).map((role) => role.name).sort());
  expect(await api.listGuildPermissions(guildId)).toEqual([]);
  expect(describeCopy(result, read)).toBe(
    `Copied ${result.global} global commands and ${result.guild!.commands} commands of Speedrun Club (ids kept), with its roles and channels as read; its member list could not be read (Discord refused GET /guilds/${guildId}/members: Missing Access), so only its owner and the app's bot are there; its command permissions could not be read (Discord refused GET /commands/permissions: Missing Access), so none are set there.`,
  );
  // try runs there, as its owner.
  const tried = await callControl(target(), 'POST', '/__emulator/interactions', { json: { name: 'race', path: ['join'] } });
  expect(tried.status, JSON.stringify(tried.body)).toBe(409);
  expect(tried.body.reason).toBe('no-bot');
});
