/**
 * A token exported in the shell wins over a stored one in every command. Storing one while such a
 * variable is set says so at once, instead of the next command failing on the exported token (the
 * README's profiles example met exactly that after an earlier example exported DISCORD_BOT_TOKEN).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';

const served = useServe();
let home: string;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cmd-tui-env-override-'));
  // What the project reads is cleared (undefined keys are left out of a child's environment), then set on purpose.
  const cleared = Object.fromEntries(Object.keys(process.env).filter((key) => /^(XDG_|CMD_TUI_|DISCORD_)|^(NO_COLOR|FORCE_COLOR|CI)$/.test(key)).map((key) => [key, undefined]));
  env = { ...cleared, HOME: home, CMD_TUI_HOME: home, CMD_TUI_SECRET_STORE: 'file' };
});
afterEach(() => rm(home, { recursive: true, force: true }));

const api = () => ['--api', served().baseUrl];

describe('storing credentials while the environment holds others', () => {
  it('set-bot-token stores the token and says an exported DISCORD_BOT_TOKEN is what commands here will use, never printing it', async () => {
    const result = await runCli(['auth', 'set-bot-token', ...api()], { env: { ...env, DISCORD_BOT_TOKEN: 'exported-elsewhere-token' }, input: `${served().botToken}\n` });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Stored the bot token of Pixel Pal');
    expect(result.stderr).toContain('DISCORD_BOT_TOKEN is set in this environment and overrides stored credentials');
    expect(result.stderr).toContain('`unset DISCORD_BOT_TOKEN` to use the stored bot token');
    expect(result.stdout + result.stderr).not.toContain('exported-elsewhere-token');
    expect(result.stdout + result.stderr).not.toContain(served().botToken);
  });

  it('set-client-credentials names DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET when both are set', async () => {
    const result = await runCli(['auth', 'set-client-credentials', ...api()], {
      env: { ...env, DISCORD_CLIENT_ID: served().clientId, DISCORD_CLIENT_SECRET: 'exported-secret' },
      input: `${served().clientId}\n${served().clientSecret}\n`,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set in this environment and override stored credentials');
    expect(result.stderr).toContain('`unset DISCORD_CLIENT_ID DISCORD_CLIENT_SECRET`');
    expect(result.stdout + result.stderr).not.toContain('exported-secret');
  });

  it('says nothing of the kind when the environment holds no credentials', async () => {
    const result = await runCli(['auth', 'set-bot-token', ...api()], { env, input: `${served().botToken}\n` });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('set in this environment');
  });
});
