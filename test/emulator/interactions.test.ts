/**
 * Interactions delivered by the emulator, checked from the bot's side: the request is signed so that the
 * unmodified `discord-interactions` package accepts it (and refuses it tampered), the payload carries
 * Discord's fields, and the answers follow Discord's rules — one initial response (40060 for a second),
 * none after the 3-second deadline (10062, and the client's "The application did not respond"),
 * follow-ups and @original only while the 15-minute token lives (10015 after).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyKey } from 'discord-interactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, schemaOf } from '../helpers/discord-spec.js';
import { startEmulator } from '../../source/emulator/server.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';

interface Delivery {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: { id: string; token: string; type: number; application_id: string; [field: string]: unknown };
}

let now = Date.now();
const emulator = useEmulator({ seed: 'empty', clock: () => now });
const deliveries: Delivery[] = [];
/** What the bot answers a delivery with; undefined: nothing until the deadline passes. */
let answer: (delivery: Delivery) => Promise<{ status: number; body?: unknown; headers?: Record<string, string> } | undefined> = async () => ({ status: 200, body: { type: 4, data: { content: 'ok' } } });
const bot = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const delivery = { headers: request.headers, raw, body: JSON.parse(raw.toString('utf8')) };
  const signed = await verifyKey(raw, String(request.headers['x-signature-ed25519']), String(request.headers['x-signature-timestamp']), emulator().verifyKey);
  if (!signed) return void response.writeHead(401).end('invalid request signature');
  if (delivery.body.type === 1) return void response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":1}');
  deliveries.push(delivery);
  const reply = await answer(delivery);
  if (!reply) return;
  response.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers }).end(reply.body === undefined ? '' : JSON.stringify(reply.body));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/interactions`;
  const configured = await call(emulator(), 'PATCH', '/applications/@me', { auth: botAuth(emulator()), json: { interactions_endpoint_url: url } });
  expect(configured.status).toBe(200);
  const commands = [
    { name: 'ping', description: 'Replies' },
    { name: 'upload', description: 'Takes a file', options: [{ type: 11, name: 'file', description: 'Which file', required: true }] },
    { name: 'weather', description: 'Autocompleted', options: [{ type: 3, name: 'city', description: 'Which city', required: true, autocomplete: true }, { type: 4, name: 'days', description: 'How many', autocomplete: true }] },
    { name: 'greet', description: 'Greets', options: [{ type: 6, name: 'who', description: 'Whom', required: true }, { type: 7, name: 'where', description: 'Where', channel_types: [0] }, { type: 3, name: 'mood', description: 'How', choices: [{ name: 'Happy', value: 'happy' }] }] },
  ];
  expect((await call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands`, { auth: botAuth(emulator()), json: commands })).status).toBe(200);
});
afterAll(() => bot.close());

/** A refusal of a callback recorded from Discord (test/fixtures/discord/callbacks/NAME.json). */
function recordedCallback(name: string): { request?: { interaction: string; callback: unknown }; response: { status: number; body: any } } {
  return JSON.parse(readFileSync(new URL(`../fixtures/discord/callbacks/${name}.json`, import.meta.url), 'utf8'));
}

async function tryIt(body: Record<string, unknown>) {
  const started = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return started.body.id as string;
}

async function view(id: string) {
  return (await callControl(emulator(), 'GET', `/__emulator/interactions/${id}`)).body;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The delivery of interaction `id`, once the bot has it (tryIt answers before the bot does). */
function deliveryOf(id: string): Promise<Delivery> {
  return until(async () => deliveries.find((delivery) => delivery.body.id === id), (found) => found !== undefined) as Promise<Delivery>;
}

describe('the signed delivery', () => {
  it('is accepted by discord-interactions with the app\'s verify_key, and refused once a byte of the body changes', async () => {
    const id = await tryIt({ name: 'ping' });
    await until(() => view(id), (seen) => seen.acknowledged === 4);
    const delivery = await deliveryOf(id);
    const app = await call(emulator(), 'GET', '/applications/@me', { auth: botAuth(emulator()) });
    expect(app.body.verify_key).toBe(emulator().verifyKey);
    expect(app.body.verify_key).toMatch(/^[0-9a-f]{64}$/);
    const signature = String(delivery.headers['x-signature-ed25519']);
    const timestamp = String(delivery.headers['x-signature-timestamp']);
    expect(await verifyKey(delivery.raw, signature, timestamp, app.body.verify_key)).toBe(true);
    const tampered = Buffer.from(delivery.raw.toString('utf8').replace('"ping"', '"pong"'));
    expect(await verifyKey(tampered, signature, timestamp, app.body.verify_key)).toBe(false);
    expect(delivery.headers['content-type']).toBe('application/json');
  });

  it("carries Discord's interaction fields, options with their values and resolved entities", async () => {
    const guild = emulator().guildIds[0]!;
    const channels = (await call(emulator(), 'GET', `/guilds/${guild}/channels`, { auth: botAuth(emulator()) })).body as { id: string; name: string }[];
    const general = channels.find((channel) => channel.name === 'general')!.id;
    const milo = emulator().seeded.memberUserId;
    const id = await tryIt({ name: 'greet', options: { who: milo, where: general, mood: 'Happy' }, locale: 'fr' });
    const interaction = (await deliveryOf(id)).body;
    expect(interaction).toMatchObject({
      id,
      application_id: emulator().applicationId,
      type: 2,
      data: {
        name: 'greet',
        type: 1,
        guild_id: guild,
        options: [
          { name: 'who', type: 6, value: milo },
          { name: 'where', type: 7, value: general },
          { name: 'mood', type: 3, value: 'happy' },
        ],
      },
      guild_id: guild,
      channel_id: general,
      channel: { id: general, name: 'general', type: 0 },
      member: { user: { id: emulator().seeded.adminUserId } },
      locale: 'fr',
      guild_locale: 'en-US',
      context: 0,
      authorizing_integration_owners: { '0': guild },
      entitlements: [],
      version: 1,
    });
    const data = interaction.data as { resolved: Record<string, Record<string, unknown>> };
    expect(Object.keys(data.resolved.users!)).toEqual([milo]);
    expect(data.resolved.members![milo]).toMatchObject({ roles: expect.any(Array), permissions: expect.stringMatching(/^\d+$/) });
    expect(data.resolved.members![milo]).not.toHaveProperty('user');
    expect(data.resolved.channels![general]).toMatchObject({ name: 'general', type: 0, permissions: expect.stringMatching(/^\d+$/) });
    expect(interaction.member).toMatchObject({ permissions: expect.stringMatching(/^\d+$/) });
    expect(interaction.app_permissions).toMatch(/^\d+$/);
    expect(typeof interaction.token).toBe('string');
  });

  // The upload itself, its CDN address and its rules: attachments.test.ts.
  it('refuses an attachment option given text instead of an upload', async () => {
    const missing = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'upload', options: { file: 'cat.png' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual(['option "file" (ATTACHMENT) takes a file the client uploads, not text: give it with --file file=PATH (on the TUI\'s Try screen, type the file\'s path)']);
  });

  it('is not sent when a value breaks the client\'s rules (a CHANNEL outside channel_types, an unknown choice)', async () => {
    const guild = emulator().guildIds[0]!;
    const category = (await call(emulator(), 'GET', `/guilds/${guild}/channels`, { auth: botAuth(emulator()) })).body.find((channel: { type: number }) => channel.type === 4).id;
    const before = deliveries.length;
    const refused = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'greet', options: { who: emulator().seeded.memberUserId, where: category, mood: 'Sad' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([
      `option "where" (CHANNEL) accepts only GUILD_TEXT channels, and ${category} is GUILD_CATEGORY`,
      'option "mood" (STRING) must be one of its choices: Happy',
    ]);
    expect(deliveries.length).toBe(before);
  });
});

describe("Discord's rules for answering", () => {
  it('takes the callback route once; a second initial response is 40060', async () => {
    answer = async (delivery) => {
      const first = await call(emulator(), 'POST', `/interactions/${delivery.body.id}/${delivery.body.token}/callback`, { json: { type: 5 } });
      expect(first.status).toBe(204);
      return { status: 202 };
    };
    const id = await tryIt({ name: 'ping' });
    await until(() => view(id), (seen) => seen.acknowledged === 5);
    const { token } = (await deliveryOf(id)).body;
    const again = await call(emulator(), 'POST', `/interactions/${id}/${token}/callback`, { json: { type: 4, data: { content: 'late' } } });
    expect({ status: again.status, body: again.body }).toEqual(recordedCallback('already-acknowledged').response);

    const hook = `/webhooks/${emulator().applicationId}/${token}`;
    const edited = await call(emulator(), 'PATCH', `${hook}/messages/@original`, { json: { content: 'Done.' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'Done.', type: 20, webhook_id: emulator().applicationId });
    const followUp = await call(emulator(), 'POST', hook, { json: { content: 'More.', flags: 64 } });
    expect(followUp.body).toMatchObject({ content: 'More.', flags: 64 });
    expect((await view(id)).followups.map((message: { content: string }) => message.content)).toEqual(['More.']);
    expect((await call(emulator(), 'DELETE', `${hook}/messages/@original`)).status).toBe(204);
    expect((await call(emulator(), 'GET', `${hook}/messages/@original`)).body).toEqual({ message: 'Unknown Message', code: 10008 });

    // The token lives 15 minutes.
    now += 15 * 60 * 1000 + 1;
    expect((await call(emulator(), 'POST', hook, { json: { content: 'Too late.' } })).body).toEqual({ message: 'Unknown Webhook', code: 10015 });
    now = Date.now();
  });

  it('takes a follow-up to a reply still "thinking…" as the reply, as ephemeral as the deferral; the next one is a follow-up', async () => {
    answer = async () => ({ status: 200, body: { type: 5, data: { flags: 64 } } });
    const id = await tryIt({ name: 'ping' });
    await until(() => view(id), (seen) => seen.acknowledged === 5);
    const { token } = (await deliveryOf(id)).body;
    const hook = `/webhooks/${emulator().applicationId}/${token}`;
    const first = await call(emulator(), 'POST', hook, { json: { content: 'Resolved.', flags: 0 } });
    expect(first.status).toBe(200);
    const original = await call(emulator(), 'GET', `${hook}/messages/@original`);
    expect(first.body).toMatchObject({ id: original.body.id, content: 'Resolved.', flags: 64 });
    await call(emulator(), 'POST', hook, { json: { content: 'And more.' } });
    const seen = await view(id);
    expect(seen.original).toMatchObject({ content: 'Resolved.', flags: 64, edits: 1 });
    expect(seen.followups.map((message: { content: string }) => message.content)).toEqual(['And more.']);
  });

  it('answers ?with_response=true with the interaction and the message it made, as the spec\'s InteractionCallbackResponse', async () => {
    const answered: Record<number, { status: number; body: unknown }> = {};
    answer = async (delivery) => {
      const type = delivery.body.data && (delivery.body.data as { name: string }).name === 'ping' ? 4 : 5;
      const data = type === 4 ? { content: 'Pong!', flags: 64 } : {};
      const result = await call(emulator(), 'POST', `/interactions/${delivery.body.id}/${delivery.body.token}/callback?with_response=true`, { json: { type, data } });
      answered[type] = { status: result.status, body: result.body };
      return { status: 202 };
    };
    const schema = schemaOf(OPERATIONS.get('create_interaction_response')!.responses['200']!);
    const replied = await tryIt({ name: 'ping' });
    await until(() => view(replied), (seen) => seen.acknowledged === 4);
    expect(answered[4]!.status).toBe(200);
    expect(schema.safeParse(answered[4]!.body).error?.issues ?? []).toEqual([]);
    const original = (await view(replied)).original;
    expect(answered[4]!.body).toMatchObject({
      interaction: { id: replied, type: 2, response_message_id: original.id, response_message_loading: false, response_message_ephemeral: true },
      resource: { type: 4, message: { id: original.id, content: 'Pong!', flags: 64, type: 20 } },
    });

    const deferred = await tryIt({ name: 'greet', options: { who: emulator().seeded.memberUserId } });
    await until(() => view(deferred), (seen) => seen.acknowledged === 5);
    expect(answered[5]!.status).toBe(200);
    expect(schema.safeParse(answered[5]!.body).error?.issues ?? []).toEqual([]);
    expect(answered[5]!.body).toEqual({
      interaction: { id: deferred, type: 2, response_message_id: (await view(deferred)).original.id, response_message_loading: true, response_message_ephemeral: false },
    });
  });

  it("holds replies, follow-ups and @original edits to Discord's message limits (50035, 50006)", async () => {
    let refused: { status: number; body: any } | undefined;
    answer = async (delivery) => {
      const tooMuch = { type: 4, data: { content: 'x'.repeat(2001), embeds: Array.from({ length: 11 }, () => ({ title: 't' })) } };
      refused = await call(emulator(), 'POST', `/interactions/${delivery.body.id}/${delivery.body.token}/callback`, { json: tooMuch });
      return { status: 200, body: { type: 4, data: { content: 'fine' } } };
    };
    const id = await tryIt({ name: 'ping' });
    await until(() => view(id), (seen) => seen.acknowledged === 4);
    expect(refused!.status).toBe(400);
    expect(refused!.body).toEqual({
      code: 50035,
      message: 'Invalid Form Body',
      errors: { data: {
        content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] },
        embeds: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 10 or fewer in length.' }] },
      } },
    });
    const hook = `/webhooks/${emulator().applicationId}/${(await deliveryOf(id)).body.token}`;
    const bigEmbeds = Array.from({ length: 2 }, () => ({ title: 't'.repeat(257), description: 'd'.repeat(4000) }));
    const followUp = await call(emulator(), 'POST', hook, { json: { embeds: bigEmbeds, components: Array.from({ length: 6 }, () => ({ type: 1, components: [] })) } });
    expect(followUp.status).toBe(400);
    expect(followUp.body.errors.embeds[0].title._errors[0]).toEqual({ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' });
    expect(followUp.body.errors.embeds._errors[0]).toEqual({ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' });
    expect(followUp.body.errors.components._errors[0]).toEqual({ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' });
    const field = await call(emulator(), 'POST', hook, { json: { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] } });
    expect(field.body.errors.embeds[0].fields[0].value._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    expect((await call(emulator(), 'POST', hook, { json: {} })).body).toEqual({ message: 'Cannot send an empty message', code: 50006 });

    const longEdit = await call(emulator(), 'PATCH', `${hook}/messages/@original`, { json: { content: 'y'.repeat(2001) } });
    expect(longEdit.body.errors.content._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    const emptied = await call(emulator(), 'PATCH', `${hook}/messages/@original`, { json: { content: '' } });
    expect(emptied.body).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    const seen = await view(id);
    expect(seen.original).toMatchObject({ content: 'fine', edits: 0 });
    expect(seen.followups).toEqual([]);
  });

  it('keeps at most 100 follow-ups per interaction', async () => {
    answer = async () => ({ status: 200, body: { type: 4, data: { content: 'fine' } } });
    const id = await tryIt({ name: 'ping' });
    await until(() => view(id), (seen) => seen.acknowledged === 4);
    const hook = `/webhooks/${emulator().applicationId}/${(await deliveryOf(id)).body.token}`;
    for (let sent = 0; sent < 100; sent++) expect((await call(emulator(), 'POST', hook, { json: { content: `n${sent}` } })).status).toBe(200);
    const over = await call(emulator(), 'POST', hook, { json: { content: 'one more' } });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^Maximum number of follow-up messages reached \(100\)/);
    expect((await view(id)).followups).toHaveLength(100);
  });

  it('fails a reply still "thinking…" when its token expires, and forgets the interaction a minute later', async () => {
    answer = async () => ({ status: 200, body: { type: 5 } });
    const id = await tryIt({ name: 'ping' });
    await until(() => view(id), (seen) => seen.acknowledged === 5);
    now += 15 * 60 * 1000 + 1;
    expect(await view(id)).toMatchObject({ acknowledged: 5, failed: 'The application did not respond' });
    now += 60 * 1000;
    expect((await callControl(emulator(), 'GET', `/__emulator/interactions/${id}`)).status).toBe(404);
    now = Date.now();
  });

  it("holds suggested choices to Discord's rules: a name of 1–100 characters, a value of the option's type, a STRING value of at most 100", async () => {
    const refusals: Record<string, any> = {};
    answer = async (delivery) => {
      const focused = (delivery.body.data as { options: { name: string; focused?: boolean }[] }).options.find((option) => option.focused)!.name;
      const bad = focused === 'city'
        ? [{ name: '', value: 'x' }, { name: 'n'.repeat(101), value: 'x' }, { name: 'Number', value: 7 }, { name: 'Long', value: 'v'.repeat(101) }, { name: 'Paris', value: 'paris' }]
        : [{ name: 'Half', value: 1.5 }, { name: 'Text', value: '2' }, { name: 'Two', value: 2 }];
      refusals[focused] = (await call(emulator(), 'POST', `/interactions/${delivery.body.id}/${delivery.body.token}/callback`, { json: { type: 8, data: { choices: bad } } })).body;
      return { status: 200, body: { type: 8, data: { choices: focused === 'city' ? [{ name: 'Paris', value: 'paris' }] : [{ name: 'Two', value: 2 }] } } };
    };
    const city = await tryIt({ name: 'weather', options: { city: 'P' }, focused: 'city' });
    expect((await until(() => view(city), (seen) => seen.acknowledged === 8)).choices).toEqual([{ name: 'Paris', value: 'paris' }]);
    expect(refusals.city).toEqual({
      code: 50035,
      message: 'Invalid Form Body',
      errors: { data: { choices: {
        0: { name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] } },
        1: { name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] } },
        2: { value: { _errors: [{ code: 'BASE_TYPE_STRING', message: 'Must be a valid string.' }] } },
        3: { value: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' }] } },
      } } },
    });
    const days = await tryIt({ name: 'weather', options: { city: 'Paris', days: '1' }, focused: 'days' });
    expect((await until(() => view(days), (seen) => seen.acknowledged === 8)).choices).toEqual([{ name: 'Two', value: 2 }]);
    expect(Object.keys(refusals.days.errors.data.choices)).toEqual(['0', '1']);
    expect(refusals.days.errors.data.choices[0].value._errors[0].code).toBe('NUMBER_TYPE_COERCE');
  });

  it('refuses a callback type the interaction does not take', async () => {
    answer = async (delivery) => {
      const wrong = await call(emulator(), 'POST', `/interactions/${delivery.body.id}/${delivery.body.token}/callback`, { json: { type: 8, data: { choices: [] } } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.type._errors[0]).toEqual({ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {4, 5, 9}.' });
      return { status: 200, body: { type: 4, data: { content: 'fine' } } };
    };
    const id = await tryIt({ name: 'ping' });
    expect((await until(() => view(id), (seen) => seen.acknowledged !== undefined)).original.content).toBe('fine');
  });

  it('words the refusal of a callback type as Discord does: the types an autocomplete takes; every type it knows for one it does not', async () => {
    const refusals: Record<string, { status: number; body: any }> = {};
    answer = async (delivery) => {
      const kind = delivery.body.type === 4 ? 'autocomplete' : 'command';
      const recorded = kind === 'autocomplete' ? recordedCallback('autocomplete-answered-with-a-message') : recordedCallback('unknown-callback-type');
      const refused = await call(emulator(), 'POST', `/interactions/${delivery.body.id}/${delivery.body.token}/callback`, { json: recorded.request!.callback });
      refusals[kind] = { status: refused.status, body: refused.body };
      return { status: 200, body: kind === 'autocomplete' ? { type: 8, data: { choices: [] } } : { type: 4, data: { content: 'fine' } } };
    };
    const suggested = await tryIt({ name: 'weather', options: { city: 'P' }, focused: 'city' });
    await until(() => view(suggested), (seen) => seen.acknowledged !== undefined);
    expect(refusals.autocomplete).toEqual(recordedCallback('autocomplete-answered-with-a-message').response);
    const ran = await tryIt({ name: 'ping' });
    await until(() => view(ran), (seen) => seen.acknowledged !== undefined);
    // Recorded in 2023, before Discord knew 10 (PREMIUM_REQUIRED) and 12 (LAUNCH_ACTIVITY): compared without them.
    const { response } = recordedCallback('unknown-callback-type');
    const ours = refusals.command!.body.errors.type._errors[0].message as string;
    expect(ours.replace(', 10', '').replace(', 12', '')).toBe(response.body.errors.type._errors[0].message);
    expect({ ...refusals.command, body: { ...refusals.command!.body, errors: undefined } }).toEqual({ ...response, body: { ...response.body, errors: undefined } });
  });

  it("fails the interaction after 3 seconds without an answer: the client's text, then 10062", { timeout: 15_000 }, async () => {
    answer = async () => undefined;
    const id = await tryIt({ name: 'ping' });
    const failed = await until(() => view(id), (seen) => seen.failed !== undefined);
    expect(failed.failed).toBe('The application did not respond');
    const { token } = (await deliveryOf(id)).body;
    const late = await call(emulator(), 'POST', `/interactions/${id}/${token}/callback`, { json: { type: 4, data: { content: 'hi' } } });
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ message: 'Unknown interaction', code: 10062 });
    expect((await call(emulator(), 'POST', `/webhooks/${emulator().applicationId}/${token}`, { json: { content: 'hi' } })).body).toEqual({ message: 'Unknown Webhook', code: 10015 });
  });
});

describe('the endpoint check', () => {
  it("takes a bot that refuses the wrongly signed PING with 400, as hikari's RESTBot does with Discord; not one that answers it 2xx", async () => {
    // An emulator of its own: this one's endpoint is the bot above.
    const own = await startEmulator({ seed: 'empty', rateLimits: 'off' });
    const endpoint = (refusal: number) =>
      createServer(async (request, response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const signed = await verifyKey(Buffer.concat(chunks), String(request.headers['x-signature-ed25519']), String(request.headers['x-signature-timestamp']), own.verifyKey);
        if (!signed) return void response.writeHead(refusal, { 'Content-Type': 'text/plain' }).end('Invalid request signature');
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":1}');
      });
    const hikariLike = endpoint(400);
    const careless = endpoint(204);
    try {
      for (const server of [hikariLike, careless]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const set = (server: typeof hikariLike) => call(own, 'PATCH', '/applications/@me', { auth: botAuth(own), json: { interactions_endpoint_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` } });
      expect((await set(hikariLike)).status).toBe(200);
      const refused = await set(careless);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('The specified interactions endpoint url could not be verified.');
    } finally {
      hikariLike.close();
      careless.close();
      await own.close();
    }
  });
});

describe('what the bot answers the delivery with', () => {
  it('is a failed delivery when it is a redirect: the emulator posts to the endpoint it was given, never elsewhere', async () => {
    let redirected = 0;
    const elsewhere = createServer((_request, response) => {
      redirected += 1;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ type: 4, data: { content: 'from elsewhere' } }));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      // 307 keeps the method and the body: a client that follows it would deliver the interaction there.
      answer = async () => ({ status: 307, headers: { Location: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/` } });
      const id = await tryIt({ name: 'ping' });
      const seen = await until(() => view(id), (state) => state.failed !== undefined || state.acknowledged !== undefined);
      expect(seen.failed).toBe('The application did not respond');
      expect(redirected).toBe(0);
    } finally {
      elsewhere.close();
    }
  });

  it('is a failed delivery when it is larger than any reply, and is not read whole', async () => {
    answer = async () => ({ status: 200, body: { type: 4, data: { content: 'big' }, padding: 'x'.repeat(2 * 1024 * 1024) } });
    const id = await tryIt({ name: 'ping' });
    const seen = await until(() => view(id), (state) => state.failed !== undefined || state.acknowledged !== undefined);
    expect(seen.failed).toBe('The application did not respond');
    expect(seen.original).toBeUndefined();
  });
});
