/**
 * A guild for the permissions editor's component tests: roles, channels (one hidden from the bot),
 * a member, a guild command with overwrites of every kind (a deleted role included) and app-level
 * defaults; an API that records each PUT and knows whether it holds a user token.
 */
import { AuthRequiredError, DiscordApiError } from '../../../source/api/errors.js';
import type { AuthKind } from '../../../source/api/contract.js';
import { allChannelsId, everyoneId, type Channel, type Command, type GuildCommandPermissions, type Member, type PermissionOverwrite, type Role } from '../../../source/discord/model.js';
import { permissionBits } from '../../../source/discord/permission-flags.js';
import { APP_ID, FakeApi, GUILD_ID, makeCommand } from '../helpers/fake-api.js';
import { renderApp } from '../helpers/app.js';

export const ROLE = { moderator: '500000000000000001', helper: '500000000000000002', deleted: '500000000000000099' };
export const CHANNEL = { general: '600000000000000001', reports: '600000000000000002', hidden: '600000000000000009' };
export const ALICE = '700000000000000001';
/** A member no overwrite names: found only by the member search or by id. */
export const BOB = '700000000000000002';

export class PermissionsApi extends FakeApi {
  kinds: AuthKind[] = ['bot', 'user'];
  roles: Role[] = [
    { id: GUILD_ID, name: '@everyone', position: 0, permissions: permissionBits(['VIEW_CHANNEL', 'SEND_MESSAGES', 'USE_APPLICATION_COMMANDS']) },
    { id: ROLE.moderator, name: 'Moderator', position: 2, permissions: permissionBits(['BAN_MEMBERS']) },
    { id: ROLE.helper, name: 'Helper', position: 1, permissions: '0' },
  ];
  channels: Channel[] = [
    { id: CHANNEL.general, type: 0, name: 'general', position: 1 },
    { id: CHANNEL.reports, type: 0, name: 'reports', position: 2 },
  ];
  members: Member[] = [
    { user: { id: ALICE, username: 'alice' }, nick: null, roles: [ROLE.helper] },
    { user: { id: BOB, username: 'bob', global_name: 'Bob' }, nick: null, roles: [] },
  ];
  puts: { guildId: string; commandId: string; overwrites: PermissionOverwrite[] }[] = [];

  override authKinds(): AuthKind[] {
    return this.kinds;
  }
  override async getGuildRoles() {
    return this.roles;
  }
  override async getGuildChannels() {
    return this.channels;
  }
  override async getGuildMember(_guildId: string, userId: string): Promise<Member> {
    const member = this.members.find((m) => m.user?.id === userId);
    if (!this.kinds.includes('bot')) throw new AuthRequiredError(['bot'], 'needs a bot token', 'set one');
    if (!member) throw new DiscordApiError(404, 10007, 'Unknown Member', 'GET', `/guilds/${GUILD_ID}/members/${userId}`);
    return member;
  }
  override async listGuildMembers(_guildId: string, { limit, after }: { limit: number; after?: string }): Promise<Member[]> {
    this.calls.push(`members ${limit}`);
    return this.members.filter((m) => after === undefined || BigInt(m.user?.id ?? 0) > BigInt(after)).slice(0, limit);
  }
  override async searchGuildMembers(_guildId: string, query: string, limit: number): Promise<Member[]> {
    this.calls.push(`search ${query}`);
    const needle = query.toLowerCase();
    return this.members.filter((m) => [m.user?.username, m.nick].some((name) => name?.toLowerCase().startsWith(needle))).slice(0, limit);
  }
  override async setCommandPermissions(guildId: string, commandId: string, overwrites: PermissionOverwrite[]): Promise<GuildCommandPermissions> {
    if (!this.kinds.includes('user')) throw new AuthRequiredError(['user'], 'needs a user', 'sign in');
    this.calls.push(`put ${commandId}`);
    const failure = this.failNext;
    if (failure) {
      this.failNext = undefined;
      throw failure;
    }
    this.puts.push({ guildId, commandId, overwrites });
    const entry = { id: commandId, application_id: APP_ID, guild_id: guildId, permissions: overwrites };
    this.permissions = [...this.permissions.filter((p) => p.id !== commandId), entry];
    return entry;
  }
}

export function setOverwrites(api: FakeApi, id: string, permissions: PermissionOverwrite[]): void {
  api.permissions = [...api.permissions.filter((p) => p.id !== id), { id, application_id: APP_ID, guild_id: GUILD_ID, permissions }];
}

/** `/ban` in the guild, with a role, a hidden channel, a member and a deleted role; app-level: only #general. */
export function guildWithBan(): { api: PermissionsApi; ban: Command } {
  const ban = makeCommand({ name: 'ban', default_member_permissions: permissionBits(['BAN_MEMBERS']) }, { kind: 'guild', guildId: GUILD_ID });
  const api = new PermissionsApi([], [ban]);
  setOverwrites(api, ban.id, [
    { id: ROLE.moderator, type: 1, permission: true },
    { id: CHANNEL.hidden, type: 3, permission: false },
    { id: ALICE, type: 2, permission: true },
    { id: ROLE.deleted, type: 1, permission: true },
  ]);
  setOverwrites(api, APP_ID, [
    { id: allChannelsId(GUILD_ID), type: 3, permission: false },
    { id: CHANNEL.general, type: 3, permission: true },
  ]);
  return { api, ban };
}

export { everyoneId, GUILD_ID, APP_ID };

/** The app in the guild's scope, on the permissions screen of the first command. */
export async function openPermissions(api: PermissionsApi, commandName = 'ban') {
  const app = await renderApp(api, { columns: 110, rows: 32 });
  await app.waitForText('No commands in Global');
  await app.press('scope');
  await app.chord('down');
  await app.chord('enter');
  await app.waitForText(commandName);
  await app.pressAndWait('permissions', `Overwrites of /${commandName}`);
  return app;
}
