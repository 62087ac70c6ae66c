/**
 * An empty XDG variable is unset (the XDG spec): `XDG_CONFIG_HOME= XDG_DATA_HOME= cmd-tui auth
 * set-bot-token` in a bot's repository stored the token in ./cmd-tui/secrets.json, ready to be committed.
 * Through the built binary, with a real HOME and no CMD_TUI_HOME: nothing is written in the current folder.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { appPaths } from '../../source/config/paths.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { tempFolder } from '../helpers/temp-folder.js';

const emulator = useEmulator({ seed: 'demo' });
let root: string;
beforeEach(async () => {
  root = tempFolder('cmd-tui-xdg-');
  await mkdir(join(root, 'home'));
  await mkdir(join(root, 'repo'));
});

// HOME, and USERPROFILE and APPDATA for Windows: the folders are the platform's own (config/paths.ts).
const env = (): NodeJS.ProcessEnv => ({
  HOME: join(root, 'home'),
  USERPROFILE: join(root, 'home'),
  APPDATA: '',
  LOCALAPPDATA: '',
  CMD_TUI_HOME: '',
  XDG_CONFIG_HOME: '',
  XDG_DATA_HOME: '',
  XDG_CACHE_HOME: '',
  CMD_TUI_SECRET_STORE: 'file',
  CMD_TUI_PROFILE: '',
  DISCORD_BOT_TOKEN: '',
  DISCORD_CLIENT_ID: '',
  DISCORD_CLIENT_SECRET: '',
});

describe('empty XDG variables', () => {
  it('put the token and settings under HOME, never in the current folder', async () => {
    const stored = await runCli(['auth', 'set-bot-token', '--api', emulator().baseUrl], { env: env(), cwd: join(root, 'repo'), input: `${emulator().botToken}\n` });
    expect(stored.code, stored.stderr).toBe(0);
    const { config, data } = appPaths(env(), process.platform);
    expect(data.startsWith(join(root, 'home'))).toBe(true);
    const secrets = join(data, 'secrets.json');
    expect(stored.stdout).toContain(secrets);
    expect(existsSync(secrets)).toBe(true);
    expect(existsSync(join(config, 'settings.json'))).toBe(true);
    expect(await readdir(join(root, 'repo'))).toEqual([]);
  });

  it('a relative one too: it is ignored, as the spec says', async () => {
    const added = await runCli(['profile', 'add', 'dev'], { env: { ...env(), XDG_CONFIG_HOME: 'cfg', XDG_DATA_HOME: './data' }, cwd: join(root, 'repo') });
    expect(added.code, added.stderr).toBe(0);
    expect(existsSync(join(appPaths(env(), process.platform).config, 'settings.json'))).toBe(true);
    expect(await readdir(join(root, 'repo'))).toEqual([]);
  });
});
