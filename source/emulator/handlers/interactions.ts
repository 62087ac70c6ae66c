/**
 * The routes a bot answers an interaction with (DOCS/RR "Interaction Response Endpoints"; no
 * Authorization needed, the token is the credential): the initial callback, follow-up messages, and
 * the `@original` response read, edited and deleted. The rules live in interactions/store.ts.
 */
import { jsonBody, json, type Handler, type RequestContext, type World } from '../request-context.js';
import type { InteractionStore, ShownMessage } from '../interactions/store.js';
import { userObject } from './pickers.js';

function store(world: World): InteractionStore {
  return world.interactions!;
}

/** A message as the webhook routes return it: type 20 (CHAT_INPUT_COMMAND), by the bot, in the interaction's channel. */
function messageObject(world: World, ctx: RequestContext, message: ShownMessage) {
  const app = world.state.application;
  return {
    id: message.id,
    type: 20,
    content: message.content,
    channel_id: store(world).channelOf(ctx.params.webhook_token!) ?? '',
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

export const interactionCallback: Handler = (ctx, world) => {
  store(world).respond(ctx.params.interaction_id!, ctx.params.interaction_token!, jsonBody(ctx));
  return json(204);
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
