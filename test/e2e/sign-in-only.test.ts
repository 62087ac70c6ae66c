/**
 * Only a browser sign-in stored (no bot token, no client credentials), against a real `cmd-tui serve`
 * in a real terminal: the TUI opens on the guilds the user manages, lists a guild's command
 * permissions by command id, says why names are missing and how to add a bot token, and saves one
 * added overwrite through the usual save path — checked on the server with the bot token.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import { appPaths } from '../../source/config/paths.js';
import { GLOBAL_SCOPE, guildScope } from '../../source/discord/model.js';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { CLI_PATH } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { signInAdmin } from '../commands/restore-fixture.js';
import { TmuxSession } from './helpers/tmux.js';
import { tempFolder } from '../helpers/temp-folder.js';

const served = useServe();
let tui: TmuxSession | undefined;
const home = tempFolder('cmd-tui-sign-in-only-');
afterAll(() => {
  tui?.kill();
});

const press = (action: Action) => tui!.press(action);
const ADDED_USER = '987654321098765432';

it('with only a browser sign-in, lists a guild’s command permissions by id and saves an added overwrite', async () => {
  expect(existsSync(CLI_PATH), 'run `npm run build` first').toBe(true);
  const serve = served();
  const env = { CMD_TUI_HOME: home, CMD_TUI_SECRET_STORE: 'file' };
  await signInAdmin(serve, env);
  const bot = await createDiscordApi({ baseUrl: serve.baseUrl, applicationId: serve.applicationId, credentials: { botToken: serve.botToken } });
  const guildId = (await bot.listCurrentUserGuilds()).find((guild) => guild.name === 'Pixel Pal HQ')!.id;
  const modTools = [...(await bot.listCommands(guildScope(guildId))), ...(await bot.listCommands(GLOBAL_SCOPE))].find((command) => command.name === 'mod-tools')!;

  tui = new TmuxSession([process.execPath, CLI_PATH, '--api', serve.baseUrl], { columns: 120, rows: 36, cwd: home, env: { ...env, NO_COLOR: '1', TERM: 'xterm-256color' } });
  const first = await tui.waitForText('Guilds you manage', 20_000);
  expect(first).toContain('Discord gives a user sign-in no command list');
  expect(first).toContain('cmd-tui auth set-bot-token');
  expect(first).toMatch(/Off until then.*n new · e edit · d delete/);

  await press('filter');
  await tui.type('Pixel Pal HQ');
  await tui.waitFor((s) => /▸ Pixel Pal HQ/.test(s), 'the guild');
  await press('filterDone');
  await press('open');
  const listed = await tui.waitForText(`command ${modTools.id}`);
  expect(listed).toContain('Command permissions in Pixel Pal HQ');
  expect(listed).toContain('all commands (app-level defaults)');

  // Opened by its id, as a user pastes one copied from Discord.
  await press('openById');
  await tui.waitForText('by its id');
  await tui.type(modTools.id);
  await tui.waitFor((s) => new RegExp(`▸ command ${modTools.id}`).test(s), 'the command by id');
  await press('select');
  await tui.waitForText(`Overwrites of command ${modTools.id} in Pixel Pal HQ · 3/100`);

  await press('addOverwrite');
  await tui.waitForText(`Add an overwrite to command ${modTools.id}`);
  await tui.type(`user:${ADDED_USER}`);
  await tui.waitFor((s) => new RegExp(`▸ .*${ADDED_USER}`).test(s), 'the typed user id');
  await press('select');
  await tui.waitForText('4/100 · unsaved: 1 added');

  await press('save');
  await tui.waitForText(`Replace the overwrites of command ${modTools.id} in Pixel Pal HQ?`);
  await press('toggleButton');
  await press('confirm');
  await tui.waitForText(`Saved 1 added; command ${modTools.id} now has 4/100 overwrites. Backup:`);

  const onServer = await bot.getCommandPermissions(guildId, modTools.id);
  expect(onServer?.permissions).toContainEqual({ id: ADDED_USER, type: 2, permission: true });

  // The backup it took holds the overwrites only, in the format restore refuses.
  const folder = appPaths(env, process.platform).backups;
  const backups = readdirSync(folder);
  expect(backups).toHaveLength(1);
  expect(JSON.parse(readFileSync(join(folder, backups[0]!), 'utf8'))).toMatchObject({ format: 'cmd-tui/overwrites-backup' });
  await press('quit');
}, 90_000);
