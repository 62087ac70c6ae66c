/**
 * The routes a bot answers an interaction with (DOCS/RR "Interaction Response Endpoints"; no
 * Authorization needed, the token is the credential): the initial callback, follow-up messages, and
 * the `@original` response read, edited and deleted. The rules live in interactions/store.ts.
 */
import { jsonBody, json, queryFlag, type Handler, type RequestContext, type World } from '../request-context.js';
import { CallbackType, EPHEMERAL_FLAG, type InteractionRecord, type InteractionStore, type ShownMessage } from '../interactions/store.js';
import { userObject } from './pickers.js';

function store(world: World): InteractionStore {
  return world.interactions!;
}

/** A message as the webhook routes return it: type 20 (CHAT_INPUT_COMMAND), by the bot, in the interaction's channel. */
function messageObject(world: World, ctx: RequestContext, message: ShownMessage) {
  return messageIn(world, store(world).channelOf(ctx.params.webhook_token!) ?? '', message);
}

/** A message the bot sent in answer to an interaction, as Discord returns it (and as a component's interaction carries it). */
export function messageIn(world: World, channelId: string, message: ShownMessage) {
  const app = world.state.application;
  return {
    id: message.id,
    type: 20,
    content: message.content,
    channel_id: channelId,
    author: userObject(world.state.users[app.botUserId]!),
    embeds: message.embeds,
    components: message.components,
    flags: message.flags,
    attachments: [],
    mentions: [],
    mention_roles: [],
    pinned: false,
    mention_everyone: false,
    tts: false,
    timestamp: new Date(world.clock()).toISOString(),
    edited_timestamp: message.edits > 0 ? new Date(world.clock()).toISOString() : null,
    webhook_id: app.id,
    application_id: app.id,
  };
}

/**
 * What `?with_response=true` answers (DOCS/RR "Interaction Callback Response Object", the spec's
 * InteractionCallbackResponse): the interaction and the message the response made, if it made one.
 */
function callbackResponse(world: World, interaction: InteractionRecord) {
  const { original } = interaction;
  const made = interaction.acknowledged === CallbackType.ChannelMessage || interaction.acknowledged === CallbackType.UpdateMessage;
  const message = made && original ? messageIn(world, interaction.channelId, original) : undefined;
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
  json(200, messageObject(world, ctx, store(world).followUp(ctx.params.webhook_id!, ctx.params.webhook_token!, jsonBody(ctx))));

export const getOriginal: Handler = (ctx, world) => json(200, messageObject(world, ctx, store(world).original(ctx.params.webhook_id!, ctx.params.webhook_token!)));

export const editOriginal: Handler = (ctx, world) =>
  json(200, messageObject(world, ctx, store(world).editOriginal(ctx.params.webhook_id!, ctx.params.webhook_token!, jsonBody(ctx))));

export const deleteOriginal: Handler = (ctx, world) => {
  store(world).deleteOriginal(ctx.params.webhook_id!, ctx.params.webhook_token!);
  return json(204);
};
