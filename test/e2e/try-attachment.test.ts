/**
 * A file attached to a tried command, end to end, every piece a real process over real HTTP on 127.0.0.1:
 * `cmd-tui serve`, the example bot (examples/interactions-bot.mjs, the unmodified `discord-interactions`
 * package), and the built binary — `cmd-tui try --file`, and the TUI's Try screen in tmux — uploading the
 * file's bytes; the bot downloads them from the URL the interaction gives and replies with what it got.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { useInteractionsBot } from './helpers/interactions-bot.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { tempFolder } from '../helpers/temp-folder.js';

const home = tempFolder('cmd-tui-try-file-');
const serve = useServe(['--seed', 'empty']);
const runs = useTuiRuns();

const COMMANDS = [
  { name: 'filesize', description: 'Says the size of a file', options: [{ type: 11, name: 'file', description: 'Any file', required: true }] },
  { name: 'weather', description: 'The forecast', options: [{ type: 3, name: 'city', description: 'Which city', required: true }] },
];

/** 3,000 bytes no text encoding would keep as they are. */
const PHOTO = join(home, 'holiday photo.png');

const tryCommand = (...args: string[]) => runCli(['try', ...args, '--api', serve().baseUrl], { env: { CMD_TUI_HOME: home, CMD_TUI_EMULATOR_SECRET: serve().controlSecret }, cwd: home });

beforeAll(() => {
  writeFileSync(PHOTO, Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0x80]), randomBytes(2996)]));
});
useInteractionsBot(serve, COMMANDS);

it('try --file uploads the bytes, and the bot downloads exactly them from the interaction\'s URL', { timeout: 30_000 }, async () => {
  const result = await tryCommand('filesize', '--file', 'file=holiday photo.png');
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('· reply\n  holiday photo.png: 3000 bytes of image/png.\n');
  expect(result.code).toBe(0);
  const json = JSON.parse((await tryCommand('filesize', '--file', `file=${PHOTO}`, '--json')).stdout) as { interaction: { data: { resolved: { attachments: Record<string, { url: string; size: number }> } } } };
  const [attachment] = Object.values(json.interaction.data.resolved.attachments);
  expect(attachment!.size).toBe(3000);
  const download = await fetch(attachment!.url);
  expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(PHOTO))).toBe(true);
});

it('try --file refuses, naming the option and the file: missing, a folder, too big, an option that is not an ATTACHMENT', { timeout: 30_000 }, async () => {
  const missing = await tryCommand('filesize', '--file', 'file=nowhere.png');
  expect(missing.stderr).toContain('cmd-tui try: --file file: cannot read nowhere.png: no such file\n');
  expect(missing.code).toBe(2);
  const folder = await tryCommand('filesize', '--file', 'file=.');
  expect(folder.stderr).toContain('cmd-tui try: --file file: . is a folder: give a file to upload\n');
  const big = join(home, 'big.bin');
  writeFileSync(big, Buffer.alloc(10_485_761));
  const tooBig = await tryCommand('filesize', '--file', 'file=big.bin');
  expect(tooBig.stderr).toContain("cmd-tui try: --file file: big.bin cannot be uploaded: it is 10.0 MiB, and Discord's client uploads at most 10 MiB (10485760 bytes) with a command\n");
  expect(tooBig.code).toBe(2);
  const notAttachment = await tryCommand('weather', '--file', `city=${PHOTO}`);
  expect(notAttachment.stderr).toContain('option "city" (STRING) is not an ATTACHMENT, so it takes no file (holiday photo.png): give its value as text');
  expect(notAttachment.code).toBe(1);
  const twice = await tryCommand('filesize', '--option', 'file=x', '--file', `file=${PHOTO}`);
  expect(twice.stderr).toContain('cmd-tui try: option file is given both --option and --file: an ATTACHMENT option takes --file, any other --option\n');
  expect(twice.code).toBe(2);
  const withAutocomplete = await tryCommand('weather', '--option', 'city=P', '--autocomplete', 'city', '--file', `file=${PHOTO}`);
  expect(withAutocomplete.stderr).toContain('cmd-tui try: --file goes with the command, not with --autocomplete');
  const asText = await tryCommand('filesize', '--option', 'file=photo.png');
  expect(asText.stderr).toContain('option "file" (ATTACHMENT) takes a file the client uploads, not text: give it with --file file=PATH');
});

it("the TUI's Try screen uploads the file typed into an ATTACHMENT option, and shows the bot's reply", { timeout: 60_000 }, async () => {
  const tui = runs.start(['--api', serve().baseUrl], { columns: 120, rows: 30 }, { DISCORD_BOT_TOKEN: serve().botToken, CMD_TUI_EMULATOR_SECRET: serve().controlSecret });
  await tui.waitFor((screen) => /^\s*▸?slash\s/m.test(screen), 'the command list', 20_000);
  await tui.filterTo('filesize');
  await tui.press('tryCommand', 'list');
  await tui.waitFor((screen) => /In channel\s+#general/.test(screen), 'the member and channel the client starts with');
  expect(tui.screen()).toMatch(/▸ file\*[^\n]*Any file · ATTACHMENT · a local file/);
  await tui.type(PHOTO);
  await tui.press('send', 'try');
  await tui.waitForText('holiday photo.png: 3000 bytes of image/png.', 15_000);
});
