/**
 * The test-only `/__emulator/*` routes, which play Discord's client for `cmd-tui try` and let tests look
 * inside (routes.ts lists them; the server lets them through only with the run's control secret,
 * request-guard.ts): trying a command, pressing a component, submitting a form, following an
 * interaction, uploading a file for an ATTACHMENT option, the request log, and a reset to the world the
 * emulator started with.
 */
import { parseStrictJson } from '../../discord/strict-json.js';
import { apiError } from '../api-errors.js';
import { json, type Handler, type Reply, type RequestContext } from '../request-context.js';
import { parsePressBody, parseSubmitBody, pressComponent, submitModal } from '../interactions/continue-interaction.js';
import { interactionView, parseTryRequest, refuse, tryCommand } from '../interactions/try-command.js';

/** The body as JSON (prototype keys refused); `empty`: what an empty body stands for. */
function strictBody(ctx: RequestContext, empty?: string): { ok: true; value: unknown } | { ok: false } {
  const text = ctx.rawBody.toString('utf8');
  const parsed = parseStrictJson(text === '' && empty !== undefined ? empty : text);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false };
}

const NOT_JSON = refuse(400, 'the body is not JSON');

export const tryInteraction: Handler = (ctx, world) => {
  const body = strictBody(ctx);
  const tried = body.ok ? parseTryRequest(body.value) : 'the body is not JSON';
  if (typeof tried === 'string') return refuse(400, tried);
  const reply = tryCommand(world, world.interactions!, tried);
  // A refused command's files were never sent: the client uploads them again with the next try, so they need not wait 15 minutes here.
  if (reply.status !== 202) for (const id of Object.values(tried.attachments ?? {})) world.attachments!.dropUnsent(id);
  return reply;
};

export const pressMessageComponent: Handler = (ctx, world) => {
  const body = strictBody(ctx, '{}');
  if (!body.ok) return NOT_JSON;
  const asked = parsePressBody(ctx.params.message_id!, ctx.params.custom!, body.value);
  return typeof asked === 'string' ? refuse(400, asked) : pressComponent(world, world.interactions!, asked);
};

export const submitInteractionModal: Handler = (ctx, world) => {
  const body = strictBody(ctx, '{}');
  if (!body.ok) return NOT_JSON;
  const asked = parseSubmitBody(ctx.params.interaction_id!, body.value);
  return typeof asked === 'string' ? refuse(400, asked) : submitModal(world, world.interactions!, asked);
};

export const showInteraction: Handler = (ctx, world): Reply => {
  const found = world.interactions!.get(ctx.params.interaction_id!);
  if (!found) throw apiError('notFound');
  return json(200, interactionView(found));
};

export const listRequests: Handler = (_ctx, world) => {
  const log = world.control!.log;
  return { status: 200, headers: { 'X-Emulator-Total-Requests': String(log.total) }, body: log.list() };
};

export const resetWorld: Handler = (_ctx, world) => {
  world.control!.reset();
  return { status: 204 };
};
