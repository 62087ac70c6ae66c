/**
 * The routes a bot answers an interaction with (DOCS/RR "Interaction Response Endpoints"; no
 * Authorization needed, the token is the credential): the initial callback, follow-up messages, and
 * the `@original` response read, edited and deleted. The rules live in interactions/store.ts.
 */
import { jsonBody, json, queryFlag, type Handler, type World } from '../request-context.js';
import type { ShownMessage } from '../../discord/interaction-view.js';
import { CallbackType, EPHEMERAL_FLAG, stillThinking, type InteractionRecord, type InteractionStore } from '../interactions/store.js';
import { InteractionType } from '../../discord/interaction-kinds.js';
import { discordTimestamp } from '../discord-timestamp.js';
import { snowflakeTime } from '../snowflake.js';
import { userObject } from './pickers.js';

function store(world: World): InteractionStore {
  return world.interactions!;
}

/** MessageType (DOCS/MSG "Message Types"): a command's response, and a reply (to the message whose component was used). */
const CHAT_INPUT_COMMAND = 20;
const REPLY = 19;
/** MessageFlags.LOADING (DOCS/MSG "Message Flags"): a deferred response still "thinking…". */
const LOADING_FLAG = 128;

/**
 * The message's `interaction_metadata` (DOCS/MSG "Message Interaction Metadata Object", the spec's
 * ApplicationCommand-, MessageComponent- and ModalSubmitInteractionMetadataResponse): which interaction
 * made it, who used it and where the app was authorized, and by kind: a command's `name` and
 * `command_type` (sent, though the docs leave them out: discord-api-docs#7383), a follow-up's
 * `original_response_message_id`, a component's `interacted_message_id`, a form's
 * `triggering_interaction_metadata`. As a GET …/messages/@original of a button's reply recorded from
 * Discord has it (test/fixtures/discord/messages/component-reply.json).
 */
function interactionMetadata(world: World, interaction: InteractionRecord, followUpTo?: string): Record<string, unknown> {
  const user = world.state.users[interaction.place.userId];
  const trigger = interaction.openedBy === undefined ? undefined : store(world).get(interaction.openedBy);
  return {
    id: interaction.id,
    type: interaction.type,
    // `user_id` too: replaced by `user` in the docs (discord-api-docs#6815) but still sent, as recorded.
    user_id: interaction.place.userId,
    ...(user ? { user: userObject(user) } : {}),
    authorizing_integration_owners: { '0': interaction.place.guildId },
    ...(interaction.command ? { name: interaction.command.name, command_type: interaction.command.type } : {}),
    ...(followUpTo ? { original_response_message_id: followUpTo } : {}),
    ...(interaction.type === InteractionType.MessageComponent && interaction.source ? { interacted_message_id: interaction.source.messageId } : {}),
    ...(trigger ? { triggering_interaction_metadata: interactionMetadata(world, trigger) } : {}),
  };
}

/**
 * A message the bot sent in answer to an interaction, as Discord returns it (and as a component's
 * interaction carries it): by the bot, in the interaction's channel, dated by its id, with the
 * interaction that made it. A command's response is CHAT_INPUT_COMMAND and still carries the deprecated
 * `interaction` (DOCS/MSG "Message Interaction Object") that older libraries read; what a component's
 * interaction sends is a REPLY to the message the component is on, as recorded.
 */
export function messageIn(world: World, message: ShownMessage) {
  const app = world.state.application;
  const made = store(world).madeBy(message);
  const madeBy = made?.interaction;
  const guildId = madeBy?.place.guildId;
  const user = madeBy ? world.state.users[madeBy.place.userId] : undefined;
  const followUpTo = made?.followUp ? madeBy?.original?.id : undefined;
  const replyTo = madeBy?.type === InteractionType.MessageComponent && !made?.followUp ? madeBy.source?.messageId : undefined;
  const thinking = madeBy !== undefined && madeBy.original === message && stillThinking(madeBy);
  return {
    id: message.id,
    type: replyTo ? REPLY : CHAT_INPUT_COMMAND,
    content: message.content,
    channel_id: madeBy?.channelId ?? '',
    author: userObject(world.state.users[app.botUserId]!),
    embeds: message.embeds,
    components: message.components,
    flags: message.flags | (thinking ? LOADING_FLAG : 0),
    attachments: [],
    mentions: [],
    mention_roles: [],
    pinned: false,
    mention_everyone: false,
    tts: false,
    timestamp: discordTimestamp(snowflakeTime(message.id)),
    edited_timestamp: message.editedAt === undefined ? null : discordTimestamp(message.editedAt),
    webhook_id: app.id,
    application_id: app.id,
    ...(replyTo && madeBy ? { message_reference: { type: 0, channel_id: madeBy.channelId, message_id: replyTo, guild_id: guildId } } : {}),
    ...(madeBy?.command && user ? { interaction: { id: madeBy.id, type: madeBy.type, name: madeBy.command.name, user: userObject(user) } } : {}),
    ...(madeBy ? { interaction_metadata: interactionMetadata(world, madeBy, followUpTo) } : {}),
  };
}

/**
 * What `?with_response=true` answers (DOCS/RR "Interaction Callback Response Object", the spec's
 * InteractionCallbackResponse): the interaction and the message the response made, if it made one.
 */
function callbackResponse(world: World, interaction: InteractionRecord) {
  const { original } = interaction;
  const made = interaction.acknowledged === CallbackType.ChannelMessage || interaction.acknowledged === CallbackType.UpdateMessage;
  const message = made && original ? messageIn(world, original) : undefined;
  return {
    interaction: {
      id: interaction.id,
      type: interaction.type,
      ...(original
        ? {
            response_message_id: original.id,
            response_message_loading: interaction.acknowledged === CallbackType.DeferredChannelMessage,
            response_message_ephemeral: (original.flags & EPHEMERAL_FLAG) !== 0,
          }
        : {}),
    },
    // The spec's resource is a message (4), an activity (12) or an update (7); other responses make none.
    ...(message ? { resource: { type: interaction.acknowledged, message } } : {}),
  };
}

export const interactionCallback: Handler = (ctx, world) => {
  const interaction = store(world).respond(ctx.params.interaction_id!, ctx.params.interaction_token!, jsonBody(ctx));
  return queryFlag(ctx.query, 'with_response') ? json(200, callbackResponse(world, interaction)) : json(204);
};

export const executeFollowUp: Handler = (ctx, world) =>
  json(200, messageIn(world, store(world).followUp(ctx.params.webhook_id!, ctx.params.webhook_token!, jsonBody(ctx))));

export const getOriginal: Handler = (ctx, world) => json(200, messageIn(world, store(world).original(ctx.params.webhook_id!, ctx.params.webhook_token!)));

export const editOriginal: Handler = (ctx, world) =>
  json(200, messageIn(world, store(world).editOriginal(ctx.params.webhook_id!, ctx.params.webhook_token!, jsonBody(ctx))));

export const deleteOriginal: Handler = (ctx, world) => {
  store(world).deleteOriginal(ctx.params.webhook_id!, ctx.params.webhook_token!);
  return json(204);
};
