/**
 * Buttons, selects and forms, as Discord's client uses them, against a bot answering over HTTP: pressing a
 * component of the bot's message delivers a MESSAGE_COMPONENT interaction (type 3) whose parts validate
 * against the spec's schemas; the bot's 7 edits that message in place, 6 shows nothing until it edits it
 * through `@original`; a form (9) is held to Discord's rules and submitted as a MODAL_SUBMIT (type 5) in
 * Discord's shape; what the client would not send (a link, a disabled button, a value the select does not
 * offer, a field too short) is refused; silence gives the client's text for the kind of interaction.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENT_FAILED_TEXT, MODAL_FAILED_TEXT } from '../../source/discord/interaction-kinds.js';
import { schemaOf } from '../helpers/discord-spec.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { signedBot } from '../helpers/signed-bot.js';
import { callControl } from '../helpers/emulator-control.js';

type Payload = { id: string; token: string; type: number; application_id: string; data: Record<string, unknown>; [field: string]: unknown };

const emulator = useEmulator({ seed: 'empty' });
const delivered = new Map<string, Payload>();

const panel = {
  flags: 64,
  content: 'Your panel',
  components: [
    {
      type: 1,
      components: [
        { type: 2, style: 1, label: 'Count', custom_id: 'count' },
        { type: 2, style: 2, label: 'Later', custom_id: 'later' },
        { type: 2, style: 5, label: 'Docs', url: 'https://example.com/docs' },
        { type: 2, style: 4, label: 'Off', custom_id: 'off', disabled: true },
        { type: 2, style: 2, label: 'Form', custom_id: 'form' },
      ],
    },
    { type: 1, components: [{ type: 3, custom_id: 'colour', max_values: 2, options: [{ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }] }] },
    { type: 1, components: [{ type: 5, custom_id: 'who' }] },
    { type: 1, components: [{ type: 2, style: 2, label: 'Silent', custom_id: 'silent' }, { type: 2, style: 2, label: 'Bad form', custom_id: 'bad-form' }] },
  ],
};

const form = {
  custom_id: 'feedback',
  title: 'Feedback',
  components: [
    { type: 18, label: 'Topic', description: 'What it is about', component: { type: 4, custom_id: 'topic', style: 1, min_length: 3, max_length: 20, placeholder: 'A word or two' } },
    { type: 1, components: [{ type: 4, custom_id: 'details', style: 2, label: 'Details', required: false, value: 'None' }] },
    { type: 10, content: 'Thanks for writing.' },
  ],
};

/** A form of what a Label may hold besides text: a string select with a default, a role select, a file upload. */
const survey = {
  custom_id: 'survey',
  title: 'Survey',
  components: [
    { type: 18, label: 'Colours', component: { type: 3, custom_id: 'colours', min_values: 1, max_values: 2, options: [{ label: 'Red', value: 'red', default: true }, { label: 'Blue', value: 'blue' }, { label: 'Green', value: 'green' }] } },
    { type: 18, label: 'Team', description: 'Who should look', component: { type: 6, custom_id: 'team' } },
    { type: 18, label: 'Screenshot', component: { type: 19, custom_id: 'shot', required: false, max_values: 2 } },
  ],
};

async function webhook(method: string, path: string, json: unknown) {
  return call(emulator(), method, path, { json });
}

/** The test bot: what a bot author writes for each interaction. */
async function answer(interaction: Payload): Promise<unknown> {
  const { custom_id: customId, name } = interaction.data as { custom_id?: string; name?: string };
  if (interaction.type === 2 && name === 'panel') return { type: 4, data: panel };
  if (interaction.type === 2 && name === 'feedback') return { type: 9, data: form };
  if (interaction.type === 2 && name === 'survey') return { type: 9, data: survey };
  if (interaction.type === 3 && customId === 'count') return { type: 7, data: { content: 'Counted 1' } };
  if (interaction.type === 3 && customId === 'later') {
    setTimeout(() => void webhook('PATCH', `/webhooks/${interaction.application_id}/${interaction.token}/messages/@original`, { content: 'Updated later' }), 200);
    return { type: 6 };
  }
  if (interaction.type === 3 && customId === 'form') return { type: 9, data: form };
  if (interaction.type === 3 && customId === 'bad-form') return { type: 9, data: { ...form, title: 'x'.repeat(46) } };
  if (interaction.type === 3 && customId === 'silent') return undefined;
  if (interaction.type === 3) return { type: 4, data: { content: `Picked ${(interaction.data.values as string[]).join(', ')}` } };
  const submitted = JSON.stringify(interaction.data.components ?? []);
  if (interaction.type === 5 && submitted.includes('"value":"silence"')) return undefined;
  if (interaction.type === 5 && interaction.message) return { type: 7, data: { content: 'Form received' } };
  return { type: 4, data: { content: 'Thanks' } };
}

const bot = signedBot<Payload>(() => emulator().verifyKey, (body) => {
  delivered.set(body.id, body);
  return answer(body);
});

const ids = { guild: '', member: '' };

beforeAll(async () => {
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  const e = emulator();
  const auth = { auth: botAuth(e) };
  expect((await call(e, 'PATCH', '/applications/@me', { ...auth, json: { interactions_endpoint_url: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/` } })).status).toBe(200);
  ids.guild = e.guildIds[0]!;
  const members = (await call(e, 'GET', `/guilds/${ids.guild}/members?limit=100`, auth)).body as { user: { id: string; bot?: boolean } }[];
  ids.member = members.find((member) => !member.user.bot)!.user.id;
  const commands = [{ name: 'panel', description: 'Buttons and selects' }, { name: 'feedback', description: 'A form' }, { name: 'survey', description: 'Selects and a file in a form' }];
  expect((await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${ids.guild}/commands`, { ...auth, json: commands })).status).toBe(200);
});
afterAll(() => bot.close());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

type View = { revision: number; acknowledged?: number; failed?: string; refused?: string[]; original?: { id: string; content: string; edits: number; flags: number }; modal?: { title: string; submitted?: boolean; items: unknown[] } };

const view = async (id: string) => (await callControl(emulator(), 'GET', `/__emulator/interactions/${id}`)).body as View;
const answered = (id: string) => until(() => view(id), (seen) => seen.acknowledged !== undefined || seen.failed !== undefined);

async function started(path: string, json: unknown): Promise<string> {
  const reply = await callControl(emulator(), 'POST', path, { json });
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  return reply.body.id as string;
}

/** Runs /panel and returns its interaction's id and the ephemeral message it answered with. */
async function openPanel(): Promise<{ id: string; messageId: string }> {
  const id = await started('/__emulator/interactions', { name: 'panel', guildId: ids.guild });
  const seen = await answered(id);
  return { id, messageId: seen.original!.id };
}

const press = (messageId: string, customId: string, values?: string[]) => callControl(emulator(), 'POST', `/__emulator/messages/${messageId}/components/${encodeURIComponent(customId)}`, { json: values ? { values } : {} });

function specIssues(type: string, value: unknown): string[] {
  const result = schemaOf(type).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${type} /${issue.path.join('/')}: ${issue.message}`);
}

describe('a button pressed on the bot\'s message', () => {
  it('delivers a MESSAGE_COMPONENT interaction whose parts validate against the spec, with the message it is on', async () => {
    const { messageId } = await openPanel();
    const pressed = await press(messageId, 'count');
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(202);
    const payload = await until(async () => delivered.get(pressed.body.id as string), Boolean) as Payload;
    expect(payload).toMatchObject({ type: 3, guild_id: ids.guild, version: 1, context: 0, data: { custom_id: 'count', component_type: 2 } });
    expect(payload.data).not.toHaveProperty('values');
    const member = payload.member as { user: unknown };
    const message = payload.message as { id: string; flags: number };
    expect(message).toMatchObject({ id: messageId, flags: 64, content: 'Your panel' });
    expect([
      ...specIssues('InteractionTypes', payload.type),
      ...specIssues('MessageComponentTypes', payload.data.component_type),
      ...specIssues('GuildMemberResponse', member),
      ...specIssues('GuildChannelResponse', payload.channel),
      ...specIssues('MessageResponse', message),
      // The spec's record of this same interaction, as the message the bot answers with carries it.
      ...specIssues('MessageComponentInteractionMetadataResponse', { id: payload.id, type: payload.type, user: member.user, authorizing_integration_owners: payload.authorizing_integration_owners, interacted_message_id: message.id }),
    ]).toEqual([]);
  });

  it('is updated in place by an UPDATE_MESSAGE (7): the command\'s reply shows the edit, no new message', async () => {
    const { id, messageId } = await openPanel();
    const pressed = await press(messageId, 'count');
    const seen = await answered(pressed.body.id as string);
    expect(seen).toMatchObject({ acknowledged: 7, original: { id: messageId, content: 'Counted 1', edits: 1, flags: 64 } });
    // The command's own view shows the same message, edited.
    expect((await view(id)).original).toMatchObject({ id: messageId, content: 'Counted 1', edits: 1 });
  });

  it('shows nothing new after a DEFERRED_UPDATE_MESSAGE (6) until the bot edits @original', async () => {
    const { id, messageId } = await openPanel();
    const pressed = await press(messageId, 'later');
    const seen = await answered(pressed.body.id as string);
    expect(seen.acknowledged).toBe(6);
    expect((await view(id)).original).toMatchObject({ content: 'Your panel', edits: 0 });
    const edited = await until(() => view(id), (current) => current.original?.edits === 1);
    expect(edited.original).toMatchObject({ id: messageId, content: 'Updated later' });
  });

  it('fails with "This interaction failed" when the bot does not answer within 3 seconds', async () => {
    const { messageId } = await openPanel();
    const pressed = await press(messageId, 'silent');
    const seen = await until(() => view(pressed.body.id as string), (current) => current.failed !== undefined);
    expect(seen.failed).toBe(COMPONENT_FAILED_TEXT);
  }, 10_000);

  it.each([
    ['a link button', 'Docs', 404],
    ['a disabled button', 'off', 400],
    ['a custom_id the message does not have', 'nope', 404],
  ])('refuses %s, sending the bot nothing', async (_label, customId, status) => {
    const { messageId } = await openPanel();
    const before = delivered.size;
    const refused = await press(messageId, customId);
    expect(refused.status).toBe(status);
    expect(String(refused.body.message)).toMatch(customId === 'off' ? /disabled/ : /no button or select/);
    expect(delivered.size).toBe(before);
  });
});

describe('a select', () => {
  it('sends the values picked, and a user select resolves the users and members it names', async () => {
    const { messageId } = await openPanel();
    const colours = await press(messageId, 'colour', ['red', 'blue']);
    expect(colours.status, JSON.stringify(colours.body)).toBe(202);
    expect((await answered(colours.body.id as string)).original?.content).toBe('Picked red, blue');
    const who = await press(messageId, 'who', [ids.member]);
    const payload = await until(async () => delivered.get(who.body.id as string), Boolean) as Payload;
    expect(payload.data).toMatchObject({ custom_id: 'who', component_type: 5, values: [ids.member] });
    const resolved = payload.data.resolved as { users: Record<string, unknown>; members: Record<string, unknown> };
    expect(Object.keys(resolved.users)).toEqual([ids.member]);
    expect(Object.keys(resolved.members)).toEqual([ids.member]);
    expect(specIssues('ResolvedObjectsResponse', resolved)).toEqual([]);
  });

  it.each([
    [['green'], /offers no "green": its options are red, blue/],
    [[], /takes 1 to 2 values, not 0/],
    [['red', 'blue', 'red'], /takes 1 to 2 values, not 3/],
  ])('refuses %j as the client would', async (values, message) => {
    const { messageId } = await openPanel();
    const refused = await press(messageId, 'colour', values);
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toMatch(message);
  });
});

describe('a form (MODAL)', () => {
  it('opened by a command is submitted as a MODAL_SUBMIT in Discord\'s shape, once', async () => {
    const id = await started('/__emulator/interactions', { name: 'feedback', guildId: ids.guild });
    const opened = await answered(id);
    expect(opened).toMatchObject({ acknowledged: 9, modal: { title: 'Feedback' } });
    const tooShort = await callControl(emulator(), 'POST', `/__emulator/interactions/${id}/modal`, { json: { values: { topic: 'hi' } } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.problems).toEqual(['Topic must be at least 3 characters (it has 2)']);
    const submitted = await started(`/__emulator/interactions/${id}/modal`, { values: { topic: 'Bugs' } });
    const payload = await until(async () => delivered.get(submitted), Boolean) as Payload;
    expect(payload.type).toBe(5);
    expect(payload).not.toHaveProperty('message');
    expect(payload.data).toEqual({
      custom_id: 'feedback',
      components: [
        { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'topic', value: 'Bugs' } },
        { type: 1, id: 3, components: [{ type: 4, id: 4, custom_id: 'details', value: 'None' }] },
        { type: 10, id: 5 },
      ],
    });
    const member = payload.member as { user: unknown };
    expect(specIssues('ModalSubmitInteractionMetadataResponse', {
      id: payload.id, type: payload.type, user: member.user, authorizing_integration_owners: payload.authorizing_integration_owners,
      triggering_interaction_metadata: { id, type: 2, user: member.user, authorizing_integration_owners: payload.authorizing_integration_owners },
    })).toEqual([]);
    expect((await answered(submitted)).original?.content).toBe('Thanks');
    const again = await callControl(emulator(), 'POST', `/__emulator/interactions/${id}/modal`, { json: { values: { topic: 'Bugs' } } });
    expect(again.status).toBe(409);
  });

  it('opened by a button carries the message, and its UPDATE_MESSAGE edits that message', async () => {
    const { id, messageId } = await openPanel();
    const pressed = await press(messageId, 'form');
    const opened = (pressed.body.id as string);
    expect((await answered(opened)).acknowledged).toBe(9);
    const submitted = await started(`/__emulator/interactions/${opened}/modal`, { values: { topic: 'Ideas', details: '' } });
    const payload = await until(async () => delivered.get(submitted), Boolean) as Payload;
    expect(payload.message).toMatchObject({ id: messageId });
    expect(await answered(submitted)).toMatchObject({ acknowledged: 7 });
    expect((await view(id)).original).toMatchObject({ content: 'Form received' });
  });

  it('submitted and not answered within 3 seconds fails with the form\'s own text', async () => {
    const id = await started('/__emulator/interactions', { name: 'feedback', guildId: ids.guild });
    await answered(id);
    const submitted = await started(`/__emulator/interactions/${id}/modal`, { values: { topic: 'silence' } });
    const seen = await until(() => view(submitted), (current) => current.failed !== undefined);
    expect(seen.failed).toBe(MODAL_FAILED_TEXT);
  }, 10_000);

  it('with selects and a file upload in Labels: held to their counts and offers, submitted with their values and resolved as the client does', async () => {
    const e = emulator();
    const id = await started('/__emulator/interactions', { name: 'survey', guildId: ids.guild });
    const opened = await answered(id);
    expect(opened).toMatchObject({ acknowledged: 9, modal: { title: 'Survey' } });
    const roles = (await call(e, 'GET', `/guilds/${ids.guild}/roles`, { auth: botAuth(e) })).body as { id: string; name: string }[];
    const role = roles.find((candidate) => candidate.name !== '@everyone')!;
    // A required select left empty, too many colours, a colour it does not offer: refused, each named.
    const refusedEmpty = await callControl(e, 'POST', `/__emulator/interactions/${id}/modal`, { json: { values: {} } });
    expect(refusedEmpty.body.problems).toEqual(['Team is required: pick 1 value']);
    const wrong = await callControl(e, 'POST', `/__emulator/interactions/${id}/modal`, { json: { values: { colours: ['red', 'blue', 'green'], team: [role.id] } } });
    expect(wrong.body.problems).toEqual(['Colours takes 1 to 2 values, not 3']);
    const unknown = await callControl(e, 'POST', `/__emulator/interactions/${id}/modal`, { json: { values: { colours: ['pink'], team: [role.id] } } });
    expect(String(unknown.body.problems)).toMatch(/offers no "pink": its options are red, blue, green/);
    // The file, uploaded first as the client does; its id is the upload field's value.
    const uploaded = await callControl(e, 'POST', '/__emulator/attachments?filename=shot.txt', { raw: 'a screenshot', headers: { 'content-type': 'text/plain' } });
    expect(uploaded.status).toBe(201);
    const submitted = await started(`/__emulator/interactions/${id}/modal`, { values: { team: [role.id], shot: [uploaded.body.id] } });
    const payload = (await until(async () => delivered.get(submitted), Boolean)) as Payload;
    expect(payload.type).toBe(5);
    expect(payload.data.components).toEqual([
      { type: 18, id: 1, component: { type: 3, id: 2, custom_id: 'colours', values: ['red'] } },
      { type: 18, id: 3, component: { type: 6, id: 4, custom_id: 'team', values: [role.id] } },
      { type: 18, id: 5, component: { type: 19, id: 6, custom_id: 'shot', values: [uploaded.body.id] } },
    ]);
    const resolved = payload.data.resolved as { roles: Record<string, { name: string }>; attachments: Record<string, { filename: string; url: string }> };
    expect(resolved.roles[role.id]).toMatchObject({ name: role.name });
    expect(resolved.attachments[uploaded.body.id]).toMatchObject({ filename: 'shot.txt' });
    const file = await fetch(resolved.attachments[uploaded.body.id]!.url);
    expect(await file.text()).toBe('a screenshot');
  });

  it('that breaks Discord\'s rules is refused with Discord\'s error, kept for the developer, and the press fails', async () => {
    const { messageId } = await openPanel();
    const pressed = await press(messageId, 'bad-form');
    const seen = await until(() => view(pressed.body.id as string), (current) => current.failed !== undefined);
    expect(seen.failed).toBe(COMPONENT_FAILED_TEXT);
    expect(seen.refused).toEqual(['400 Invalid Form Body (code 50035): data.title: Must be between 1 and 45 in length.']);
    expect(seen.modal).toBeUndefined();
  });

});
