/**
 * The messages a bot's answers make, as Discord returns them (GET …/messages/@original, a follow-up, the
 * `message` a component's interaction carries): each names the interaction that made it in
 * `interaction_metadata` — who used it (what a discord.js "only the person who ran the command may press
 * this" check reads), the command's name, the follow-up's response, the message a button is on, the form's
 * trigger —; a button's reply is a REPLY to the message the button is on; times are Discord's
 * `…+00:00`. Compared with a message recorded from Discord (test/fixtures/discord/messages) and the spec's
 * schemas; the PING an endpoint is checked with, with a recorded PING (test/fixtures/discord/interactions).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snowflakeTime } from '../../source/emulator/snowflake.js';
import { schemaOf } from '../helpers/discord-spec.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';
import { signedBot } from '../helpers/signed-bot.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Message = { [key: string]: Json };
type Payload = { id: string; token: string; type: number; application_id: string; data: { [key: string]: Json }; message?: Message; [field: string]: unknown };

const emulator = useEmulator({ seed: 'empty' });
const delivered = new Map<string, Payload>();
const pings: string[] = [];

const panel = {
  content: 'Your panel',
  components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Mine', custom_id: 'mine' }, { type: 2, style: 2, label: 'Form', custom_id: 'form' }] }],
};
const form = { custom_id: 'note', title: 'A note', components: [{ type: 1, components: [{ type: 4, custom_id: 'text', style: 1, label: 'Text' }] }] };

const bot = signedBot<Payload>(() => emulator().verifyKey, (body) => {
  delivered.set(body.id, body);
  if (body.type === 2) return { type: 4, data: panel };
  if (body.type === 3 && body.data.custom_id === 'mine') return { type: 5, data: { flags: 64 } };
  if (body.type === 3 && body.data.custom_id === 'form') return { type: 9, data: form };
  return { type: 4, data: { content: 'Noted' } };
});

const ids = { guild: '', runner: '' };
/** Every time Discord writes, as recorded: six fraction digits and +00:00. */
const DISCORD_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;

beforeAll(async () => {
  // Every request the bot gets before it is set as the endpoint is a PING of the check: kept raw.
  const listening = new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  bot.prependListener('request', (request) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (raw.includes('"type":1,')) pings.push(raw);
    });
  });
  await listening;
  const e = emulator();
  const auth = { auth: botAuth(e) };
  expect((await call(e, 'PATCH', '/applications/@me', { ...auth, json: { interactions_endpoint_url: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/` } })).status).toBe(200);
  ids.guild = e.guildIds[0]!;
  ids.runner = e.seeded.memberUserId;
  const commands = [
    { name: 'panel', description: 'Buttons' },
    { name: 'settings', description: 'Nested', options: [{ type: 2, name: 'notifications', description: 'A group', options: [{ type: 1, name: 'enable', description: 'On' }] }] },
  ];
  expect((await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${ids.guild}/commands`, { ...auth, json: commands })).status).toBe(200);
});
afterAll(() => bot.close());

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const answered = (id: string) => until(async () => (await callControl(emulator(), 'GET', `/__emulator/interactions/${id}`)).body, (seen) => seen.acknowledged !== undefined);

/** Runs a command as the seeded member, and returns the interaction the bot received, once it answered. */
async function run(name: string, path: string[] = []): Promise<Payload> {
  const started = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name, path, guildId: ids.guild, userId: ids.runner } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await answered(started.body.id as string);
  return delivered.get(started.body.id as string)!;
}

async function press(messageId: string, customId: string): Promise<Payload> {
  const pressed = await callControl(emulator(), 'POST', `/__emulator/messages/${messageId}/components/${customId}`, { json: {} });
  expect(pressed.status, JSON.stringify(pressed.body)).toBe(202);
  await answered(pressed.body.id as string);
  return delivered.get(pressed.body.id as string)!;
}

const hook = (interaction: Payload) => `/webhooks/${interaction.application_id}/${interaction.token}`;
const original = async (interaction: Payload) => (await call(emulator(), 'GET', `${hook(interaction)}/messages/@original`)).body as Message;

function specIssues(type: string, value: unknown): string[] {
  const result = schemaOf(type).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${type} /${issue.path.join('/')}: ${issue.message}`);
}

function recorded<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/discord/${path}.json`, import.meta.url), 'utf8')) as T;
}

function jsonType(value: Json | undefined): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The keys of `real` that `ours` lacks, and those both have with other JSON types (null matches any). */
function shapeGaps(real: Message, ours: Message, path: string): string[] {
  return Object.keys(real).flatMap((key) => {
    if (!(key in ours)) return [`${path}.${key} missing`];
    const [theirs, mine] = [real[key], ours[key]];
    return theirs !== null && mine !== null && jsonType(theirs) !== jsonType(mine) ? [`${path}.${key}: ${jsonType(theirs)} in Discord's, ${jsonType(mine)} in ours`] : [];
  });
}

/** Keys of the recorded message the emulator leaves out, each for a reason. */
const LEFT_OUT = new Set([
  // DOCS/MSG: "the approximate position of the message in a thread"; the emulator's channels are not threads.
  'message.position missing',
]);

describe("a command's reply", () => {
  it('names its interaction: the user who ran it, where the app is authorized, the command as typed', async () => {
    const interaction = await run('panel');
    const message = await original(interaction);
    const runner = (interaction.member as { user: Message }).user;
    expect(message).toMatchObject({
      type: 20,
      interaction_metadata: { id: interaction.id, type: 2, user_id: ids.runner, user: { id: ids.runner }, authorizing_integration_owners: { '0': ids.guild }, name: 'panel', command_type: 1 },
      // The deprecated object older libraries still read.
      interaction: { id: interaction.id, type: 2, name: 'panel', user: { id: ids.runner } },
    });
    expect((message.interaction_metadata as Message).user).toMatchObject({ id: runner.id, username: runner.username });
    expect(specIssues('MessageResponse', message)).toEqual([]);
    // Dated by its id, in Discord's form; not edited.
    expect(message.timestamp).toMatch(DISCORD_TIME);
    expect(Date.parse(message.timestamp as string)).toBe(snowflakeTime(message.id as string));
    expect(message.edited_timestamp).toBeNull();
  });

  it("names a subcommand's whole path, as the docs' `name` has it (\"including subcommands and subcommand groups\")", async () => {
    const interaction = await run('settings', ['notifications', 'enable']);
    expect(((await original(interaction)).interaction_metadata as Message).name).toBe('settings notifications enable');
  });

  it('gives a follow-up the id of the response it follows; an edit its time', async () => {
    const interaction = await run('panel');
    const reply = await original(interaction);
    const followUp = (await call(emulator(), 'POST', hook(interaction), { json: { content: 'And more' } })).body as Message;
    expect(followUp.interaction_metadata).toMatchObject({ id: interaction.id, type: 2, original_response_message_id: reply.id });
    expect(reply.interaction_metadata).not.toHaveProperty('original_response_message_id');
    expect(specIssues('MessageResponse', followUp)).toEqual([]);
    const edited = (await call(emulator(), 'PATCH', `${hook(interaction)}/messages/@original`, { json: { content: 'Changed' } })).body as Message;
    expect(edited.edited_timestamp).toMatch(DISCORD_TIME);
    expect(edited.timestamp).toBe(reply.timestamp);
  });
});

describe("a button's interaction and its reply", () => {
  it("carries the message the button is on, with the command's interaction_metadata: who ran it", async () => {
    const command = await run('panel');
    const messageId = (await original(command)).id as string;
    const pressed = await press(messageId, 'mine');
    // discord.js: `interaction.message.interactionMetadata.user.id === interaction.user.id`.
    expect(pressed.message).toMatchObject({ id: messageId, interaction_metadata: { id: command.id, type: 2, user: { id: ids.runner } } });
    expect((pressed.member as { user: { id: string } }).user.id).toBe(ids.runner);
  });

  it('is answered with a REPLY to that message, shaped as the one recorded from Discord; deferred, it is LOADING until sent', async () => {
    const { message: real } = recorded<{ message: Message }>('messages/component-reply');
    const command = await run('panel');
    const messageId = (await original(command)).id as string;
    const pressed = await press(messageId, 'mine');
    const ours = await original(pressed);
    expect(ours).toMatchObject({
      type: real.type as number,
      flags: real.flags as number,
      edited_timestamp: null,
      message_reference: { type: 0, channel_id: ours.channel_id as string, message_id: messageId, guild_id: ids.guild },
      interaction_metadata: { id: pressed.id, type: 3, user_id: ids.runner, authorizing_integration_owners: { '0': ids.guild }, interacted_message_id: messageId },
    });
    expect(ours.timestamp).toMatch(DISCORD_TIME);
    expect((real.timestamp as string)).toMatch(DISCORD_TIME);
    const gaps = [...shapeGaps(real, ours, 'message'), ...shapeGaps(real.interaction_metadata as Message, ours.interaction_metadata as Message, 'message.interaction_metadata')];
    expect(gaps.filter((gap) => !LEFT_OUT.has(gap))).toEqual([]);
    expect(specIssues('MessageResponse', ours)).toEqual([]);
    // Sent: no longer loading, still ephemeral.
    const sent = (await call(emulator(), 'PATCH', `${hook(pressed)}/messages/@original`, { json: { content: 'Only yours' } })).body as Message;
    expect(sent).toMatchObject({ flags: 64, type: 19, content: 'Only yours' });
  });

  it("gives a form's reply the interaction that opened the form", async () => {
    const command = await run('panel');
    const messageId = (await original(command)).id as string;
    const opener = await press(messageId, 'form');
    const submitted = await callControl(emulator(), 'POST', `/__emulator/interactions/${opener.id}/modal`, { json: { values: { text: 'hi' } } });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    await answered(submitted.body.id as string);
    const reply = await original(delivered.get(submitted.body.id as string)!);
    expect(reply.interaction_metadata).toMatchObject({
      id: submitted.body.id as string,
      type: 5,
      user: { id: ids.runner },
      triggering_interaction_metadata: { id: opener.id, type: 3, interacted_message_id: messageId },
    });
    expect(specIssues('MessageResponse', reply)).toEqual([]);
  });
});

describe('the PING an endpoint is checked with', () => {
  it('has the keys, in the order, and the values of a recorded PING, but its own id, token and application', () => {
    const { interaction: real } = recorded<{ interaction: Message }>('interactions/ping');
    expect(pings.length).toBeGreaterThanOrEqual(2);
    const ours = JSON.parse(pings[0]!) as Message;
    expect(Object.keys(ours)).toEqual(Object.keys(real));
    expect({ ...ours, id: real.id, token: real.token, application_id: real.application_id }).toEqual(real);
    expect(ours.application_id).toBe(emulator().applicationId);
  });
});
