/** `cmd-tui perms` through the built binary, as a user runs it, against the emulator. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';
import { resetEmulator } from './emulator-requests.js';

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;

beforeEach(async () => {
  await resetEmulator(emulator());
  home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
});
afterEach(() => home.cleanup());

const target = () => ['--api', emulator().baseUrl, '--app', emulator().applicationId];

describe('cmd-tui perms (binary)', () => {
  it('lists a guild\'s overwrites as JSON for scripts', async () => {
    const guildId = emulator().guildIds[1]!;
    const result = await runCli(['perms', 'list', '--guild', guildId, '--command', 'race', '--json', ...target()], { env: home.env });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { entries: { label: string; overwrites: { type: string; permission: boolean; target: string }[] }[] };
    expect(report.entries.map((e) => e.label)).toEqual(['/race']);
    expect(report.entries[0]!.overwrites).toEqual([
      expect.objectContaining({ type: 'channel', permission: false, target: '#general' }),
      expect.objectContaining({ type: 'user', permission: true, target: '@Ada (admin)' }),
    ]);
    expect(result.stdout + result.stderr).not.toContain(emulator().botToken);
  });

  it('refuses to edit with only a bot token, naming the sign-in to run', async () => {
    const result = await runCli(['perms', 'set', '--guild', emulator().guildIds[1]!, '--command', 'race', '--allow', 'everyone', '--yes', ...target()], { env: home.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Discord only accepts a signed-in user here');
    expect(result.stderr).toContain('`cmd-tui auth login --preset permissions`');
    expect(result.stdout + result.stderr).not.toContain(emulator().botToken);
  });

  it('explains a malformed target with the usage', async () => {
    const result = await runCli(['perms', 'set', '--guild', '1', '--command', 'race', '--deny', 'moderators', ...target()], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"moderators" is not a target; write role:ID, user:ID, channel:ID, everyone or all-channels.');
    expect(result.stderr).toContain('Usage: cmd-tui perms list');
  });
});
