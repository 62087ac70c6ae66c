/**
 * A tiny gateway bot, written as a bot author would with discord.js: a `Client` that logs in and answers
 * commands arriving as INTERACTION_CREATE over the gateway, and logs the overwrites it is told of.
 *   /ping     → "Pong!"
 *   /later    → "thinking…" (deferReply); the first followUp is the reply (as on Discord), the second a follow-up
 *   /filesize → downloads the attached `file` from its URL and says its name and size
 * Pointed at `cmd-tui serve` by its REST URL alone (see the README, "A gateway bot"): discord.js asks
 * GET /gateway/bot where the gateway is, and `serve` answers with its own ws:// URL.
 *   DISCORD_TOKEN=<serve's bot token> DISCORD_API=http://127.0.0.1:8990/api/v10 node examples/gateway-bot.mjs
 */
import { Client, Events } from 'discord.js';

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

client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName === 'ping') await interaction.reply('Pong!');
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
