/**
 * Delivering interactions to the app's interactions endpoint over HTTP, as Discord does (DOCS/RR
 * "Receiving an Interaction"): a POST of the JSON interaction signed by the application's key. The
 * body of the bot's answer is its initial response; an error status, a dropped connection or no answer
 * in 3 seconds fail the interaction. Before an endpoint URL is accepted, Discord checks it
 * (DOCS/RR "Security and Authorization"): a PING with a bad signature must be refused, and a properly
 * signed PING answered with a PONG (`{"type":1}`).
 */
import { readCapped } from '../../discord/read-capped.js';
import { parseStrictJson, parseStrictObject } from '../../discord/strict-json.js';
import { pingInteraction } from './payload.js';
import { signerOf } from './signing.js';
import { noAnswerText } from '../../discord/interaction-kinds.js';
import { INITIAL_RESPONSE_DEADLINE_MS, type InteractionStore } from './store.js';
import type { World } from '../request-context.js';
import { selfCallHeaders, selfCallProblem } from '../self-call.js';

/**
 * A reply body without files is a few KB (2,000 characters of content, 6,000 of embeds, components);
 * a larger answer is not a reply, and is not read into memory.
 */
const MAX_REPLY_BYTES = 256 * 1024;

/**
 * One signed POST. A redirect is not followed: Discord posts to the URL it was given, and a 3xx answer
 * is a failed delivery like any other non-2xx one.
 */
async function post(url: string, body: string, headers: Record<string, string>, signal?: AbortSignal): Promise<{ status: number; text: string }> {
  const deadline = AbortSignal.timeout(INITIAL_RESPONSE_DEADLINE_MS);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)', ...headers },
    body,
    redirect: 'manual',
    signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
  });
  const text = await readCapped({ declaredLength: response.headers.get('content-length'), chunks: response.body, discard: () => response.body?.cancel() }, MAX_REPLY_BYTES);
  return { status: response.status, text };
}

/**
 * Whether an endpoint's answer to a wrongly signed PING refuses it as Discord's check takes: any 4xx. The
 * docs ask for 401, but Discord accepts the endpoints of hikari's RESTBot, which answers a bad signature
 * with 400 "Invalid request signature" (hikari-py/hikari, hikari/impl/interaction_server.py,
 * `InteractionServer.on_interaction`; hikari has served Discord interactions this way since 2021): a library
 * that works with Discord must work here.
 */
function refusesBadSignature(status: number): boolean {
  return status >= 400 && status <= 499;
}

/** Sends one interaction; its outcome lands in the store (the bot may also answer through the callback route meanwhile). */
export async function deliver(world: World, store: InteractionStore, url: string, interaction: { id: string; token: string }): Promise<void> {
  const body = JSON.stringify(interaction);
  const record = store.get(interaction.id)!;
  let answer: { status: number; text: string };
  try {
    // A URL taken before this check existed (a --state file) may lead back here: never sent, the interaction fails.
    if ((await selfCallProblem(world, url)) !== undefined) throw new Error('the endpoint is the emulator itself');
    answer = await post(url, body, { ...selfCallHeaders(world), ...signerOf(world.state.application).headers(body, Math.floor(world.clock() / 1000)) });
  } catch {
    if (record.acknowledged === undefined && record.failed === undefined) store.fail(record, noAnswerText(record.type));
    return;
  }
  if (answer.status < 200 || answer.status > 299) {
    if (record.acknowledged === undefined && record.failed === undefined) store.fail(record, noAnswerText(record.type));
    return;
  }
  if (answer.text.trim() === '' || record.acknowledged !== undefined) return;
  const parsed = parseStrictJson(answer.text);
  try {
    if (!parsed.ok) throw new Error(parsed.message);
    store.respond(interaction.id, interaction.token, parsed.value);
  } catch {
    // An answer Discord would not accept (bad JSON, a type this interaction does not take) fails it.
    if (record.failed === undefined && record.acknowledged === undefined) store.fail(record, noAnswerText(record.type));
  }
}

/**
 * Why Discord would refuse `url` as the interactions endpoint, or undefined when it passes both checks.
 * `signal` stops the check (rejecting with its reason): a cancelled check is no answer either way.
 */
export async function verifyEndpoint(world: World, url: string, signal?: AbortSignal): Promise<string | undefined> {
  const ownAddress = await selfCallProblem(world, url);
  if (ownAddress !== undefined) return ownAddress;
  signal?.throwIfAborted();
  const app = world.state.application;
  const ping = JSON.stringify(pingInteraction(world.ids.next(), app.id, `emu-ping-${world.ids.next()}`));
  const timestamp = Math.floor(world.clock() / 1000);
  const signer = signerOf(app);
  try {
    const signed = { ...selfCallHeaders(world), ...signer.headers(ping, timestamp) };
    // The same signature over another timestamp: a bot that checks signatures must refuse it.
    const tampered = await post(url, ping, { ...signed, 'X-Signature-Timestamp': String(timestamp + 1) }, signal);
    if (!refusesBadSignature(tampered.status)) return `it answered a PING with a wrong signature with ${tampered.status} instead of refusing it (401, as Discord's docs ask)`;
    const answer = await post(url, ping, signed, signal);
    const pong = answer.status === 200 ? parseStrictObject(answer.text) : undefined;
    if (pong?.type !== 1) return `it answered a signed PING with ${answer.status} ${JSON.stringify(answer.text.slice(0, 80))} instead of 200 {"type":1}`;
    return undefined;
  } catch (error) {
    signal?.throwIfAborted();
    return `it could not be reached (${(error as Error).message})`;
  }
}

/** How often `serve --interactions-url` checks an endpoint that is not up yet. */
const ENDPOINT_RETRY_MS = 1000;

/**
 * Checks `url` until it passes, then makes it the app's interactions endpoint; meanwhile
 * `world.endpointProblem` says why it is not taken yet (the try route shows it).
 */
export function checkEndpointUntilAccepted(world: World, url: string, report: (problem: string | undefined) => void): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = async () => {
    const problem = await verifyEndpoint(world, url);
    if (stopped) return;
    report(problem);
    if (problem === undefined) {
      world.state.application.interactionsEndpointUrl = url;
      world.endpointProblem = undefined;
      world.changed();
      return;
    }
    world.endpointProblem = `${url} is not accepted yet: ${problem}`;
    timer = setTimeout(() => void attempt(), ENDPOINT_RETRY_MS);
  };
  world.endpointProblem = `${url} is being checked`;
  void attempt();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
