/**
 * Profiles in the terminal UI: the built binary in tmux, two emulators as a dev bot and a prod bot.
 * The header names the profile; `P` switches to the other one without leaving the app.
 */
import { afterAll, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { TmuxSession } from './helpers/tmux.js';
import { tempFolder } from '../helpers/temp-folder.js';

const prod = useEmulator({ seed: 'demo' });
const dev = useEmulator({ seed: 'empty' });
const home = tempFolder('cmd-tui-profiles-e2e-');
let tui: TmuxSession | undefined;
afterAll(() => {
  tui?.kill();
});

it('the header names the profile and P switches to another profile’s app and token', { timeout: 60_000 }, async () => {
  const env = { CMD_TUI_HOME: home };
  const cli = async (args: string[], input?: string) => {
    const result = await runCli(args, { env: { ...process.env, ...env, DISCORD_BOT_TOKEN: '' }, ...(input === undefined ? {} : { input }) });
    expect(result.code, result.stderr).toBe(0);
  };
  await cli(['profile', 'add', 'prod', '--api', prod().baseUrl]);
  await cli(['profile', 'add', 'dev', '--api', dev().baseUrl]);
  await cli(['auth', 'set-bot-token', '--profile', 'prod'], `${prod().botToken}\n`);
  await cli(['auth', 'set-bot-token', '--profile', 'dev'], `${dev().botToken}\n`);

  tui = new TmuxSession([process.execPath, CLI_PATH], { columns: 110, rows: 24, cwd: home, env: { ...env, NO_COLOR: '1', TERM: 'xterm-256color' } });
  const first = await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
  expect(first).toMatch(new RegExp(`profile prod\\s+API local ${prod().baseUrl.replace(/[.]/g, '\\.')}`));
  expect(first).toContain(`app id ${prod().applicationId}`);

  await tui.key('P');
  await tui.waitForText('Switch profile');
  await tui.waitFor((s) => /prod\s+\(in use\)/.test(s), 'the profile list');
  await tui.key('up');
  await tui.key('enter');
  const switched = await tui.waitFor((s) => /^profile dev\s+API/m.test(s), 'the header of the dev profile');
  expect(switched).toContain(`app id ${dev().applicationId}`);
  await tui.waitForText('No commands in Global yet.');
});

it('--profile opens the TUI in the profile’s default guild, and --api elsewhere says no profile instead of naming the current one', { timeout: 60_000 }, async () => {
  const env = { CMD_TUI_HOME: home };
  const guildId = prod().guildIds[0]!;
  const added = await runCli(['profile', 'add', 'guilded', '--api', prod().baseUrl, '--guild', guildId], { env: { ...process.env, ...env } });
  expect(added.code, added.stderr).toBe(0);
  const stored = await runCli(['auth', 'set-bot-token', '--profile', 'guilded'], { env: { ...process.env, ...env, DISCORD_BOT_TOKEN: '' }, input: `${prod().botToken}\n` });
  expect(stored.code, stored.stderr).toBe(0);

  tui?.kill();
  tui = new TmuxSession([process.execPath, CLI_PATH, '--profile', 'guilded'], { columns: 110, rows: 24, cwd: home, env: { ...env, NO_COLOR: '1', TERM: 'xterm-256color' } });
  const inGuild = await tui.waitFor((s) => /^slash\s/m.test(s) && /scope Guild /.test(s), 'the list of the default guild', 20_000);
  expect(inGuild).toMatch(/^profile guilded\s+API local/m);
  expect(inGuild).not.toContain('scope Global');

  // The current profile is prod; --api names the dev server, which is not prod's.
  tui.kill();
  tui = new TmuxSession([process.execPath, CLI_PATH, '--api', dev().baseUrl], { columns: 110, rows: 24, cwd: home, env: { ...env, DISCORD_BOT_TOKEN: dev().botToken, NO_COLOR: '1', TERM: 'xterm-256color' } });
  const elsewhere = await tui.waitFor((s) => /No commands in Global yet\./.test(s), 'the dev server’s empty list', 20_000);
  expect(elsewhere).toMatch(new RegExp(`^no profile\\s+API local ${dev().baseUrl.replace(/[.]/g, '\\.')}`, 'm'));
  expect(elsewhere).not.toContain('profile prod');
});
