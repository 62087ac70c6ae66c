/**
 * The emulator playing Discord's client after the bot's first answer (test-only routes):
 * - `POST /__emulator/messages/{message_id}/components/{custom_id}` `{"values"?: [...]}` presses a button or
 *   picks a select's values on a message the bot sent, held to the client's rules (a link or disabled
 *   component sends nothing; a select's values are among what it offers, as many as it takes), and delivers
 *   a MESSAGE_COMPONENT interaction (type 3) with `data.custom_id`, `component_type`, `values` and `resolved`
 *   for what a user/role/mentionable/channel select picked, and the `message` it is on;
 * - `POST /__emulator/interactions/{id}/modal` `{"values": {custom_id: text | [values]}}` submits the form the
 *   bot opened with that interaction, each field held to its rules (a select's values among what it offers, a
 *   file upload's the ids POST /__emulator/attachments gave), as a MODAL_SUBMIT (type 5) with `data.custom_id`,
 *   `data.components` in Discord's shape and `data.resolved` for what selects picked and the files uploaded
 *   (and the `message` when a component opened it).
 * Both act as the member, in the channel and locale, of the interaction the message or form answered.
 */
import { InteractionType } from '../../discord/interaction-kinds.js';
import { isSelect, pressables, pressProblem, selectedEntities, selectValuesProblem } from '../../discord/message-components.js';
import { submissionProblems, submittedComponents, submittedEntities, type FormValue } from '../../discord/modal-rules.js';
import { chosenUploads } from './attachment-options.js';
import { messageIn } from '../handlers/interactions.js';
import type { Reply, World } from '../request-context.js';
import type { ChannelRecord, GuildRecord, UserRecord } from '../state.js';
import { fakeSecret } from '../seed.js';
import { interactionEnvelope, resolvedData } from './payload.js';
import type { InteractionRecord, InteractionStore } from './store.js';
import { botReceiver, guildLookup, refuse, sendToBot, sentReply } from './try-command.js';

export interface PressRequest {
  messageId: string;
  customId: string;
  /** A select's values (absent for a button). */
  values?: string[];
}

export interface SubmitRequest {
  interactionId: string;
  /** Each field's text (a select's values, an upload's attachment ids) by its custom_id; a field left out keeps what the bot put in it. */
  values: Record<string, FormValue>;
}

export function parsePressBody(messageId: string, customId: string, body: unknown): PressRequest | string {
  const { values } = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  if (values !== undefined && !(Array.isArray(values) && values.every((value) => typeof value === 'string'))) return '"values" must be a list of the values picked, as text';
  return { messageId, customId, ...(values ? { values } : {}) };
}

export function parseSubmitBody(interactionId: string, body: unknown): SubmitRequest | string {
  const { values } = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const isValue = (value: unknown) => typeof value === 'string' || (Array.isArray(value) && value.every((one) => typeof one === 'string'));
  if (typeof values !== 'object' || values === null || Array.isArray(values) || !Object.values(values).every(isValue)) {
    return '"values" must map each field\'s custom_id to its text (a select\'s or a file upload\'s to a list of values)';
  }
  return { interactionId, values: Object.assign(Object.create(null) as Record<string, FormValue>, values) };
}

/** Where and as whom `source` happened, read again from the world (a member may have left since). */
function placeOf(world: World, source: InteractionRecord): { guild: GuildRecord; channel: ChannelRecord; user: UserRecord } | string {
  const guild = world.state.guilds[source.place.guildId];
  const channel = guild?.channels.find((candidate) => candidate.id === source.channelId);
  const user = world.state.users[source.place.userId];
  if (!guild || !guild.appInstalled || !channel) return `the guild or channel of interaction ${source.id} is gone`;
  if (!user || !guild.members[user.id]) return `user ${source.place.userId} is no longer a member of ${guild.name}`;
  return { guild, channel, user };
}

/** Opens the follow-on interaction of `type` in `source`'s place, delivers it with `data` (and the message), and answers as the try route does. */
function continueFrom(world: World, store: InteractionStore, source: InteractionRecord, type: number, data: (place: Exclude<ReturnType<typeof placeOf>, string>) => unknown, message?: { interactionId: string; messageId: string }, openedBy?: string): Reply {
  const place = placeOf(world, source);
  if (typeof place === 'string') return refuse(404, place);
  const receiver = botReceiver(world, place.guild);
  if ('status' in receiver) return receiver;
  const app = world.state.application;
  const id = world.ids.next();
  const token = fakeSecret('interaction');
  const shown = message ? store.findMessage(message.messageId)?.message : undefined;
  const payload = {
    ...interactionEnvelope({ type, id, token, applicationId: app.id, botUserId: app.botUserId, ...place, locale: source.place.locale, guildLocale: 'en-US' }, data(place)),
    ...(shown ? { message: messageIn(world, shown) } : {}),
  };
  store.open({ id, token, type, applicationId: app.id, channelId: source.channelId, place: source.place, ...(message ? { source: message } : {}), ...(openedBy ? { openedBy } : {}) });
  sendToBot(world, store, place.guild, receiver.endpoint, payload);
  return sentReply(world, place.guild, place.user.id, place.channel.name, payload);
}

export function pressComponent(world: World, store: InteractionStore, request: PressRequest): Reply {
  const found = store.findMessage(request.messageId);
  if (!found) return refuse(404, `no message ${request.messageId} from the bot is shown: press a component of a message the bot sent with this emulator in the last 15 minutes`);
  const offered = pressables(found.message.components);
  const component = offered.find((candidate) => candidate.customId === request.customId);
  if (!component) {
    const ids = offered.flatMap((candidate) => candidate.customId ?? []);
    return refuse(404, `message ${request.messageId} has no button or select with custom_id ${JSON.stringify(request.customId)}${ids.length > 0 ? `: it has ${ids.join(', ')}` : ': it has none'}`);
  }
  const problem = pressProblem(component);
  if (problem) return refuse(400, problem);
  const values = request.values ?? [];
  if (!isSelect(component) && request.values !== undefined) return refuse(400, `[${component.label}] is a button: it takes no values`);
  const guild = world.state.guilds[found.interaction.place.guildId];
  if (!guild) return refuse(404, `the guild of message ${request.messageId} is gone`);
  const lookup = guildLookup(guild);
  if (isSelect(component)) {
    const wrong = selectValuesProblem(component, values, lookup);
    if (wrong) return refuse(400, `Discord's client would not send it: ${wrong}`);
  }
  return continueFrom(
    world,
    store,
    found.interaction,
    InteractionType.MessageComponent,
    (place) => {
      if (!isSelect(component)) return { custom_id: request.customId, component_type: component.type };
      const resolved = resolvedData({ ...place, users: world.state.users, mentioned: selectedEntities(component, values, lookup), uploads: [] });
      return { custom_id: request.customId, component_type: component.type, values, ...(Object.keys(resolved).length > 0 ? { resolved } : {}) };
    },
    { interactionId: found.interaction.id, messageId: request.messageId },
  );
}

export function submitModal(world: World, store: InteractionStore, request: SubmitRequest): Reply {
  const opened = store.get(request.interactionId);
  const modal = opened?.modal;
  if (!opened || !modal) return refuse(404, `interaction ${request.interactionId} opened no form: submit the form the bot showed, by the id of the interaction it answered`);
  if (modal.submitted) return refuse(409, `the form "${modal.title}" was already submitted: the client closes a form once it is sent`);
  const guild = world.state.guilds[opened.place.guildId];
  if (!guild) return refuse(404, `the guild of interaction ${request.interactionId} is gone`);
  const lookup = guildLookup(guild);
  const problems = submissionProblems(modal, request.values, lookup);
  if (problems.length > 0) return refuse(400, `Discord's client would not submit "${modal.title}"`, problems);
  // The files a file upload names, uploaded and not sent with anything yet.
  const entities = submittedEntities(modal, request.values, lookup);
  const uploads = chosenUploads(world.attachments!, Object.fromEntries(entities.attachments.map((id, index) => [`file ${index + 1}`, id])));
  if (typeof uploads === 'string') return refuse(404, uploads);
  const reply = continueFrom(
    world,
    store,
    opened,
    InteractionType.ModalSubmit,
    (place) => {
      // Sent with this interaction: from now each file lives as long as its token, at the channel's CDN address.
      for (const upload of uploads.values()) world.attachments!.send(upload, opened.channelId);
      const resolved = resolvedData({ ...place, users: world.state.users, mentioned: entities, uploads: [...uploads.values()].map((upload) => world.attachments!.attachmentObject(upload, world.origin)) });
      return { custom_id: modal.customId, components: submittedComponents(modal, request.values), ...(Object.keys(resolved).length > 0 ? { resolved } : {}) };
    },
    opened.source,
    opened.id,
  );
  if (reply.status === 202) store.submitted(opened);
  return reply;
}
