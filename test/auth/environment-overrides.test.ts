/**
 * A setter warns when a variable exported in the shell will make the next command use something else
 * than what it just stored — by the rule commands follow (auth/credential-choice.ts): another
 * application's token is set aside, so only one of the same application is warned of. The table, and
 * `auth set-bot-token --profile dev` through the built binary.
 */
import { describe, expect, it } from 'vitest';
import { environmentOverrides } from '../../source/auth/credentials.js';
import { readEnvironment } from '../../source/config/environment.js';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';

/** Obviously fake Discord-shaped bot tokens: the bot's id in base64, a stamp, 27 letters. */
const tokenOf = (id: string, letter: string) => `${Buffer.from(id).toString('base64').replace(/=+$/, '')}.AAAAAA.${letter.repeat(27)}`;
const APP = '111111111111111111';
const STORED_BOT = tokenOf(APP, 's');
const SAME_APPS_BOT = tokenOf(APP, 'n');
const OTHER_BOT = tokenOf('222222222222222222', 'o');
const pair = { clientId: APP, clientSecret: 'stored-secret' };

describe('which exported variables win over what was just stored (by the rule, auth/credential-choice.ts)', () => {
  it.each([
    ['nothing exported', {}, { applicationId: APP, botToken: STORED_BOT, profile: 'dev' }, []],
    ['the same token exported', { DISCORD_BOT_TOKEN: STORED_BOT }, { applicationId: APP, botToken: STORED_BOT }, []],
    ['an empty variable (unset)', { DISCORD_BOT_TOKEN: '', CMD_TUI_PROFILE: ' ', DISCORD_CLIENT_ID: '' }, { applicationId: APP, botToken: STORED_BOT, profile: 'dev' }, []],
    [
      "another token of the same application",
      { DISCORD_BOT_TOKEN: SAME_APPS_BOT },
      { applicationId: APP, botToken: STORED_BOT },
      ['DISCORD_BOT_TOKEN is set in this shell to a token of the same application, and commands use it instead of the bot token just stored: `unset DISCORD_BOT_TOKEN` to use the stored one.'],
    ],
    ["another application's token: set aside, so nothing to warn of", { DISCORD_BOT_TOKEN: OTHER_BOT }, { applicationId: APP, botToken: STORED_BOT }, []],
    [
      'another client pair of the same application',
      { DISCORD_CLIENT_ID: APP, DISCORD_CLIENT_SECRET: 'other' },
      { applicationId: APP, clientCredentials: pair },
      ['DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set in this shell for the same application, and commands use them instead of the client credentials just stored: `unset DISCORD_CLIENT_ID DISCORD_CLIENT_SECRET` to use the stored ones.'],
    ],
    [
      "the application's bot token over stored client credentials",
      { DISCORD_BOT_TOKEN: SAME_APPS_BOT },
      { applicationId: APP, clientCredentials: pair },
      ['DISCORD_BOT_TOKEN is set in this shell to a token of the same application, and commands use that bot token, not the client credentials just stored: `unset DISCORD_BOT_TOKEN` to use them.'],
    ],
    ["another application's client id: set aside", { DISCORD_CLIENT_ID: '222222222222222222' }, { applicationId: APP, botToken: STORED_BOT }, []],
    ['a sign-in just stored, and another application\'s token', { DISCORD_BOT_TOKEN: OTHER_BOT }, { applicationId: APP, signedIn: true }, []],
    ['another profile', { CMD_TUI_PROFILE: 'prod' }, { applicationId: APP, profile: 'dev' }, ['CMD_TUI_PROFILE is set in this shell to prod, so commands without --profile use that profile, not dev: `unset CMD_TUI_PROFILE`, or add --profile dev.']],
  ] as const)('%s', (_case, env, stored, expected) => {
    expect(environmentOverrides(readEnvironment(env, 'linux'), stored)).toEqual(expected);
  });

  it('says how to unset one in PowerShell on Windows', () => {
    expect(environmentOverrides(readEnvironment({ DISCORD_BOT_TOKEN: SAME_APPS_BOT }, 'win32'), { applicationId: APP, botToken: STORED_BOT })[0]).toContain('`Remove-Item Env:DISCORD_BOT_TOKEN` to use the stored one');
  });

  it('never quotes a secret', () => {
    const told = environmentOverrides(readEnvironment({ DISCORD_BOT_TOKEN: SAME_APPS_BOT, DISCORD_CLIENT_ID: APP, DISCORD_CLIENT_SECRET: 'other-secret' }, 'linux'), { applicationId: APP, botToken: STORED_BOT, clientCredentials: pair }).join('\n');
    expect(told).not.toBe('');
    for (const secret of [SAME_APPS_BOT, STORED_BOT, 'other-secret', 'stored-secret']) expect(told).not.toContain(secret);
  });
});

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome({ CMD_TUI_SECRET_STORE: 'file' });

describe('auth set-bot-token --profile dev in a shell that exports others', () => {
  it("stores the token, warns of CMD_TUI_PROFILE, and not of another application's token, which commands set aside", async () => {
    const env = { ...home.env, DISCORD_BOT_TOKEN: OTHER_BOT, CMD_TUI_PROFILE: 'prod' };
    const result = await runCli(['auth', 'set-bot-token', '--profile', 'dev', '--api', emulator().baseUrl], { env, input: `${emulator().botToken}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('under the profile dev');
    expect(result.stderr).not.toContain('DISCORD_BOT_TOKEN');
    expect(result.stderr).toContain('cmd-tui: warning: CMD_TUI_PROFILE is set in this shell to prod, so commands without --profile use that profile, not dev');
    expect(result.stdout + result.stderr).not.toContain(OTHER_BOT.slice(-20));
  });

  it("warns when the exported token is the same application's, which commands use", async () => {
    // The emulator's bot token, exported: the token of the very bot whose token is stored.
    const exported = emulator().botToken;
    const first = await runCli(['auth', 'set-bot-token', '--profile', 'dev', '--api', emulator().baseUrl], { env: home.env, input: `${emulator().botToken}\n` });
    expect(first.code, first.stderr).toBe(0);
    const [id, stamp] = exported.split('.');
    const sameBot = `${id}.${stamp}.${'z'.repeat(38)}`;
    const result = await runCli(['auth', 'set-bot-token', '--profile', 'dev', '--api', emulator().baseUrl], { env: { ...home.env, DISCORD_BOT_TOKEN: sameBot }, input: `${emulator().botToken}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('cmd-tui: warning: DISCORD_BOT_TOKEN is set in this shell to a token of the same application, and commands use it instead of the bot token just stored');
  });

  it('says nothing more when nothing overrides it', async () => {
    const result = await runCli(['auth', 'set-bot-token', '--profile', 'dev', '--api', emulator().baseUrl], { env: home.env, input: `${emulator().botToken}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('warning');
  });
});
