/**
 * `PATCH /applications/@me` (DOCS/APP "Edit Current Application"), for the one field the emulator lets
 * an app change: `interactions_endpoint_url`. As Discord does, a new URL is checked first (a PING with a
 * wrong signature must be refused (any 4xx: delivery.ts), a signed one get a PONG) and refused with 50035 when it fails; null clears it.
 */
import { formBodyError } from '../api-errors.js';
import { requireBot } from '../auth.js';
import { verifyEndpoint } from '../interactions/delivery.js';
import { jsonBody, json, type Handler } from '../request-context.js';
import { applicationObject } from './pickers.js';

export const editApplication: Handler = async (ctx, world) => {
  requireBot(ctx.auth);
  const body = jsonBody(ctx);
  const url = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).interactions_endpoint_url : undefined;
  if (url !== undefined) {
    if (url !== null && (typeof url !== 'string' || !/^https?:\/\//.test(url))) {
      throw formBodyError([{ path: 'interactions_endpoint_url', code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' }]);
    }
    if (url !== null && (await verifyEndpoint(world, url)) !== undefined) {
      // Discord's words for an endpoint that fails the check (as the developer portal shows them).
      throw formBodyError([
        { path: 'interactions_endpoint_url', code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID', message: 'The specified interactions endpoint url could not be verified.' },
      ]);
    }
    world.state.application.interactionsEndpointUrl = url;
    world.changed();
  }
  return json(200, applicationObject(world));
};
