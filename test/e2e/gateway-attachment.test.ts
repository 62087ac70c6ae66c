/**
 * A file attached to a command tried against a gateway bot, every piece a real process on 127.0.0.1:
 * `cmd-tui serve` without an interactions endpoint, the example discord.js bot (examples/gateway-bot.mjs,
 * unmodified discord.js: `interaction.options.getAttachment` reads the resolved attachment), and
 * `cmd-tui try --file` uploading the bytes the bot then downloads from the attachment's URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { serveApi } from './helpers/interactions-bot.js';
import { tempFolder } from '../helpers/temp-folder.js';

const BOT_PATH = fileURLToPath(new URL('../../examples/gateway-bot.mjs', import.meta.url));
const home = tempFolder('cmd-tui-gateway-file-');
const serve = useServe(['--seed', 'empty']);
let bot: ChildProcess | undefined;

beforeAll(async () => {
  const commands = [{ name: 'filesize', description: 'Says the size of a file', options: [{ type: 11, name: 'file', description: 'Any file', required: true }] }];
  expect((await serveApi(serve(), 'PUT', `/applications/${serve().applicationId}/commands`, commands)).status).toBe(200);
  bot = spawn(process.execPath, [BOT_PATH], { env: { ...process.env, DISCORD_TOKEN: serve().botToken, DISCORD_API: serve().baseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: bot!.stdout! }).on('line', (line) => line.startsWith('Logged in') && resolve());
    bot!.once('exit', (code) => reject(new Error(`the bot exited with ${code}`)));
  });
}, 60_000);

afterAll(() => {
  bot?.kill();
});

it('a discord.js bot reads the attachment and downloads its exact bytes from its URL', { timeout: 30_000 }, async () => {
  writeFileSync(join(home, 'notes.txt'), 'é'.repeat(500));
  const result = await runCli(['try', 'filesize', '--file', 'file=notes.txt', '--api', serve().baseUrl], { env: { CMD_TUI_HOME: home, CMD_TUI_EMULATOR_SECRET: serve().controlSecret }, cwd: home });
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('· reply\n  notes.txt: 1000 bytes of text/plain; charset=utf-8.\n');
  expect(result.code).toBe(0);
});
