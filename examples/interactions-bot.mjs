/**
 * A tiny HTTP interactions bot, written as a bot author would with the `discord-interactions` package:
 * it verifies every request's signature with the app's public key and answers these commands.
 *   /ping     → "Pong!"
 *   /later    → "thinking…" (a deferred reply), then edits it and sends a follow-up
 *   /secret   → an ephemeral reply with an embed and a button
 *   /slow     → answers after 4 s, too late for Discord's 3-second deadline
 *   /weather  → suggests cities while `city` is typed in (autocomplete), then gives the forecast
 *   /counter  → "Count: 0" with buttons: `add` updates the message in place (UPDATE_MESSAGE), `feedback` opens the form
 *   /feedback → a form (MODAL) with a topic and details; its submit is answered with what was typed
 *   /filesize → downloads the attached `file` from its URL, as a bot does, and says its name and size
 * Run it against `cmd-tui serve` (see the README, "Trying a command"):
 *   PUBLIC_KEY=<serve's public key> PORT=3000 DISCORD_API=http://127.0.0.1:8990/api/v10 node examples/interactions-bot.mjs
 */
import { createServer } from 'node:http';
import { ButtonStyleTypes, InteractionResponseFlags, InteractionResponseType, InteractionType, MessageComponentTypes, TextStyleTypes, verifyKey } from 'discord-interactions';

const publicKey = process.env.PUBLIC_KEY;
const port = Number(process.env.PORT ?? 3000);
const api = process.env.DISCORD_API ?? 'https://discord.com/api/v10';
if (!publicKey) {
  console.error('Set PUBLIC_KEY to the application public key (cmd-tui serve prints it).');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function webhook(method, path, body) {
  const response = await fetch(`${api}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) console.error(`${method} ${path} → ${response.status} ${await response.text()}`);
}

/** The counter's message: its count, and its buttons (the count travels in the message itself). */
function counter(count) {
  return {
    content: `Count: ${count}`,
    components: [
      {
        type: MessageComponentTypes.ACTION_ROW,
        components: [
          { type: MessageComponentTypes.BUTTON, style: ButtonStyleTypes.PRIMARY, label: 'Add one', custom_id: 'add' },
          { type: MessageComponentTypes.BUTTON, style: ButtonStyleTypes.SECONDARY, label: 'Feedback', custom_id: 'feedback' },
          { type: MessageComponentTypes.BUTTON, style: ButtonStyleTypes.LINK, label: 'Docs', url: 'https://discord.com/developers/docs/components/reference' },
        ],
      },
    ],
  };
}

const feedbackForm = {
  custom_id: 'feedback-form',
  title: 'Feedback',
  components: [
    { type: MessageComponentTypes.LABEL, label: 'Topic', description: 'What is it about?', component: { type: MessageComponentTypes.INPUT_TEXT, custom_id: 'topic', style: TextStyleTypes.SHORT, min_length: 3, max_length: 40 } },
    { type: MessageComponentTypes.LABEL, label: 'Details', component: { type: MessageComponentTypes.INPUT_TEXT, custom_id: 'details', style: TextStyleTypes.PARAGRAPH, required: false, placeholder: 'Anything else' } },
  ],
};

/** Each field of a submitted form by its custom_id, in a Label (type 18) or a legacy action row. */
function formValues(components) {
  const inputs = components.flatMap((component) => component.component ?? component.components ?? []);
  return Object.fromEntries(inputs.map((input) => [input.custom_id, input.value]));
}

async function answer(interaction) {
  if (interaction.type === InteractionType.PING) return { type: InteractionResponseType.PONG };
  if (interaction.type === InteractionType.MESSAGE_COMPONENT) {
    if (interaction.data.custom_id === 'add') {
      const count = Number(/Count: (\d+)/.exec(interaction.message.content)?.[1] ?? 0) + 1;
      return { type: InteractionResponseType.UPDATE_MESSAGE, data: counter(count) };
    }
    if (interaction.data.custom_id === 'feedback') return { type: InteractionResponseType.MODAL, data: feedbackForm };
  }
  if (interaction.type === InteractionType.MODAL_SUBMIT) {
    const { topic, details } = formValues(interaction.data.components);
    return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `Thanks for your feedback on ${topic}${details ? `: ${details}` : '.'}` } };
  }
  if (interaction.type === InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE) {
    const typed = String(interaction.data.options.find((option) => option.focused)?.value ?? '').toLowerCase();
    const cities = ['Paris', 'Pau', 'Porto', 'Prague', 'Lisbon'].filter((city) => city.toLowerCase().startsWith(typed));
    return { type: InteractionResponseType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, data: { choices: cities.map((city) => ({ name: city, value: city.toLowerCase() })) } };
  }
  const name = interaction.data?.name;
  if (name === 'ping') return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: 'Pong!' } };
  if (name === 'later') {
    const hook = `/webhooks/${interaction.application_id}/${interaction.token}`;
    setTimeout(async () => {
      await webhook('PATCH', `${hook}/messages/@original`, { content: 'Done thinking.' });
      await webhook('POST', hook, { content: 'And one more thing.' });
    }, 300);
    return { type: InteractionResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE };
  }
  if (name === 'secret') {
    return {
      type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
      data: {
        flags: InteractionResponseFlags.EPHEMERAL,
        content: 'Only you can see this.',
        embeds: [{ title: 'Your stats', description: 'Level 3', fields: [{ name: 'XP', value: '1200' }] }],
        components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Refresh', custom_id: 'refresh' }] }],
      },
    };
  }
  if (name === 'counter') return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: counter(0) };
  if (name === 'feedback') return { type: InteractionResponseType.MODAL, data: feedbackForm };
  if (name === 'weather') {
    const city = interaction.data.options.find((option) => option.name === 'city').value;
    return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `Sunny in ${city}.` } };
  }
  if (name === 'filesize') {
    // The option's value is the attachment's id; `resolved` has the file, and its url the bytes.
    const id = interaction.data.options.find((option) => option.name === 'file').value;
    const file = interaction.data.resolved.attachments[id];
    const download = await fetch(file.url);
    if (!download.ok) return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `Could not download ${file.filename}: HTTP ${download.status}.` } };
    const bytes = (await download.arrayBuffer()).byteLength;
    return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `${file.filename}: ${bytes} bytes of ${download.headers.get('content-type')}.` } };
  }
  if (name === 'slow') {
    await sleep(4000);
    return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: 'Too late.' } };
  }
  return { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `I do not know /${name}.` } };
}

const server = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  const valid = await verifyKey(body, request.headers['x-signature-ed25519'] ?? '', request.headers['x-signature-timestamp'] ?? '', publicKey);
  if (!valid) {
    response.writeHead(401).end('Bad request signature');
    return;
  }
  const reply = JSON.stringify(await answer(JSON.parse(body.toString('utf8'))));
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(reply);
});
server.listen(port, '127.0.0.1', () => console.log(`interactions bot listening on http://127.0.0.1:${server.address().port}/`));
