/**
 * The bot's form with what a Label holds besides text, filled in as Discord's client does: a string
 * select (its default picked at first, enter opening its menu, two values marked), a channel select
 * (offered the guild's channels), and a file upload given a path, read and uploaded before the submit,
 * its id the field's value. Drawn on a fake session against a stand-in for the emulator's routes.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Channel, Member, Role } from '../../source/discord/model.js';
import { readModal } from '../../source/discord/modal-rules.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, GUILD_ID, makeCommand } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';
import { listenLocally } from '../helpers/local-server.js';
import { tempFolder } from '../helpers/temp-folder.js';


const CHANNEL = '500000000000000001';

class GuildApi extends FakeApi {
  override async getGuildChannels(): Promise<Channel[]> {
    return [{ id: CHANNEL, type: 0, name: 'general' }];
  }
  override async listGuildMembers(): Promise<Member[]> {
    return [{ user: { id: '600000000000000001', username: 'ada' }, roles: [] }];
  }
  override async getGuildRoles(): Promise<Role[]> {
    return [{ id: GUILD_ID, name: '@everyone', position: 0, permissions: String((1n << 10n) | (1n << 31n)) }];
  }
}

const survey = readModal({
  custom_id: 'survey',
  title: 'Survey',
  components: [
    { type: 18, label: 'Colours', component: { type: 3, custom_id: 'colours', max_values: 2, options: [{ label: 'Red', value: 'red', default: true }, { label: 'Blue', value: 'blue' }, { label: 'Green', value: 'green' }] } },
    { type: 18, label: 'Where', component: { type: 8, custom_id: 'where' } },
    { type: 18, label: 'Screenshot', component: { type: 19, custom_id: 'shot' } },
  ],
}).modal!;

/** The emulator's try routes, as far as this form needs them: the command opens the form, files are taken, the submit is kept. */
async function formRoutes() {
  const submitted: unknown[] = [];
  const uploads: string[] = [];
  const views: Record<string, object> = {
    '9': { type: 2, revision: 1, acknowledged: 9, modal: survey, followups: [] },
    '10': { type: 5, revision: 1, acknowledged: 4, original: { id: '2', content: 'Thanks for the survey', edits: 0, flags: 0, embeds: [], components: [] }, followups: [] },
  };
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = request.url ?? '';
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
    const viewed = /\/__emulator\/interactions\/(\d+)$/.exec(url);
    if (request.method === 'GET' && viewed) return void json(200, views[viewed[1]!]);
    if (url.startsWith('/__emulator/requests')) return void json(200, [], { 'x-emulator-total-requests': '0' });
    if (url.startsWith('/__emulator/attachments')) {
      uploads.push(body);
      return void json(201, { id: '777000000000000001', filename: 'shot.txt', size: body.length, content_type: 'text/plain' });
    }
    if (url.endsWith('/modal')) {
      submitted.push(JSON.parse(body));
      return void json(202, { id: '10', botName: 'Bot', user: '@ada', channel: '#general' });
    }
    json(202, { id: '9', botName: 'Bot', user: '@ada', channel: '#general' });
  });
  const origin = await listenLocally(server);
  return { server, submitted, uploads, baseUrl: `${origin}/api/v10` };
}

it("a form's string select, channel select and file upload are filled in as the client does, and submitted with their values", { timeout: 20_000 }, async () => {
  const routes = await formRoutes();
  const folder = tempFolder('cmd-tui-form-file-');
  const file = join(folder, 'shot.txt');
  writeFileSync(file, 'a screenshot');
  const api = new GuildApi([makeCommand({ name: 'ping' })]);
  Object.defineProperty(api, 'baseUrl', { value: routes.baseUrl });
  const app = await renderApp(api, { columns: 120, rows: 30 });
  await app.waitForText('ping');
  await app.pressAndWait('tryCommand', 'In channel    #general');
  await app.pressAndWait('send', 'Survey — a form from Bot');
  // The string select starts with its default; enter opens its menu, where Blue is marked too.
  expect(app.frame()).toMatch(/▸ Colours\*\s+select · 1–2 values · enter picks\s*│?\n│?\s+Red\s/);
  await app.chord('enter');
  await app.waitForText('✓ done: 1 picked');
  await app.type('blue');
  await app.chord('enter');
  await app.waitForText('[x] Blue');
  for (let i = 0; i < 4; i++) await app.chord('backspace');
  await app.waitForText('✓ done: 2 picked');
  await app.chord('enter');
  await waitFor(() => /Colours[^\n]*\n│?\s+Red, Blue/.test(app.frame()), { message: () => app.frame() });
  // The channel select is required: Submit says so until it is picked.
  await app.pressAndWait('send', 'not yet: Where is required');
  await app.press('nextField');
  await app.chord('enter');
  await app.waitForText('#general');
  await app.chord('enter');
  await waitFor(() => /Where[^\n]*\n│?\s+#general/.test(app.frame()), { message: () => app.frame() });
  await app.press('nextField');
  await app.type(file);
  await app.waitForText('(1 given)');
  await app.pressAndWait('send', 'Thanks for the survey');
  expect(routes.uploads).toEqual(['a screenshot']);
  expect(routes.submitted).toEqual([{ values: { colours: ['red', 'blue'], where: [CHANNEL], shot: ['777000000000000001'] } }]);
});
