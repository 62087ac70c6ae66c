/**
 * `cmd-tui list` counts options the way the TUI's list does (source/discord/option-count.ts): the
 * top-level ones, under the same header.
 */
import { describe, expect, it } from 'vitest';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/cli.js';
import { runCommand } from './run-command.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome();

describe('cmd-tui list', () => {
  it('shows top-level options under TOP OPTS: two groups count as 2, not the 8 options inside them', async () => {
    const result = await runCommand('list', ['--api', emulator().baseUrl], { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken });
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.split('\n');
    expect(header).toMatch(/DESCRIPTION\s+TOP OPTS\s+MEMBER PERMISSIONS/);
    const settings = rows.find((row) => /\ssettings\s/.test(row));
    expect(settings).toMatch(/Change how the bot behaves for you\s+2\s/);
  });

  it('with --with-localizations adds every translation of names and descriptions, each language named (the built binary)', async () => {
    const env = { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken };
    const plain = await runCli(['list', '--api', emulator().baseUrl], { env });
    const result = await runCli(['list', '--api', emulator().baseUrl, '--with-localizations'], { env });
    expect(result.code).toBe(0);
    expect(plain.stdout).not.toContain('LOCALE');
    expect(result.stdout).toMatch(/COMMAND\s+FIELD\s+LOCALE\s+TEXT/);
    expect(result.stdout).toMatch(/\S+\s+(name|description)\s+[a-zA-Z-]+ \([A-Z][a-z]+.*\)\s+\S/);
    expect(result.stdout).toMatch(/\d+ localizations\.\n$/);
  });
});
