/**
 * discord.js, unmodified, answering over the gateway with `withResponse: true`: its `reply()` and
 * `deferReply()` then expect the callback's InteractionCallbackResponse (200), not a 204, and read the
 * message made from it. A bot process of its own, against the built `cmd-tui serve`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useServe } from '../helpers/serve.js';
import { fetchControl } from '../helpers/emulator-control.js';

const serve = useServe(['--seed', 'empty']);
let bot: ChildProcess | undefined;
const lines: string[] = [];

/** A bot as its author writes it: /ping replies, /later defers, each asking for the response and printing what it says. */
const BOT = `
import { Client, Events } from 'discord.js';
const client = new Client({ intents: [], rest: { api: process.env.DISCORD_API.replace(/\\/v\\d+$/, '') } });
client.once(Events.ClientReady, () => console.log('ready'));
client.on(Events.InteractionCreate, async (interaction) => {
  try {
    const response = interaction.commandName === 'ping'
      ? await interaction.reply({ content: 'Pong!', withResponse: true })
      : await interaction.deferReply({ withResponse: true });
    const { interaction: made, resource } = response;
    console.log(JSON.stringify({ command: interaction.commandName, id: made.id, messageId: made.responseMessageId, loading: made.responseMessageLoading, ephemeral: made.responseMessageEphemeral, content: resource?.message?.content ?? null }));
  } catch (error) {
    console.log(JSON.stringify({ command: interaction.commandName, error: String(error) }));
  }
});
await client.login(process.env.DISCORD_TOKEN);
`;

async function said(pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = lines.find((candidate) => pattern.test(candidate));
    if (line) return line;
    if (Date.now() > deadline || bot?.exitCode !== null) throw new Error(`the bot did not say ${pattern} (it said: ${JSON.stringify(lines)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const put = await fetch(`${serve().baseUrl}/applications/${serve().applicationId}/commands`, {
    method: 'PUT',
    headers: { Authorization: `Bot ${serve().botToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify([{ name: 'ping', description: 'Replies' }, { name: 'later', description: 'Thinks' }]),
  });
  expect(put.status).toBe(200);
  bot = spawn(process.execPath, ['--input-type=module', '-e', BOT], { env: { ...process.env, DISCORD_TOKEN: serve().botToken, DISCORD_API: serve().baseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  createInterface({ input: bot.stdout! }).on('line', (line) => lines.push(line));
  await said(/^ready$/);
}, 60_000);

afterAll(() => {
  bot?.kill();
});

async function tried(name: string): Promise<{ id: string; view: () => Promise<any> }> {
  const started = await fetchControl(serve(), '/__emulator/interactions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  return { id, view: async () => (await fetchControl(serve(), `/__emulator/interactions/${id}`)).json() };
}

it('reply({ withResponse: true }) gets the interaction and the message it made', { timeout: 30_000 }, async () => {
  const { id, view } = await tried('ping');
  const answer = JSON.parse(await said(/"command":"ping"/));
  const original = (await view()).original;
  expect(answer).toEqual({ command: 'ping', id, messageId: original.id, loading: false, ephemeral: false, content: 'Pong!' });
});

it('deferReply({ withResponse: true }) gets the interaction with its reply loading', { timeout: 30_000 }, async () => {
  const { id, view } = await tried('later');
  const answer = JSON.parse(await said(/"command":"later"/));
  expect(answer).toEqual({ command: 'later', id, messageId: (await view()).original.id, loading: true, ephemeral: false, content: null });
});
