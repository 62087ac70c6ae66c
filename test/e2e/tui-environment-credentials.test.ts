/**
 * The TUI in a contributor's shell (the built binary in tmux): a profile keeps the emulator's token, and the
 * shell exports its own DISCORD_BOT_TOKEN and CMD_TUI_PROFILE. The app opens the profile's commands with
 * the stored token, the header says the variable was set aside, and the emulator never sees the shell's token.
 */
import { expect, it, onTestFinished } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { requestLog } from '../commands/emulator-requests.js';
import { TmuxSession } from './helpers/tmux.js';
import { tempFolder } from '../helpers/temp-folder.js';

const SHELL_TOKEN = `${Buffer.from('123456789012345678').toString('base64')}.AAAAAA.${'abcdefghijklmnopqrstuvwxyza'}`;
const emulator = useEmulator({ seed: 'demo' });

it("opens the profile with its stored token, says DISCORD_BOT_TOKEN was set aside, and never sends it", { timeout: 60_000 }, async () => {
  const home = tempFolder('cmd-tui-tui-env-');
  const env = { CMD_TUI_HOME: home, CMD_TUI_SECRET_STORE: 'file' };
  const cleared = { DISCORD_BOT_TOKEN: undefined, DISCORD_CLIENT_ID: undefined, DISCORD_CLIENT_SECRET: undefined, CMD_TUI_PROFILE: undefined };
  expect((await runCli(['profile', 'add', 'rehearsal', '--api', emulator().baseUrl], { env: { ...cleared, ...env } })).code).toBe(0);
  const stored = await runCli(['auth', 'set-bot-token', '--profile', 'rehearsal'], { env: { ...cleared, ...env }, input: `${emulator().botToken}\n` });
  expect(stored.code, stored.stderr).toBe(0);
  const before = (await requestLog(emulator())).length;

  const tui = new TmuxSession([process.execPath, CLI_PATH], { columns: 140, rows: 24, cwd: home, env: { ...env, DISCORD_BOT_TOKEN: SHELL_TOKEN, CMD_TUI_PROFILE: 'rehearsal', NO_COLOR: '1', TERM: 'xterm-256color' } });
  // Ended before its home is removed (a test's last-registered cleanup runs first).
  onTestFinished(() => tui.kill());
  const first = await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
  expect(first).toContain("via bot token (DISCORD_BOT_TOKEN not used: not this app's)");
  expect(first).toMatch(/^profile rehearsal\s+API/m);
  expect(first).toContain('ping');
  expect((await requestLog(emulator())).slice(before).filter((request) => request.auth === 'invalid')).toEqual([]);
});
