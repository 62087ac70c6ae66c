/**
 * The emulator playing Discord's client for `cmd-tui try` (the test-only `POST /__emulator/interactions`):
 * it finds the command as the client's picker would (the guild's commands, then the global ones), refuses
 * when that member could not see it in that channel (the who-can-use engine) or when a value breaks the
 * client's rules (discord/option-values.ts), then delivers the interaction to the app's endpoint (without
 * one, to its bot on the gateway as INTERACTION_CREATE) and answers at once with its id;
 * `GET /__emulator/interactions/{id}` shows what the user sees so far.
 */
import { hiddenCommandReason } from '../../discord/member-access.js';
import { LOCALES, PermissionType, scopeKey, type Channel, type Command } from '../../discord/model.js';
import { fillOptions, type InteractionOption } from '../../discord/option-values.js';
import { describeTarget } from '../../discord/overwrite-targets.js';
import { userObject } from '../handlers/pickers.js';
import type { Reply, World } from '../request-context.js';
import { defaultGuild, installedGuilds, type GuildRecord } from '../state.js';
import { defaultTryChannel, defaultTryMember } from '../../discord/try-place.js';
import { deliver } from './delivery.js';
import { applicationCommandInteraction } from './payload.js';
import { chosenUploads, uploadProblems } from './attachment-options.js';
import { InteractionType } from '../../discord/interaction-kinds.js';
import type { EntityLookup } from '../../discord/option-values.js';
import type { InteractionRecord, InteractionStore } from './store.js';
import { fakeSecret } from '../seed.js';

export interface TryRequest {
  name: string;
  /** Subcommand group and subcommand names. */
  path: string[];
  guildId?: string;
  channelId?: string;
  userId?: string;
  locale?: string;
  options: Record<string, string>;
  /** The option being typed in: an autocomplete interaction (type 4) instead of the command. */
  focused?: string;
  /** ATTACHMENT options: the id of the file the client uploaded for each (POST /__emulator/attachments), by option name. */
  attachments?: Record<string, string>;
}

/** A refusal of the try routes: the status, and what the user is told (with each problem). */
export const refuse = (status: number, message: string, problems?: string[]): Reply => ({ status, body: { message, ...(problems ? { problems } : {}) } });

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
}

function isTextMap(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');
}

/** The request body, or why it cannot be one. */
export function parseTryRequest(body: unknown): TryRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const fields = body as Record<string, unknown>;
  if (typeof fields.name !== 'string') return '"name" (the command\'s name) is required';
  const options = fields.options ?? {};
  if (!isTextMap(options)) return '"options" must map option names to their values as text';
  const text = (key: string) => (typeof fields[key] === 'string' ? { [key]: fields[key] } : {});
  const { attachments } = fields;
  if (attachments !== undefined && !isTextMap(attachments)) return '"attachments" must map option names to the ids POST /__emulator/attachments gave their files';
  if (attachments !== undefined && Object.keys(attachments).length > 0 && fields.focused !== undefined) return '"attachments" go with the command, not with an autocomplete ("focused"): the client uploads files only when it sends the command';
  return {
    ...(attachments ? { attachments: Object.assign(Object.create(null) as Record<string, string>, attachments) } : {}),
    name: fields.name,
    path: strings(fields.path) ?? [],
    options: Object.assign(Object.create(null) as Record<string, string>, options),
    ...(text('guildId') as { guildId?: string }),
    ...(text('channelId') as { channelId?: string }),
    ...(text('userId') as { userId?: string }),
    ...(text('locale') as { locale?: string }),
    ...(text('focused') as { focused?: string }),
  };
}

function findCommand(world: World, guild: GuildRecord, name: string): Command | undefined {
  const chatInput = (list: Command[] | undefined) => list?.find((command) => (command.type ?? 1) === 1 && command.name === name);
  return chatInput(world.state.commands[scopeKey({ kind: 'guild', guildId: guild.id })]) ?? chatInput(world.state.commands[scopeKey({ kind: 'global' })]);
}

function accessInput(world: World, guild: GuildRecord, command: Command) {
  const overwrites = world.state.overwrites[guild.id] ?? {};
  return {
    applicationId: world.state.application.id,
    command: { id: command.id, name: command.name, default_member_permissions: command.default_member_permissions },
    commandOverwrites: overwrites[command.id] ?? [],
    appOverwrites: overwrites[world.state.application.id] ?? [],
    directory: guildDirectory(world, guild),
  };
}

/** The guild as who-can-use and the labels (`@Ada`, `#general`) read it. */
function guildDirectory(world: World, guild: GuildRecord) {
  return {
    guildId: guild.id,
    roles: guild.roles,
    channels: guild.channels as Channel[],
    ownerId: guild.ownerId,
    members: Object.entries(guild.members).map(([id, member]) => ({ ...member, user: userObject(world.state.users[id]!) })),
  };
}

/** The guild's members, roles and channels, as the client's rules look them up. */
export function guildLookup(guild: GuildRecord): Omit<EntityLookup, 'isAttachment'> {
  return {
    channelType: (id) => guild.channels.find((candidate) => candidate.id === id)?.type,
    isUser: (id) => guild.members[id] !== undefined,
    isRole: (id) => guild.roles.some((role) => role.id === id),
  };
}

/**
 * Why the interaction could not reach the bot in `guild`, as a refusal; else where it goes: with an endpoint
 * URL, Discord delivers interactions there and not over the gateway (DOCS/RR "Receiving an Interaction").
 */
export function botReceiver(world: World, guild: GuildRecord): { endpoint?: string } | Reply {
  const endpoint = world.state.application.interactionsEndpointUrl;
  if (!endpoint && world.endpointProblem) return refuse(409, `the app's interactions endpoint URL ${world.endpointProblem}`);
  if (!endpoint && !world.gateway?.reaches(guild.id)) {
    // `reason`: where the emulator runs inside the TUI (the demo, a copy of live commands), the screen says how to connect a bot there instead.
    const noBot = refuse(409, 'the app has no interactions endpoint URL and no bot is connected to the gateway: start your gateway bot against this emulator (it finds the gateway at GET /gateway/bot), or give your HTTP bot\'s URL to `cmd-tui serve --interactions-url URL` (or PATCH /applications/@me)');
    return { ...noBot, body: { ...(noBot.body as object), reason: 'no-bot' } };
  }
  return endpoint ? { endpoint } : {};
}

/** Sends the interaction to the bot (signed to its endpoint, or as INTERACTION_CREATE on the gateway). */
export function sendToBot(world: World, store: InteractionStore, guild: GuildRecord, endpoint: string | undefined, payload: { id: string; token: string }): void {
  if (endpoint) void deliver(world, store, endpoint, payload);
  else world.gateway!.dispatch({ name: 'INTERACTION_CREATE', data: payload, guildId: guild.id, intents: 0 });
}

/** What the try routes answer once the interaction has gone: its id, who and where, and the payload without its token. */
export function sentReply(world: World, guild: GuildRecord, userId: string, channelName: string, payload: { id: string; token: string }): Reply {
  const app = world.state.application;
  const { token: _hidden, ...shown } = payload;
  const who = describeTarget({ id: userId, type: PermissionType.User }, guildDirectory(world, guild)).label;
  return { status: 202, body: { id: payload.id, botName: world.state.users[app.botUserId]?.username ?? app.name, user: who, channel: `#${channelName}`, interaction: shown } };
}

export function tryCommand(world: World, store: InteractionStore, request: TryRequest): Reply {
  const app = world.state.application;
  const guild = request.guildId ? world.state.guilds[request.guildId] : defaultGuild(world.state);
  if (!guild || !guild.appInstalled) return refuse(404, `the app is not installed in guild ${request.guildId ?? '(none)'}: try it in one of ${installedGuilds(world.state).map((g) => g.id).join(', ')}`);
  const userId = request.userId ?? defaultTryMember({ memberIds: Object.keys(guild.members), appOwnerId: app.ownerId, guildOwnerId: guild.ownerId });
  if (userId === undefined) return refuse(404, `${guild.name} (${guild.id}) has no member to run the command as`);
  const user = world.state.users[userId];
  if (!user || !guild.members[userId]) return refuse(404, `user ${userId} is not a member of ${guild.name} (${guild.id})`);
  const locale = request.locale ?? 'en-US';
  if (!(LOCALES as readonly string[]).includes(locale)) return refuse(400, `"${locale}" is not a Discord locale: use one of ${LOCALES.join(', ')}`);
  const command = findCommand(world, guild, request.name);
  if (!command) {
    // `reason`: the door says where its user finds the commands there are (a list, list_commands).
    const missing = refuse(404, `no slash command /${request.name} in ${guild.name} (${guild.id}) or among the global commands`);
    return { ...missing, body: { ...(missing.body as object), reason: 'no-command' } };
  }
  if (command.contexts && !command.contexts.includes(0)) return refuse(403, `/${command.name} is not offered in servers (its contexts are ${command.contexts.join(', ')})`);

  const input = accessInput(world, guild, command);
  const channelId = request.channelId ?? defaultTryChannel(guild.channels, userId, input, world.clock());
  const channel = guild.channels.find((candidate) => candidate.id === channelId);
  if (!channel) return refuse(404, `${guild.name} (${guild.id}) has no channel ${request.channelId ?? 'to type in'}`);
  // Discord's picker hides a command the member may not use; the who-can-use engine says why.
  const hidden = hiddenCommandReason(input, userId, channel.id, world.clock());
  if (hidden) return refuse(403, hidden);
  // The client uploads each chosen file first; the option's value is the upload's id.
  const uploads = chosenUploads(world.attachments!, request.attachments ?? {});
  if (typeof uploads === 'string') return refuse(404, uploads);
  const options = Object.assign(Object.create(null) as Record<string, string>, request.options, request.attachments);
  const filled = fillOptions(command, request.path, options, { ...guildLookup(guild), isAttachment: (id) => uploads.has(id) }, request.focused);
  const problems = [...filled.problems, ...uploadProblems(command, request.path, uploads, request.attachments ?? {}, request.options)];
  if (problems.length > 0) return refuse(400, `Discord's client would not send /${[command.name, ...request.path].join(' ')}`, problems);
  // Only an interaction the client would send meets the want of a bot: the command's own problems come first.
  const receiver = botReceiver(world, guild);
  if ('status' in receiver) return receiver;

  for (const upload of uploads.values()) world.attachments!.send(upload, channel.id);
  const id = world.ids.next();
  const token = fakeSecret('interaction');
  const type = request.focused === undefined ? InteractionType.ApplicationCommand : InteractionType.Autocomplete;
  const payload = applicationCommandInteraction({
    type,
    id,
    token,
    applicationId: app.id,
    botUserId: app.botUserId,
    command,
    options: filled.options,
    mentioned: filled.mentioned,
    uploads: [...uploads.values()].map((upload) => world.attachments!.attachmentObject(upload, world.origin)),
    guild,
    channel,
    user,
    users: world.state.users,
    locale,
    guildLocale: 'en-US',
  });
  const focusedType = focusedOption(filled.options)?.type;
  const typed = { name: [command.name, ...request.path].join(' '), type: command.type ?? 1 };
  store.open({ id, token, type, applicationId: app.id, channelId: channel.id, place: { guildId: guild.id, userId, locale }, command: typed, ...(focusedType === undefined ? {} : { focusedType }) });
  sendToBot(world, store, guild, receiver.endpoint, payload);
  return sentReply(world, guild, userId, channel.name, payload);
}

/** The option being typed in, at any depth (inside a subcommand or group). */
function focusedOption(options: readonly InteractionOption[]): InteractionOption | undefined {
  for (const option of options) {
    const found = option.focused ? option : focusedOption(option.options ?? []);
    if (found) return found;
  }
  return undefined;
}

/** What the user sees of an interaction so far; its token stays with the bot. */
export function interactionView(interaction: InteractionRecord) {
  const { token: _hidden, ...view } = interaction;
  return view;
}
