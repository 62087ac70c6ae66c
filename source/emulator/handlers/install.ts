/**
 * Discord's "add to server" flow on /oauth2/authorize: `scope` of `applications.commands` and/or
 * `bot` with a `guild_id` and no `response_type` / `redirect_uri` — nothing is exchanged; authorizing
 * installs the app in the guild (and adds its bot with `bot`). This is what the install address in
 * cmd-tui's 50001 hint opens. The installing user needs MANAGE_GUILD there. A bot that joins gets the
 * guild's GUILD_CREATE on its gateway sessions.
 */
import { consentPage, errorPage } from '../consent-page.js';
import { guildCreateEvent } from '../gateway/events.js';
import { GUILDS_INTENT } from '../gateway/protocol.js';
import { memberGuildPermissions } from '../guild-access.js';
import { formBody, type Handler, type Reply, type World } from '../request-context.js';
import type { GuildRecord } from '../state.js';
import { hasPermission } from '../../discord/permission-flags.js';

const INSTALL_SCOPES = new Set(['applications.commands', 'bot']);
const INSTALL_FIELDS = ['client_id', 'scope', 'guild_id', 'disable_guild_select', 'permissions', 'integration_type'] as const;

/** An install request is one without the code flow's fields, asking only for install scopes. */
export function isInstallRequest(params: URLSearchParams): boolean {
  if (params.has('response_type') || params.has('redirect_uri')) return false;
  const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
  return scopes.length > 0 && scopes.every((scope) => INSTALL_SCOPES.has(scope));
}

type InstallCheck = { ok: true; guild: GuildRecord; scopes: string[]; fields: Record<string, string> } | { ok: false; reply: Reply };

function checkInstall(params: URLSearchParams, world: World): InstallCheck {
  const app = world.state.application;
  const fields: Record<string, string> = {};
  for (const name of INSTALL_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  if (fields.client_id !== app.id) {
    return { ok: false, reply: { status: 400, html: errorPage('Unknown application', `client_id "${fields.client_id ?? ''}" is not an application of this emulator.`) } };
  }
  const guild = world.state.guilds[fields.guild_id ?? ''];
  if (!guild) return { ok: false, reply: { status: 400, html: errorPage('Unknown server', `guild_id "${fields.guild_id ?? ''}" is not a server of this emulator.`) } };
  return { ok: true, guild, scopes: (fields.scope ?? '').split(' ').filter(Boolean), fields };
}

function installers(world: World, guild: GuildRecord) {
  return Object.values(world.state.users)
    .filter((user) => !user.bot && guild.members[user.id])
    .map((user) => ({ id: user.id, label: `${user.global_name ?? user.username} (@${user.username})` }));
}

export const showInstall: Handler = (ctx, world) => {
  const check = checkInstall(ctx.query, world);
  if (!check.ok) return check.reply;
  const app = world.state.application;
  return {
    status: 200,
    html: consentPage({
      appName: app.name,
      action: ctx.rawPath,
      scopes: check.scopes,
      afterwards: `${app.name} will be added to ${check.guild.name}.`,
      fields: check.fields,
      users: installers(world, check.guild),
      selectedUserId: app.ownerId,
    }),
  };
};

export const submitInstall: Handler = (ctx, world) => {
  const form = formBody(ctx);
  const check = checkInstall(form, world);
  if (!check.ok) return check.reply;
  const { guild, scopes } = check;
  const app = world.state.application;
  if (form.get('action') !== 'authorize') return { status: 200, html: errorPage('Not added', `${app.name} was not added to ${guild.name}.`) };
  const userId = form.get('user_id') ?? app.ownerId;
  if (!hasPermission(memberGuildPermissions(guild, userId), 'MANAGE_GUILD')) {
    return { status: 403, html: errorPage('Missing permission', `Adding ${app.name} to ${guild.name} needs the Manage Server permission there.`) };
  }
  guild.appInstalled = true;
  const joins = scopes.includes('bot') && !guild.members[app.botUserId];
  if (joins) guild.members[app.botUserId] = { roles: [], nick: null, joined_at: new Date(world.clock()).toISOString() };
  world.changed();
  // The bot joined a guild: its sessions with the GUILDS intent (on the guild's shard) get the guild, as
  // after IDENTIFY (DOCS/EVENTS "Guild Create": sent "when the current user joins a new Guild").
  if (joins) world.gateway?.dispatch({ name: 'GUILD_CREATE', data: guildCreateEvent(world, guild), guildId: guild.id, intents: GUILDS_INTENT });
  return { status: 200, html: errorPage('Authorized', `${app.name} was added to ${guild.name}. You can close this window.`) };
};
