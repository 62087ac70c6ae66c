import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';

// The built binary, as a user or a CI job runs it: routing, exit codes, and no token in any output.
const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome({}, 'file');

describe('scriptable commands through dist/cli.js', () => {
  it('export then plan shows zero changes, with credentials from the environment', async () => {
    const env = { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken };
    const exported = await runCli(['export', '--api', emulator().baseUrl, '-o', 'global.json'], { env, cwd: home.home });
    expect(exported.code).toBe(0);
    const plan = await runCli(['plan', 'global.json', '--json', '--api', emulator().baseUrl], { env, cwd: home.home });
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ create: [], update: [], delete: [], createsUsed: 0 });
    for (const output of [exported, plan]) expect(output.stdout + output.stderr).not.toContain(emulator().botToken);
  });

  it('backups --json is an empty array before any change', async () => {
    const result = await runCli(['backups', '--json'], { env: home.env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  it('exits 2 with the usage when FILE is missing, and 4 without credentials', async () => {
    const usage = await runCli(['plan'], { env: home.env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: cmd-tui plan FILE');
    const noCredentials = await runCli(['list', '--api', emulator().baseUrl], { env: home.env });
    expect(noCredentials.code).toBe(4);
    expect(noCredentials.stderr).toMatch(/cmd-tui list: .+/);
  });
});
