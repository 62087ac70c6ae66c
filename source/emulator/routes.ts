/**
 * Every route the emulator serves, in one table: the API under `/api[/v9|/v10]` (paths from facts §3, §7,
 * §9; the guild reads bot libraries call, listed in the README's emulator section), what Discord serves
 * beside it at the site root (the consent page, OpenID discovery, the CDN of interaction attachments), and
 * the test-only `/__emulator/*` routes. A new group of routes is a handlers/ module and its lines here.
 */
import * as commands from './handlers/commands.js';
import * as application from './handlers/application.js';
import * as gateway from './handlers/gateway.js';
import * as guildReads from './handlers/guild-reads.js';
import * as interactions from './handlers/interactions.js';
import * as oauth2 from './handlers/oauth2.js';
import * as control from './handlers/control.js';
import { getDiscoveryDocument, getSigningKeys } from './openid.js';
import { serveAttachment, UPLOAD_BODY, uploadAttachment } from './interactions/attachment-routes.js';
import * as members from './handlers/members.js';
import * as permissions from './handlers/permissions.js';
import * as pickers from './handlers/pickers.js';
import type { Route } from './router.js';

const APP = '/applications/:application_id';
const GUILD_COMMANDS = `${APP}/guilds/:guild_id/commands`;
const ORIGINAL = '/webhooks/:webhook_id/:webhook_token/messages/@original';
/** A file's CDN address; `channel` and `attachment` are not `_id`s: a wrong one is the CDN's 404, not a 400. */
const FILE = '/ephemeral-attachments/:channel/:attachment/:filename';
const SITE = { at: ['root'], authenticated: false, limited: false } as const;
const CONTROL = { at: ['control'], authenticated: false } as const;

export const ROUTES: readonly Route[] = [
  { method: 'GET', pattern: `${APP}/commands`, handler: commands.listCommands },
  { method: 'POST', pattern: `${APP}/commands`, handler: commands.createCommand },
  { method: 'PUT', pattern: `${APP}/commands`, handler: commands.overwriteCommands },
  { method: 'GET', pattern: `${APP}/commands/:command_id`, handler: commands.getCommand },
  { method: 'PATCH', pattern: `${APP}/commands/:command_id`, handler: commands.patchCommand },
  { method: 'DELETE', pattern: `${APP}/commands/:command_id`, handler: commands.removeCommand },
  { method: 'GET', pattern: GUILD_COMMANDS, handler: commands.listCommands },
  { method: 'POST', pattern: GUILD_COMMANDS, handler: commands.createCommand },
  { method: 'PUT', pattern: GUILD_COMMANDS, handler: commands.overwriteCommands },
  { method: 'GET', pattern: `${GUILD_COMMANDS}/:command_id`, handler: commands.getCommand },
  { method: 'PATCH', pattern: `${GUILD_COMMANDS}/:command_id`, handler: commands.patchCommand },
  { method: 'DELETE', pattern: `${GUILD_COMMANDS}/:command_id`, handler: commands.removeCommand },
  // No PUT here: batch permission edits were removed with permissions v2, so the router answers 405.
  { method: 'GET', pattern: `${GUILD_COMMANDS}/permissions`, handler: permissions.listGuildPermissions },
  { method: 'GET', pattern: `${GUILD_COMMANDS}/:command_id/permissions`, handler: permissions.getCommandPermissions },
  { method: 'PUT', pattern: `${GUILD_COMMANDS}/:command_id/permissions`, handler: permissions.putCommandPermissions },
  { method: 'GET', pattern: '/applications/@me', handler: pickers.getApplication },
  { method: 'PATCH', pattern: '/applications/@me', handler: application.editApplication },
  // Answering interactions: the token in the path is the credential (DOCS/RR "Interaction Response Endpoints").
  { method: 'POST', pattern: '/interactions/:interaction_id/:interaction_token/callback', handler: interactions.interactionCallback, authenticated: false },
  { method: 'POST', pattern: '/webhooks/:webhook_id/:webhook_token', handler: interactions.executeFollowUp, authenticated: false },
  { method: 'GET', pattern: ORIGINAL, handler: interactions.getOriginal, authenticated: false },
  { method: 'PATCH', pattern: ORIGINAL, handler: interactions.editOriginal, authenticated: false },
  { method: 'DELETE', pattern: ORIGINAL, handler: interactions.deleteOriginal, authenticated: false },
  { method: 'GET', pattern: '/gateway', handler: gateway.getGateway, authenticated: false },
  { method: 'GET', pattern: '/gateway/bot', handler: gateway.getGatewayBot },
  { method: 'GET', pattern: '/oauth2/applications/@me', handler: pickers.getBotApplication },
  { method: 'GET', pattern: '/users/@me', handler: pickers.getCurrentUser },
  { method: 'GET', pattern: '/users/@me/guilds', handler: pickers.getCurrentUserGuilds },
  { method: 'GET', pattern: '/users/:user_id', handler: pickers.getUser },
  { method: 'GET', pattern: '/guilds/:guild_id', handler: pickers.getGuild },
  { method: 'GET', pattern: '/guilds/:guild_id/preview', handler: guildReads.getGuildPreview },
  { method: 'GET', pattern: '/guilds/:guild_id/roles', handler: pickers.getGuildRoles },
  { method: 'GET', pattern: '/guilds/:guild_id/roles/member-counts', handler: guildReads.getRoleMemberCounts },
  { method: 'GET', pattern: '/guilds/:guild_id/roles/:role_id', handler: guildReads.getGuildRole },
  { method: 'GET', pattern: '/guilds/:guild_id/channels', handler: pickers.getGuildChannels },
  { method: 'GET', pattern: '/guilds/:guild_id/threads/active', handler: guildReads.getActiveThreads },
  { method: 'GET', pattern: '/channels/:channel_id', handler: guildReads.getChannel },
  { method: 'GET', pattern: '/guilds/:guild_id/members', handler: members.listGuildMembers },
  { method: 'GET', pattern: '/guilds/:guild_id/members/search', handler: members.searchGuildMembers },
  { method: 'GET', pattern: '/guilds/:guild_id/members/:user_id', handler: members.getGuildMember },
  // The consent page is also served at the unversioned /oauth2/authorize (facts §10); a page for browsers, never faulted.
  { method: 'GET', pattern: '/oauth2/authorize', handler: oauth2.showConsent, at: ['api', 'root'], authenticated: false, limited: false },
  { method: 'POST', pattern: '/oauth2/authorize', handler: oauth2.submitConsent, at: ['api', 'root'], authenticated: false, limited: false },
  { method: 'POST', pattern: '/oauth2/token', handler: oauth2.token, authenticated: false },
  { method: 'POST', pattern: '/oauth2/token/revoke', handler: oauth2.revoke, authenticated: false },
  { method: 'GET', pattern: '/oauth2/keys', handler: getSigningKeys, authenticated: false },
  { method: 'GET', pattern: '/oauth2/@me', handler: oauth2.currentAuthorization },
  { method: 'GET', pattern: '/oauth2/userinfo', handler: oauth2.userInfo },

  // OpenID Connect Discovery 1.0 §4: at the site root, beside /oauth2/authorize.
  { method: 'GET', pattern: '/.well-known/openid-configuration', handler: getDiscoveryDocument, ...SITE },
  // The CDN addresses of files sent with an interaction (interactions/attachment-routes.ts).
  { method: 'GET', pattern: FILE, handler: serveAttachment, ...SITE },
  { method: 'HEAD', pattern: FILE, handler: serveAttachment, ...SITE },
  { method: 'GET', pattern: `/media${FILE}`, handler: serveAttachment, ...SITE },
  { method: 'HEAD', pattern: `/media${FILE}`, handler: serveAttachment, ...SITE },
  // Test-only: the client's side of an interaction for `cmd-tui try`, and a look inside (handlers/control.ts).
  { method: 'POST', pattern: '/__emulator/attachments', handler: uploadAttachment, body: UPLOAD_BODY, ...CONTROL },
  { method: 'POST', pattern: '/__emulator/interactions', handler: control.tryInteraction, ...CONTROL },
  { method: 'GET', pattern: '/__emulator/interactions/:interaction_id', handler: control.showInteraction, ...CONTROL },
  { method: 'POST', pattern: '/__emulator/interactions/:interaction_id/modal', handler: control.submitInteractionModal, ...CONTROL },
  { method: 'POST', pattern: '/__emulator/messages/:message_id/components/:custom', handler: control.pressMessageComponent, ...CONTROL },
  { method: 'GET', pattern: '/__emulator/requests', handler: control.listRequests, ...CONTROL },
  { method: 'POST', pattern: '/__emulator/reset', handler: control.resetWorld, ...CONTROL },
];
