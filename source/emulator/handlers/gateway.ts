/**
 * Where a bot finds the gateway (DOCS/TOPICS "Get Gateway", "Get Gateway Bot"): GET /gateway for anyone,
 * GET /gateway/bot for the bot token with the recommended shards and the session start limit. The `url`
 * is this emulator's own port as ws://, under the name the request reached it by (a bot in a container
 * reaches it as host.docker.internal, not as the 0.0.0.0 it listens on), which is how a library pointed at
 * the emulator's REST API also finds its gateway (discord.js connects to what /gateway/bot says).
 */
import { requireBot } from '../auth.js';
import { json, type Handler } from '../request-context.js';

export const getGateway: Handler = (ctx, world) => json(200, { url: world.gateway!.url(ctx.headers.host) });

export const getGatewayBot: Handler = (ctx, world) => {
  requireBot(ctx.auth);
  return json(200, { url: world.gateway!.url(ctx.headers.host), shards: 1, session_start_limit: world.gateway!.sessionStartLimit() });
};
