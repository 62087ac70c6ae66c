/**
 * A setter warns when a variable exported in the shell will make the next command use something else
 * than what it just stored (the README's profiles block broke on a DISCORD_BOT_TOKEN exported earlier):
 * the rule table, and `auth set-bot-token --profile dev` through the built binary.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { environmentOverrides } from '../../source/auth/credentials.js';
import { readEnvironment } from '../../source/config/environment.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';

const STORED_BOT = 'STORED0000000000000000.AAAAAA.storedstoredstoredstored00';
const OTHER_BOT = 'OTHER00000000000000000.BBBBBB.otherotherotherotherother00';
const pair = { clientId: '111', clientSecret: 'stored-secret' };

describe('which exported variables win over what was just stored', () => {
  it.each([
    ['nothing exported', {}, { applicationId: '111', botToken: STORED_BOT, profile: 'dev' }, []],
    ['the same token exported', { DISCORD_BOT_TOKEN: STORED_BOT }, { applicationId: '111', botToken: STORED_BOT }, []],
    ['an empty variable (unset)', { DISCORD_BOT_TOKEN: '', CMD_TUI_PROFILE: ' ', DISCORD_CLIENT_ID: '' }, { applicationId: '111', botToken: STORED_BOT, profile: 'dev' }, []],
    ['another bot token', { DISCORD_BOT_TOKEN: OTHER_BOT }, { applicationId: '111', botToken: STORED_BOT }, ['DISCORD_BOT_TOKEN is set in this shell, and commands use it instead of the bot token just stored: `unset DISCORD_BOT_TOKEN` to use the stored one.']],
    [
      'another client pair',
      { DISCORD_CLIENT_ID: '111', DISCORD_CLIENT_SECRET: 'other' },
      { applicationId: '111', clientCredentials: pair },
      ['DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set in this shell, and commands use them instead of the client credentials just stored: `unset DISCORD_CLIENT_ID DISCORD_CLIENT_SECRET` to use the stored ones.'],
    ],
    ['a bot token over stored client credentials', { DISCORD_BOT_TOKEN: OTHER_BOT }, { applicationId: '111', clientCredentials: pair }, ['DISCORD_BOT_TOKEN is set in this shell, and commands use that bot token, not the client credentials just stored: `unset DISCORD_BOT_TOKEN` to use them.']],
    [
      'another application',
      { DISCORD_CLIENT_ID: '222' },
      { applicationId: '111', botToken: STORED_BOT },
      ["DISCORD_CLIENT_ID is set in this shell to application 222, so commands use that application's credentials, not those just stored for 111: `unset DISCORD_CLIENT_ID`."],
    ],
    ['another profile', { CMD_TUI_PROFILE: 'prod' }, { applicationId: '111', profile: 'dev' }, ['CMD_TUI_PROFILE is set in this shell to prod, so commands without --profile use that profile, not dev: `unset CMD_TUI_PROFILE`, or add --profile dev.']],
  ] as const)('%s', (_case, env, stored, expected) => {
    expect(environmentOverrides(readEnvironment(env, 'linux'), stored)).toEqual(expected);
  });

  it('says how to unset one in PowerShell on Windows', () => {
    expect(environmentOverrides(readEnvironment({ DISCORD_BOT_TOKEN: OTHER_BOT }, 'win32'), { applicationId: '1', botToken: STORED_BOT })[0]).toContain('`Remove-Item Env:DISCORD_BOT_TOKEN` to use the stored one');
  });

  it('never quotes a secret', () => {
    const told = environmentOverrides(readEnvironment({ DISCORD_BOT_TOKEN: OTHER_BOT, DISCORD_CLIENT_ID: '111', DISCORD_CLIENT_SECRET: 'other-secret' }, 'linux'), { applicationId: '111', botToken: STORED_BOT, clientCredentials: pair }).join('\n');
    for (const secret of [OTHER_BOT, STORED_BOT, 'other-secret', 'stored-secret']) expect(told).not.toContain(secret);
  });
});

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;
beforeEach(async () => {
  home = await isolatedHome({ CMD_TUI_SECRET_STORE: 'file' });
});
afterEach(async () => {
  await home.cleanup();
});

describe('auth set-bot-token --profile dev in a shell that exports others', () => {
  it('stores the token and warns of each variable that overrides it', async () => {
    const env = { ...home.env, DISCORD_BOT_TOKEN: OTHER_BOT, CMD_TUI_PROFILE: 'prod' };
    const result = await runCli(['auth', 'set-bot-token', '--profile', 'dev', '--api', emulator().baseUrl], { env, input: `${emulator().botToken}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('under the profile dev');
    expect(result.stderr).toContain('cmd-tui: warning: DISCORD_BOT_TOKEN is set in this shell, and commands use it instead of the bot token just stored');
    expect(result.stderr).toContain('cmd-tui: warning: CMD_TUI_PROFILE is set in this shell to prod, so commands without --profile use that profile, not dev');
    expect(result.stdout + result.stderr).not.toContain(OTHER_BOT.slice(-20));
  });

  it('says nothing more when nothing overrides it', async () => {
    const result = await runCli(['auth', 'set-bot-token', '--profile', 'dev', '--api', emulator().baseUrl], { env: home.env, input: `${emulator().botToken}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('warning');
  });
});
