/**
 * A tiny gateway bot, written as a bot author would with discord.js: a `Client` that logs in and answers
 * commands arriving as INTERACTION_CREATE over the gateway, and logs the overwrites it is told of.
 *   /ping     → "Pong!"
 *   /later    → "thinking…" (deferReply); the first followUp is the reply (as on Discord), the second a follow-up
 *   /filesize → downloads the attached `file` from its URL and says its name and size
 *   /counter  → "Count: 0" with buttons: `add` updates the message in place (update), `feedback` opens the form
 *   /feedback → a form (showModal) with a topic and details; its submit is answered with what was typed
 * Pointed at `cmd-tui serve` by its REST URL alone (see the README, "A gateway bot"): discord.js asks
 * GET /gateway/bot where the gateway is, and `serve` answers with its own ws:// URL.
 *   DISCORD_TOKEN=<serve's bot token> DISCORD_API=http://127.0.0.1:8990/api/v10 node examples/gateway-bot.mjs
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Client, Events, LabelBuilder, ModalBuilder, TextInputBuilder, TextInputStyle } from 'discord.js';

const token = process.env.DISCORD_TOKEN;
// discord.js adds the version itself: it wants the API's base without `/v10`.
const api = (process.env.DISCORD_API ?? 'https://discord.com/api/v10').replace(/\/v\d+\/?$/, '');
if (!token) {
  console.error('Set DISCORD_TOKEN to the bot token (cmd-tui serve prints it).');
  process.exit(2);
}

// No intents: interactions and command permission updates need none.
const client = new Client({ intents: [], rest: { api } });

client.once(Events.ClientReady, (ready) => console.log(`Logged in as ${ready.user.username} (session ready)`));

/** The counter's message: its count, and its buttons (the count travels in the message itself). */
function counter(count) {
  const buttons = new ActionRowBuilder().addComponents(
    new ButtonBuilder().setCustomId('add').setLabel('Add one').setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId('feedback').setLabel('Feedback').setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setURL('https://discord.com/developers/docs/components/reference').setLabel('Docs').setStyle(ButtonStyle.Link),
  );
  return { content: `Count: ${count}`, components: [buttons] };
}

function feedbackForm() {
  const topic = new TextInputBuilder().setCustomId('topic').setStyle(TextInputStyle.Short).setMinLength(3).setMaxLength(40);
  const details = new TextInputBuilder().setCustomId('details').setStyle(TextInputStyle.Paragraph).setRequired(false).setPlaceholder('Anything else');
  return new ModalBuilder()
    .setCustomId('feedback-form')
    .setTitle('Feedback')
    .addLabelComponents(
      new LabelBuilder().setLabel('Topic').setDescription('What is it about?').setTextInputComponent(topic),
      new LabelBuilder().setLabel('Details').setTextInputComponent(details),
    );
}

client.on(Events.InteractionCreate, async (interaction) => {
  if (interaction.isButton() && interaction.customId === 'add') {
    const count = Number(/Count: (\d+)/.exec(interaction.message.content)?.[1] ?? 0) + 1;
    await interaction.update(counter(count));
  }
  if (interaction.isButton() && interaction.customId === 'feedback') await interaction.showModal(feedbackForm());
  if (interaction.isModalSubmit()) {
    const topic = interaction.fields.getTextInputValue('topic');
    const details = interaction.fields.getTextInputValue('details');
    await interaction.reply(`Thanks for your feedback on ${topic}${details ? `: ${details}` : '.'}`);
  }
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName === 'ping') await interaction.reply('Pong!');
  if (interaction.commandName === 'counter') await interaction.reply(counter(0));
  if (interaction.commandName === 'feedback') await interaction.showModal(feedbackForm());
  if (interaction.commandName === 'later') {
    await interaction.deferReply();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await interaction.followUp('Thought it through.');
    await interaction.followUp('And one more thing.');
  }
  if (interaction.commandName === 'filesize') {
    const file = interaction.options.getAttachment('file', true);
    const download = await fetch(file.url);
    const bytes = (await download.arrayBuffer()).byteLength;
    await interaction.reply(`${file.name}: ${bytes} bytes of ${download.headers.get('content-type')}.`);
  }
});

client.on(Events.ApplicationCommandPermissionsUpdate, (update) => {
  console.log(`Permissions of ${update.id} in ${update.guildId}: ${update.permissions.map((entry) => `${entry.id}=${entry.permission}`).join(', ') || 'none'}`);
});

process.once('SIGTERM', () => void client.destroy().then(() => process.exit(0)));
await client.login(token);
