/**
 * A credential Discord refused is answered with advice that can fix it, from where it came: a token
 * from the environment overrides what is stored, so "store it again" would not help; a `Bot ` prefix is
 * caught before anything is sent, as no sign-in stands in for a bot token.
 */
import { describe, expect, it } from 'vitest';
import { refusedCredentialHint } from '../../source/api/credential-origin.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();

async function list(env: NodeJS.ProcessEnv) {
  const home = await isolatedHome(env);
  try {
    return await runCli(['list', '--api', emulator().baseUrl], { env: home.env });
  } finally {
    await home.cleanup();
  }
}

describe('a refused credential from the environment', () => {
  it('DISCORD_BOT_TOKEN: fix or unset it, not "set it again"', async () => {
    const result = await list({ DISCORD_BOT_TOKEN: 'emu-bot-fake-refused-token-0123456789' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('DISCORD_BOT_TOKEN from the environment was refused: fix or unset it');
    expect(result.stderr).not.toContain('set it again');
  });

  it('DISCORD_CLIENT_SECRET: fix or unset them', async () => {
    const result = await list({ DISCORD_CLIENT_ID: emulator().clientId, DISCORD_CLIENT_SECRET: 'fake-refused-secret' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('invalid_client');
    expect(result.stderr).toContain('DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET from the environment were refused: fix or unset them');
  });

  it('"Bot <token>": says to drop the prefix, before anything is sent', async () => {
    const result = await list({ DISCORD_BOT_TOKEN: `Bot ${emulator().botToken}` });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('DISCORD_BOT_TOKEN starts with "Bot "');
    expect(result.stderr).toContain('Drop the "Bot " prefix: set DISCORD_BOT_TOKEN to the token alone.');
    expect(result.stderr).not.toContain('auth login');
    expect(result.stderr).not.toContain(emulator().botToken);
  });
});

describe('refusedCredentialHint', () => {
  it('names where a stored credential is and the command that replaces it, with its profile', () => {
    expect(refusedCredentialHint('bot', { from: 'stored', where: 'the OS keyring', profile: 'pixel-pal' })).toBe(
      'The bot token stored in the OS keyring (profile pixel-pal) was refused: set a new one with `cmd-tui auth set-bot-token --profile pixel-pal`.',
    );
    expect(refusedCredentialHint('client-credentials', { from: 'stored', where: '/home/me/.local/share/cmd-tui/secrets.json' })).toBe(
      'The client credentials stored in /home/me/.local/share/cmd-tui/secrets.json were refused: set them again with `cmd-tui auth set-client-credentials`.',
    );
    expect(refusedCredentialHint('bot', undefined)).toBeUndefined();
  });
});
